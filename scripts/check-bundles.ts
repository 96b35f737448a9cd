/**
 * Bundles each of the three workers with `wrangler deploy --dry-run` (no upload), for development and for
 * `--env production`, and checks the production configuration's structure (scripts/lib/production-config.ts).
 * Then checks the client build (npm run build) for the first load of /sok, /, /logga-in, /exporter, /bevakningar and
 * /api-nycklar (issue 48 point 6, decision 0063): at most 150 KB gzip of JavaScript each, and no zod. Fails on any
 * error. Works offline.
 */
import path from "node:path";
import { bundleWorker } from "./lib/bundle-worker";
import { FIRST_LOADS, firstLoadOf } from "./lib/client-first-load";
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

let failed = false;
for (const { page, routes, budgetKb } of FIRST_LOADS) {
  const firstLoad = firstLoadOf(path.join(ROOT, "build/client"), routes);
  const gzipKb = firstLoad.reduce((sum, file) => sum + file.gzipBytes, 0) / 1024;
  const withZod = firstLoad.filter((file) => file.hasZod).map((file) => file.file);
  const summary = `${page}'s first load: ${firstLoad.length} files, ${gzipKb.toFixed(1)} KB gzip`;
  if (withZod.length > 0 || gzipKb > budgetKb) {
    console.error(`✗ ${summary} (at most ${budgetKb} KB)${withZod.length > 0 ? `; zod in ${withZod.join(", ")}` : ""}`);
    failed = true;
  } else console.log(`✓ ${summary}, at most ${budgetKb} KB, no zod`);
}
if (failed) process.exit(1);
