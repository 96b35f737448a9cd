/**
 * Integration harness: the three real workers (web, api, export) in one local Workers runtime with real D1, R2 and
 * Queues, migrations applied. The web worker needs the Remix build (`npm run build`) first.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { createTestHarness, experimental_readRawConfig } from "wrangler";
import type { ApiEnv } from "#api/tooling";

export const ROOT = path.resolve(import.meta.dirname, "../..");

const API_CONFIG = path.join(ROOT, "workers/api/wrangler.toml");

/**
 * The API worker's own config with its entry replaced by the round-trip counting wrapper
 * (tests/integration/support/round-trip-counting-api.ts); the config's relative paths made absolute.
 */
function countingApiConfig() {
  const { rawConfig } = experimental_readRawConfig({ config: API_CONFIG });
  const dir = path.dirname(API_CONFIG);
  const absolute = (p: string) => path.resolve(dir, p);
  return {
    ...rawConfig,
    main: path.join(ROOT, "tests/integration/support/round-trip-counting-api.ts"),
    d1_databases: rawConfig.d1_databases?.map((d1: { migrations_dir?: string }) => ({
      ...d1,
      ...(d1.migrations_dir ? { migrations_dir: absolute(d1.migrations_dir) } : {}),
    })),
    alias: Object.fromEntries(Object.entries(rawConfig.alias ?? {}).map(([name, target]) => [name, absolute(String(target))])),
  };
}

/**
 * With `countRoundTrips`, the API worker answers with what each request did before its answer (X-Test-Round-Trips:
 * D1 reads and writes, Cache API calls; issue 48 point 1).
 */
export function createUrvalHarness(options: { countRoundTrips?: boolean } = {}) {
  if (!existsSync(path.join(ROOT, "build/server/index.js"))) throw new Error("Run `npm run build` before the integration tests.");
  const server = createTestHarness({
    root: ROOT,
    workers: [
      { configPath: "wrangler.toml" },
      options.countRoundTrips ? { config: countingApiConfig() } : { configPath: "workers/api/wrangler.toml" },
      { configPath: "workers/export/wrangler.toml" },
    ],
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
