/**
 * Bundles each of the three workers with `wrangler deploy --dry-run` (no upload), for development and for
 * `--env production`, and checks the production configuration's structure (scripts/lib/production-config.ts).
 * Then checks the client build (npm run build) for the search screen's first load (issue 48 point 6, decision 0063):
 * at most 150 KB gzip of JavaScript, and no zod. Fails on any error. Works offline.
 */
import path from "node:path";
import { bundleWorker } from "./lib/bundle-worker";
import { firstLoadOf } from "./lib/client-first-load";
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

/** /sok renders these routes; their files, the entry and the manifest are what it loads before any interaction. */
const SEARCH_SCREEN_ROUTES = ["root", "routes/_auth", "routes/_auth.sok"];
const SEARCH_SCREEN_BUDGET_KB = 150;
const firstLoad = firstLoadOf(path.join(ROOT, "build/client"), SEARCH_SCREEN_ROUTES);
const gzipKb = firstLoad.reduce((sum, file) => sum + file.gzipBytes, 0) / 1024;
const withZod = firstLoad.filter((file) => file.hasZod).map((file) => file.file);
const summary = `/sok's first load: ${firstLoad.length} files, ${gzipKb.toFixed(1)} KB gzip`;
if (withZod.length > 0 || gzipKb > SEARCH_SCREEN_BUDGET_KB) {
  console.error(`✗ ${summary} (at most ${SEARCH_SCREEN_BUDGET_KB} KB)${withZod.length > 0 ? `; zod in ${withZod.join(", ")}` : ""}`);
  process.exit(1);
}
console.log(`✓ ${summary}, at most ${SEARCH_SCREEN_BUDGET_KB} KB, no zod`);
