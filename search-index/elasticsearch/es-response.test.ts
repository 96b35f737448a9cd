import { describe, expect, it } from "vitest";
import { parseSearch } from "../search-model";
import { parseSearchResponse, totalOf } from "./es-response";

describe("parseSearchResponse", () => {
  it("maps hits, the exact total and facet buckets (booleans as true/false) with _all", () => {
    const response = {
      hits: {
        total: { value: 1234, relation: "eq" },
        hits: [{ _id: "7", _source: { record: { orgSeqNo: 7, name: "Alfa AB" } }, sort: [100, 7] }],
      },
      aggregations: {
        // A facet counted under no other facet's constraint (top level), and a shared filter group.
        sni: {
          buckets: [
            { key: "J", doc_count: 1000 },
            { key: "62", doc_count: 990 },
          ],
        },
        facets_0: { doc_count: 1234, fTax: { buckets: [{ key: 1, key_as_string: "true", doc_count: 1200 }] } },
        all: {
          doc_count: 5000,
          sni: {
            buckets: [
              { key: "J", doc_count: 4000 },
              { key: "A", doc_count: 0 },
            ],
          },
          fTax: { buckets: [{ key: 0, key_as_string: "false", doc_count: 9 }] },
        },
      },
    };
    expect(parseSearchResponse(parseSearch({}), response as never, null)).toEqual({
      type: "COMPANY",
      hitCount: 1234,
      records: [{ orgSeqNo: 7, name: "Alfa AB" }],
      aggregations: { sni: { J: 1000, "62": 990 }, fTax: { true: 1200, false: 0 }, sni_all: { J: 4000 }, fTax_all: { true: 0, false: 9 } },
      nameForOrgSeqNo: null,
    });
  });

  it("refuses a lower-bound total (the hit count must be exact)", () => {
    expect(() => totalOf({ hits: { total: { value: 10000, relation: "gte" }, hits: [] } })).toThrow(/exact/);
    expect(totalOf({ hits: { total: 3, hits: [] } })).toBe(3);
  });
});
