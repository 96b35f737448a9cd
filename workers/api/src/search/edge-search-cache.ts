/**
 * The search results shared by every isolate of one Cloudflare location (docs/decisions/0045): the Workers Cache API
 * (`caches.default`), keyed by backend, index version, page and the normalised search, in front of the engine and
 * behind the per-isolate result cache (search-result-cache.ts). An isolate is one of many per location and lives
 * minutes, so its own cache misses most repeats that other subscribers caused; the location's cache answers them in a
 * few milliseconds. A reindex changes the version and so every key: stale counts are never served, old entries only
 * age out. Results of a search with list files depend on a user's own files and are never put here.
 */

/** How long an entry may live (SEARCH_EDGE_CACHE_SECONDS; 0 turns the cache off). A new version never reads old ones. */
export const DEFAULT_EDGE_CACHE_SECONDS = 6 * 3600;
const MAX_EDGE_CACHE_SECONDS = 7 * 86_400;

/** The URL a cache key stands for: never fetched, only a key (the Cache API keys on GET requests). */
const KEY_ORIGIN = "https://search-results.urval.invalid";

export interface EdgeSearchCache {
  get(key: string): Promise<string | undefined>;
  put(key: string, json: string): Promise<void>;
}

/** SEARCH_EDGE_CACHE_SECONDS → seconds (an unset or unreadable value is the default; 0 is off). */
export function edgeCacheSeconds(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return DEFAULT_EDGE_CACHE_SECONDS;
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds < 0) return DEFAULT_EDGE_CACHE_SECONDS;
  return Math.min(seconds, MAX_EDGE_CACHE_SECONDS);
}

/** `caches.default` of the Workers runtime (the DOM's CacheStorage type has no `default`). */
const locationCache = () => (globalThis.caches as unknown as { default?: Cache } | undefined)?.default;

async function keyUrl(key: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(key));
  const hex = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${KEY_ORIGIN}/v1/${hex}`;
}

/** The location's cache, or null where there is none (outside the Workers runtime) or it is turned off. */
export function edgeSearchCache(seconds: number, cache: Cache | undefined = locationCache()): EdgeSearchCache | null {
  if (!cache || seconds <= 0) return null;
  return {
    async get(key) {
      const hit = await cache.match(await keyUrl(key));
      return hit ? await hit.text() : undefined;
    },
    async put(key, json) {
      const headers = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": `public, max-age=${seconds}` };
      await cache.put(await keyUrl(key), new Response(json, { headers }));
    },
  };
}
