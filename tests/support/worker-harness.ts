/**
 * Integration harness: the three real workers (web, api, export) in one local Workers runtime with real D1, R2 and
 * Queues, migrations applied. The web worker needs the Remix build (`npm run build`) first.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { createTestHarness } from "wrangler";
import type { ApiEnv } from "#api/tooling";

export const ROOT = path.resolve(import.meta.dirname, "../..");

export function createUrvalHarness() {
  if (!existsSync(path.join(ROOT, "build/server/index.js"))) throw new Error("Run `npm run build` before the integration tests.");
  const server = createTestHarness({
    root: ROOT,
    workers: [{ configPath: "wrangler.toml" }, { configPath: "workers/api/wrangler.toml" }, { configPath: "workers/export/wrangler.toml" }],
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
