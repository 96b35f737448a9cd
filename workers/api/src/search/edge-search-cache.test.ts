import { describe, expect, it } from "vitest";
import { DEFAULT_EDGE_CACHE_SECONDS, edgeCacheSeconds, edgeSearchCache } from "./edge-search-cache";

describe("SEARCH_EDGE_CACHE_SECONDS", () => {
  it("reads whole seconds, 0 as off, caps at a week and falls back to the default for anything else", () => {
    expect(edgeCacheSeconds(undefined)).toBe(DEFAULT_EDGE_CACHE_SECONDS);
    expect(edgeCacheSeconds(" ")).toBe(DEFAULT_EDGE_CACHE_SECONDS);
    expect(edgeCacheSeconds("600")).toBe(600);
    expect(edgeCacheSeconds("0")).toBe(0);
    expect(edgeCacheSeconds("99999999")).toBe(7 * 86_400);
    for (const bad of ["-1", "1.5", "ten", "1e3x"]) expect(edgeCacheSeconds(bad), bad).toBe(DEFAULT_EDGE_CACHE_SECONDS);
  });

  it("gives no cache outside the Workers runtime or when turned off", () => {
    expect(edgeSearchCache(600)).toBeNull();
    expect(edgeSearchCache(0, {} as Cache)).toBeNull();
  });
});
