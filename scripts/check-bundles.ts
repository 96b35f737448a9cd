/** Bundles each of the three workers with `wrangler deploy --dry-run` (no upload) and fails on any error. */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const CONFIGS = ["wrangler.toml", "workers/api/wrangler.toml", "workers/export/wrangler.toml"];

for (const config of CONFIGS) {
  const outdir = mkdtempSync(path.join(tmpdir(), "urval-bundle-"));
  try {
    const output = execFileSync(path.join(ROOT, "node_modules/.bin/wrangler"), ["deploy", "--dry-run", "--outdir", outdir, "-c", config], {
      cwd: ROOT,
      encoding: "utf8",
      env: { ...process.env, CI: "true" },
    });
    const size = /Total Upload: ([^\n]+)/.exec(output)?.[1] ?? "?";
    console.log(`✓ ${config} bundles (${size})`);
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}
