import { describe, expect, it } from "vitest";
import { completeCounts, parseAggregations, totalOf } from "./es-response";

describe("parseAggregations", () => {
  it("maps terms buckets by facet and splits the small facets' keys, booleans as true/false", () => {
    const aggregations = {
      sni: {
        buckets: [
          { key: "J", doc_count: 1000 },
          { key: "62", doc_count: 990 },
          { key: "A", doc_count: 0 },
        ],
      },
      facetKeys: {
        buckets: [
          { key: "fTax:true", doc_count: 1200 },
          { key: "companyForm:49", doc_count: 800 },
          { key: "fiscalYear:12", doc_count: 1100 },
          { key: "fiscalYear:6", doc_count: 0 },
        ],
      },
    };
    const counts = parseAggregations(aggregations);
    completeCounts(counts, ["sni", "fTax", "companyForm", "fiscalYear", "listed", "location"]);
    expect(counts).toEqual({
      sni: { J: 1000, "62": 990 },
      fTax: { true: 1200, false: 0 },
      companyForm: { "49": 800 },
      fiscalYear: { "12": 1100 },
      listed: { true: 0, false: 0 },
      location: {},
    });
    const all = parseAggregations({ facetKeys: { buckets: [{ key: "fTax:false", doc_count: 9 }] } }, "_all");
    completeCounts(all, ["fTax"], "_all");
    expect(all).toEqual({ fTax_all: { true: 0, false: 9 } });
  });

  it("refuses a lower-bound total (the hit count must be exact)", () => {
    expect(() => totalOf({ hits: { total: { value: 10000, relation: "gte" }, hits: [] } })).toThrow(/exact/);
    expect(totalOf({ hits: { total: 3, hits: [] } })).toBe(3);
  });
});
