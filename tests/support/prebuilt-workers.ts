/**
 * The integration harness's three workers (and the round-trip counting variant of the API worker), bundled once per
 * test run instead of once per test file (decision 0037, session 27).
 *
 * Each bundle is made by wrangler's own dev bundler (its DevEnv, with a runtime that only keeps the bundle), so it is
 * the bundle the harness would make for itself: the dev middleware (the one that drains an unread request body, the
 * JSON error page), checked fetch, NODE_ENV "development" and its source map. A `wrangler deploy --dry-run` bundle
 * lacks that middleware and answered a 50 MB chunked upload with a 500 (decision 0037, session 14). The harness loads
 * the directories as `prebuiltWorkerDir`s (tests/support/worker-harness.ts).
 */
import { cpSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { unstable_DevEnv as DevEnv, unstable_readConfig as readConfig } from "wrangler";

export const ROOT = path.resolve(import.meta.dirname, "../..");

/** The environment variable through which a test run's global setup hands its bundles to the harnesses. */
export const PREBUILT_WORKERS_ENV = "URVAL_PREBUILT_WORKERS";

/** The config of each bundled worker, relative to ROOT, and the directory of its bundle under the run's directory. */
export const WORKERS = {
  web: "wrangler.toml",
  api: "workers/api/wrangler.toml",
  export: "workers/export/wrangler.toml",
} as const;
export type BundledWorker = keyof typeof WORKERS | "countingApi";

/** The entry of the API worker that counts each request's round trips (issue 48 point 1). */
export const COUNTING_API_ENTRY = path.join(ROOT, "tests/integration/support/round-trip-counting-api.ts");

type DevEnvInput = Parameters<InstanceType<typeof DevEnv>["config"]["set"]>[0];
interface Bundle {
  path: string;
  modules: unknown[];
}

/**
 * Bundles one worker as `wrangler dev` (and the test harness) would, into `outDir`: `<entry name>.js` and its map.
 * `config` is a config file, or a config already read (the counting variant: the API worker's with another entry).
 */
async function bundleWorker(config: DevEnvInput["config"], outDir: string): Promise<void> {
  let keep!: (bundle: Bundle) => void;
  let fail!: (error: unknown) => void;
  const bundled = new Promise<Bundle>((resolve, reject) => {
    keep = resolve;
    fail = reject;
  });
  // A runtime that only keeps the bundle, and a proxy that does nothing: no workerd is started.
  const runtime = {
    onBundleStart() {},
    onBundleComplete(event: { bundle: Bundle }) {
      keep(event.bundle);
    },
    onPreviewTokenExpired() {},
    async teardown() {},
  };
  const proxy = {
    onConfigUpdate() {},
    onBundleStart() {},
    onReloadStart() {},
    onReloadComplete() {},
    async teardown() {},
  };
  const devEnv = new DevEnv({
    runtimeFactories: [() => runtime as never],
    proxyFactory: () => proxy as never,
  });
  devEnv.on("error", fail);
  devEnv.on("buildFailed", (event: { cause?: unknown }) => fail(event.cause ?? event));
  try {
    // The dev options of the test harness (wrangler's createTestHarness) that reach the bundler: no watching, local.
    await devEnv.config.set(
      {
        config,
        dev: { watch: false, persist: false, inspector: false, logLevel: "none", server: { hostname: "127.0.0.1", port: 0 } },
      } as DevEnvInput,
      true,
    );
    const bundle = await bundled;
    // Modules the bundler collected beside the entry (wasm, text) would not be in its directory; these workers have none.
    if (bundle.modules.length > 0) throw new Error(`${bundle.path}: ${bundle.modules.length} collected modules are not supported`);
    mkdirSync(outDir, { recursive: true });
    // The bundler's directory holds the entry and its source map (whose paths are absolute: it can move).
    cpSync(path.dirname(bundle.path), outDir, { recursive: true });
  } finally {
    await devEnv.teardown();
  }
}

/** Bundles the harness's workers into `dir` (one directory per worker, see `prebuiltDir`), one after another. */
export async function buildWorkers(dir: string): Promise<void> {
  rmSync(dir, { recursive: true, force: true });
  for (const [name, config] of Object.entries(WORKERS)) await bundleWorker(path.join(ROOT, config), path.join(dir, name));
  const api = readConfig({ config: path.join(ROOT, WORKERS.api) });
  await bundleWorker({ ...api, main: COUNTING_API_ENTRY }, path.join(dir, "countingApi"));
}

/** The directory of a worker's bundle in this run, when the run's global setup made them. */
export function prebuiltDir(worker: BundledWorker): string | undefined {
  const dir = process.env[PREBUILT_WORKERS_ENV];
  return dir ? path.join(dir, worker) : undefined;
}
