/**
 * Per-isolate cache of search results (the `results` part of a search page, already contract-checked and serialised),
 * keyed by backend, index version, the normalised search in its `vad` form and the page. Searches repeat a lot: every
 * start page runs the default search, paging re-runs the same search, and the sidebar re-runs a search when a filter is
 * toggled back. Results depend on nothing else: list files are immutable per id and their ownership is checked before
 * the cache is consulted, and no per-user field is in `results`. A reindex changes the version, so old entries are never
 * served again and age out. Concurrent identical searches share one backend call (single flight).
 * See docs/decisions (search result cache).
 */

export interface CacheLimits {
  /** Most entries kept. */
  maxEntries: number;
  /** Most bytes (UTF-16 length of the cached JSON, as a bound) kept. */
  maxChars: number;
}

export const DEFAULT_CACHE_LIMITS: CacheLimits = { maxEntries: 500, maxChars: 24_000_000 };

export class SearchResultCache {
  private readonly entries = new Map<string, string>();
  private readonly inFlight = new Map<string, Promise<string>>();
  private chars = 0;

  constructor(private readonly limits: CacheLimits = DEFAULT_CACHE_LIMITS) {}

  get size(): number {
    return this.entries.size;
  }

  /** The cached value (refreshed as most recently used), or undefined. */
  get(key: string): string | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: string): void {
    if (value.length > this.limits.maxChars) return;
    this.delete(key);
    this.entries.set(key, value);
    this.chars += value.length;
    for (const [oldest, old] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.chars <= this.limits.maxChars) break;
      this.entries.delete(oldest);
      this.chars -= old.length;
    }
  }

  private delete(key: string): void {
    const old = this.entries.get(key);
    if (old === undefined) return;
    this.entries.delete(key);
    this.chars -= old.length;
  }

  /**
   * The value for `key`: from the cache unless `bypass`, else computed once however many callers ask at the same time,
   * then stored. `hit` says whether the value came from the cache or another caller's computation.
   */
  async getOrCompute(key: string, compute: () => Promise<string>, bypass = false): Promise<{ value: string; hit: boolean }> {
    const cached = bypass ? undefined : this.get(key);
    if (cached !== undefined) return { value: cached, hit: true };
    const pending = bypass ? undefined : this.inFlight.get(key);
    if (pending) return { value: await pending, hit: true };
    const computing = compute();
    this.inFlight.set(key, computing);
    try {
      const value = await computing;
      this.set(key, value);
      return { value, hit: false };
    } finally {
      if (this.inFlight.get(key) === computing) this.inFlight.delete(key);
    }
  }
}
