import { describe, expect, it } from "vitest";
import { SearchResultCache } from "./search-result-cache";

describe("SearchResultCache", () => {
  it("computes once, then serves from the cache; bypass recomputes and stores the fresh value", async () => {
    const cache = new SearchResultCache();
    let calls = 0;
    const compute = async () => `value-${++calls}`;
    expect(await cache.getOrCompute("a", compute)).toEqual({ value: "value-1", hit: false });
    expect(await cache.getOrCompute("a", compute)).toEqual({ value: "value-1", hit: true });
    expect(await cache.getOrCompute("a", compute, true)).toEqual({ value: "value-2", hit: false });
    expect(await cache.getOrCompute("a", compute)).toEqual({ value: "value-2", hit: true });
    expect(calls).toBe(2);
  });

  it("shares one computation between concurrent callers (single flight) and forgets failures", async () => {
    const cache = new SearchResultCache();
    let calls = 0;
    let release: (value: string) => void = () => undefined;
    const slow = () => {
      calls += 1;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const first = cache.getOrCompute("k", slow);
    const second = cache.getOrCompute("k", slow);
    release("done");
    expect(await first).toEqual({ value: "done", hit: false });
    expect(await second).toEqual({ value: "done", hit: true });
    expect(calls).toBe(1);

    await expect(cache.getOrCompute("bad", () => Promise.reject(new Error("backend down")))).rejects.toThrow("backend down");
    expect(await cache.getOrCompute("bad", async () => "recovered")).toEqual({ value: "recovered", hit: false });
  });

  it("evicts the least recently used entries beyond its entry and size limits", () => {
    const cache = new SearchResultCache({ maxEntries: 3, maxChars: 10 });
    cache.set("a", "aaa");
    cache.set("b", "bbb");
    cache.set("c", "ccc");
    expect(cache.get("a")).toBe("aaa");
    cache.set("d", "d");
    expect(cache.get("b")).toBeUndefined();
    expect(cache.size).toBe(3);
    cache.set("e", "eeeeee");
    expect([cache.get("a"), cache.get("c"), cache.get("d"), cache.get("e")]).toEqual(["aaa", undefined, "d", "eeeeee"]);
    cache.set("huge", "x".repeat(11));
    expect(cache.get("huge")).toBeUndefined();
  });
});
