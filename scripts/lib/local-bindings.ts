/**
 * Bindings of the local Workers runtime for operator and developer CLIs, on the same persisted state that
 * `npm start` (wrangler dev --persist-to .wrangler/state) uses.
 */
import path from "node:path";
import { getPlatformProxy } from "wrangler";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const PERSIST_DIR = path.resolve(ROOT, process.env.URVAL_STATE_DIR ?? ".wrangler/state");
export const API_CONFIG = path.join(ROOT, "workers/api/wrangler.toml");

export interface LocalBindings {
  DB: D1Database;
  SEARCH_DB: D1Database;
  EXPORTS: R2Bucket;
}

/** Opens the API worker's bindings; call dispose() when done. */
export async function openLocalBindings(persistDir = PERSIST_DIR) {
  const proxy = await getPlatformProxy<LocalBindings>({ configPath: API_CONFIG, persist: { path: path.join(persistDir, "v3") } });
  return { env: proxy.env, dispose: () => proxy.dispose() };
}
