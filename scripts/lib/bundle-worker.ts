/** `wrangler deploy --dry-run` of one worker config (bundles it, uploads nothing); offline. */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Bundles one config into a temporary directory and returns wrangler's size line. */
export function bundleWorker(config: string, env?: string): string {
  const outdir = mkdtempSync(path.join(tmpdir(), "urval-bundle-"));
  try {
    const args = ["deploy", "--dry-run", "--outdir", outdir, "-c", config, ...(env ? ["--env", env] : [])];
    const output = execFileSync(path.join(ROOT, "node_modules/.bin/wrangler"), args, {
      cwd: ROOT,
      encoding: "utf8",
      env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
      // wrangler warns (on stderr) about the dev-only vars production leaves out on purpose; errors still fail.
      stdio: ["ignore", "pipe", "pipe"],
    });
    return /Total Upload: ([^\n]+)/.exec(output)?.[1] ?? "?";
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}
