import { describe, expect, it } from "vitest";
import type { SearchPageAnswer } from "#shared/api-contracts/search-api";
import { emptySearch } from "#shared/search/empty-search";
import { HeldAllCounts } from "./held-all-counts";

function answer(indexVersion: number, aggregations: Record<string, Record<string, number>>): SearchPageAnswer {
  const allCounts = Object.keys(aggregations).some((name) => name.endsWith("_all")) ? "included" : "omitted";
  return {
    results: { type: "COMPANY", hitCount: 1, records: [], aggregations, nameForOrgSeqNo: null },
    page: 0,
    search: emptySearch(),
    serializedSearch: "x",
    requestId: 1,
    response: { serverRequestId: "r" },
    indexVersion,
    allCounts,
    facetLevels: "all",
  };
}

describe("HeldAllCounts", () => {
  it("holds nothing at first, then the version of an answer with the _all counts", () => {
    const held = new HeldAllCounts();
    expect(held.held()).toBeNull();
    expect(held.complete(answer(3, { sni: { A: 1 } }))).toBeNull();
    held.remember(answer(3, { sni: { A: 1 }, sni_all: { A: 5 } }));
    expect(held.held()).toBe(3);
  });

  it("puts the held counts back into an answer that left them out, and keeps the two newest versions", () => {
    const held = new HeldAllCounts();
    const first = answer(3, { sni: { A: 1 }, sni_all: { A: 5 } });
    expect(held.complete(first)).toBe(first);
    expect(held.complete(answer(3, { sni: { A: 2 } }))?.results.aggregations).toEqual({ sni: { A: 2 }, sni_all: { A: 5 } });
    expect(held.complete(answer(3, { sni: { A: 2 } }))?.allCounts).toBe("included");
    held.remember(answer(4, { sni_all: { A: 6 } }));
    expect(held.held()).toBe(4);
    expect(held.complete(answer(3, { sni: { A: 2 } }))?.results.aggregations.sni_all).toEqual({ A: 5 });
    held.remember(answer(5, { sni_all: { A: 7 } }));
    expect(held.complete(answer(3, { sni: { A: 2 } }))).toBeNull();
    expect(held.complete(answer(4, { sni: { A: 2 } }))?.results.aggregations.sni_all).toEqual({ A: 6 });
  });
});
