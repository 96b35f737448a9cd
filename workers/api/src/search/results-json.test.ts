import { describe, expect, it } from "vitest";
import type { SearchResults } from "#shared/search/result-schemas";
import { cachedResultsText, resultsJson } from "./results-json";

function results(aggregations: SearchResults["aggregations"]): SearchResults {
  return { type: "COMPANY", hitCount: 2, records: [], aggregations, nameForOrgSeqNo: 'Bolag "Ett" \u0000 AB', didYouMean: "malmö" };
}

describe("results as cached text", () => {
  const whole = results({ sni: { A: 1, "01": 1 }, sni_all: { A: 9, "01": 4 }, fTax: { true: 2 }, fTax_all: { true: 7, false: 1 } });

  it("gives the whole results back, or all but the _all counts", () => {
    const text = cachedResultsText(whole);
    const full = resultsJson(text, true);
    expect(full.allCounts).toBe("included");
    expect(JSON.parse(full.json)).toEqual(whole);
    const held = resultsJson(text, false);
    expect(held.allCounts).toBe("omitted");
    expect(JSON.parse(held.json)).toEqual({ ...whole, aggregations: { sni: { A: 1, "01": 1 }, fTax: { true: 2 } } });
  });

  it("splices the _all counts into aggregations with no counts of their own, and gives results without any whole", () => {
    const onlyAll = results({ sni_all: { A: 9 } });
    expect(JSON.parse(resultsJson(cachedResultsText(onlyAll), true).json)).toEqual(onlyAll);
    const none = results({ sni: { A: 1 } });
    const plain = resultsJson(cachedResultsText(none), false);
    expect(plain.allCounts).toBe("included");
    expect(JSON.parse(plain.json)).toEqual(none);
  });

  it("serves text cached before the split (no separator) whole", () => {
    const old = JSON.stringify(whole);
    expect(resultsJson(old, false)).toEqual({ json: old, allCounts: "included" });
  });
});
