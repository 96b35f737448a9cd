/**
 * Integration harness: the three real workers (web, api, export) in one local Workers runtime with real D1, R2 and
 * Queues, migrations applied. The web worker needs the Remix build (`npm run build`) first.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { createTestHarness } from "wrangler";
import type { ApiEnv } from "#api/tooling";

export const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * The workers' bundles of this test run (tests/run.ts: the bundles stage's `wrangler deploy --dry-run` keeps them), so
 * that no file bundles the three workers again; without it, each harness bundles them itself.
 */
export const PREBUILT_WORKERS_ENV = "URVAL_PREBUILT_WORKERS";

const WORKER_CONFIGS = [
  { configPath: "wrangler.toml", key: "web" },
  { configPath: "workers/api/wrangler.toml", key: "api" },
  { configPath: "workers/export/wrangler.toml", key: "export" },
] as const;

export function createUrvalHarness() {
  if (!existsSync(path.join(ROOT, "build/server/index.js"))) throw new Error("Run `npm run build` before the integration tests.");
  const prebuilt = process.env[PREBUILT_WORKERS_ENV];
  const server = createTestHarness({
    root: ROOT,
    workers: WORKER_CONFIGS.map(({ configPath, key }) => ({
      configPath,
      ...(prebuilt ? { prebuiltWorkerDir: path.join(prebuilt, key) } : {}),
    })),
  });
  const api = () => server.getWorker<ApiEnv>("urval-api");
  return {
    server,
    api,
    async start() {
      await server.listen();
      await api().applyD1Migrations("DB");
      await api().applyD1Migrations("SEARCH_DB");
    },
  };
}
