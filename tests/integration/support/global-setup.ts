/**
 * Vitest global setup of the integration project: bundles the harness's workers once for the run
 * (tests/support/prebuilt-workers.ts) instead of once per test file, and hands the directory to the test workers in
 * the environment. Each file still starts a runtime of its own on those bundles. The directory is the run's own
 * (two runs of the project, such as npm test's integration and cluster-faults stages, run side by side) and goes at
 * the end.
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { buildWorkers, PREBUILT_WORKERS_ENV, ROOT } from "../../support/prebuilt-workers";

export default async function setup(): Promise<() => void> {
  const dir = path.join(ROOT, ".wrangler/tmp", `integration-workers-${process.pid}`);
  const started = Date.now();
  await buildWorkers(dir);
  console.log(`[integration] workers bundled once for the run in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.env[PREBUILT_WORKERS_ENV] = dir;
  return () => {
    delete process.env[PREBUILT_WORKERS_ENV];
    rmSync(dir, { recursive: true, force: true });
  };
}
