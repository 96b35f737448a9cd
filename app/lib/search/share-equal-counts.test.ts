import { describe, expect, it } from "vitest";
import { shareEqualCounts } from "./share-equal-counts";

describe("shareEqualCounts", () => {
  it("puts the facet's own object under its _all name when the counts are equal, and leaves the rest", () => {
    const aggregations = {
      sni: { A: 3, C: 2 },
      sni_all: { C: 2, A: 3 },
      location: { "01": 1 },
      location_all: { "01": 4 },
      fTax: { true: 1 },
      fTax_all: { true: 1, false: 0 },
    };
    const shared = shareEqualCounts(aggregations);
    expect(shared).toEqual(aggregations);
    expect(shared.sni_all).toBe(shared.sni);
    expect(shared.location_all).not.toBe(shared.location);
    expect(shared.fTax_all).not.toBe(shared.fTax);
    expect(aggregations.sni_all).not.toBe(aggregations.sni);
  });
});
