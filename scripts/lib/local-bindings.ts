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

/**
 * The environment `wrangler dev` runs the product in (npm start, the end-to-end and resilience stacks). Wrangler
 * replaces `process.env.NODE_ENV` in the bundles with this process's NODE_ENV, or "development" when it is unset, and
 * React then renders with its development build: prop-type validation and jsxDEV on every element, about twice the
 * CPU of a server-rendered page (docs/decisions/0029). `wrangler deploy` bundles "production"; so does the local
 * product unless the caller asks otherwise (NODE_ENV=development npm start, for React's warnings).
 */
export function wranglerDevEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, NODE_ENV: process.env.NODE_ENV ?? "production", ...extra };
}

/**
 * `--inspector-port` for every `wrangler dev` we start. Left to itself, each wrangler checks that 9229 is free and
 * binds it moments later, so two stacks starting together (the end-to-end stack beside a resilience stack in npm
 * test) both pick 9229 and the second exits with "Address already in use (socket "direct:1:default")", the inspector
 * proxy's socket. Port 0 lets the kernel choose, atomically; URVAL_INSPECTOR_PORT=9229 npm start gives devtools a
 * fixed one.
 */
export function wranglerInspectorArgs(): string[] {
  return ["--inspector-port", process.env.URVAL_INSPECTOR_PORT ?? "0"];
}
