/**
 * Bundles each of the three workers with `wrangler deploy --dry-run` (no upload), for development and for
 * `--env production`, and checks the production configuration's structure (scripts/lib/production-config.ts).
 * Fails on any error. Works offline.
 */
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
for (const env of [undefined, PRODUCTION_ENV]) {
  for (const { config } of [...WORKERS].reverse()) {
    console.log(`✓ ${config}${env ? ` --env ${env}` : ""} bundles (${bundleWorker(config, env)})`);
  }
}
