/**
 * Bundles each of the three workers with `wrangler deploy --dry-run` (no upload), for development and for
 * `--env production`, and checks the production configuration's structure (scripts/lib/production-config.ts).
 * Fails on any error. Works offline.
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { bundleWorker } from "./lib/bundle-worker";
import { PRODUCTION_ENV, readWorkerConfigs, structuralProblems, WORKERS } from "./lib/production-config";

const ROOT = path.resolve(import.meta.dirname, "..");

const problems = structuralProblems(readWorkerConfigs(ROOT));
if (problems.length > 0) {
  console.error(`✗ production configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
  process.exit(1);
}
console.log("✓ production configuration is consistent with development (placeholders are checked by npm run deploy)");
// URVAL_KEEP_BUNDLES=<dir> keeps the development bundles in <dir>/<worker> (the test run's integration harnesses use them).
const keep = process.env.URVAL_KEEP_BUNDLES;
if (keep) rmSync(keep, { recursive: true, force: true });
for (const env of [undefined, PRODUCTION_ENV]) {
  for (const { config, key } of [...WORKERS].reverse()) {
    const keepIn = keep && !env ? path.resolve(ROOT, keep, key) : undefined;
    console.log(`✓ ${config}${env ? ` --env ${env}` : ""} bundles (${bundleWorker(config, env, keepIn)})`);
  }
}
