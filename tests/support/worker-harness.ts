/**
 * Integration harness: the three real workers (web, api, export) in one local Workers runtime with real D1, R2 and
 * Queues, migrations applied. The web worker needs the Remix build (`npm run build`) first.
 *
 * In the integration project the workers are bundled once per run by its global setup (tests/support/prebuilt-workers.ts)
 * and each harness loads those bundles; elsewhere (a benchmark script, say) the harness bundles them itself.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { createTestHarness, experimental_readRawConfig } from "wrangler";
import type { ApiEnv } from "#api/tooling";
import { COUNTING_API_ENTRY, prebuiltDir, WORKERS } from "./prebuilt-workers";

export const ROOT = path.resolve(import.meta.dirname, "../..");

const API_CONFIG = path.join(ROOT, WORKERS.api);

/**
 * The API worker's own config with its entry replaced by the round-trip counting wrapper
 * (tests/integration/support/round-trip-counting-api.ts); the config's relative paths made absolute. With `prebuilt`
 * (the directory of that entry's bundle), the worker runs that bundle as it is, as `prebuiltWorkerDir` does.
 */
function countingApiConfig(prebuilt: string | undefined) {
  const { rawConfig } = experimental_readRawConfig({ config: API_CONFIG });
  const dir = path.dirname(API_CONFIG);
  const absolute = (p: string) => path.resolve(dir, p);
  const entry = prebuilt
    ? {
        main: path.join(prebuilt, `${path.parse(COUNTING_API_ENTRY).name}.js`),
        base_dir: prebuilt,
        no_bundle: true,
        find_additional_modules: true,
      }
    : { main: COUNTING_API_ENTRY };
  return {
    ...rawConfig,
    ...entry,
    d1_databases: rawConfig.d1_databases?.map((d1: { migrations_dir?: string }) => ({
      ...d1,
      ...(d1.migrations_dir ? { migrations_dir: absolute(d1.migrations_dir) } : {}),
    })),
    alias: Object.fromEntries(Object.entries(rawConfig.alias ?? {}).map(([name, target]) => [name, absolute(String(target))])),
  };
}

/** A worker of the harness from its config file, from the run's bundle when there is one. */
function fromConfig(worker: keyof typeof WORKERS) {
  const prebuilt = prebuiltDir(worker);
  return { configPath: WORKERS[worker], ...(prebuilt ? { prebuiltWorkerDir: prebuilt } : {}) };
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
      fromConfig("web"),
      options.countRoundTrips ? { config: countingApiConfig(prebuiltDir("countingApi")) } : fromConfig("api"),
      fromConfig("export"),
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
