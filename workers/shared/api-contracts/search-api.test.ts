import { describe, expect, it } from "vitest";
import { isAggregations, PageNumberSchema, SearchRequestIdSchema, StoreFinancialConfigRequestSchema } from "./search-api";

describe("isAggregations", () => {
  it("accepts facet → code → non-negative integer count", () => {
    expect(isAggregations({})).toBe(true);
    expect(isAggregations({ sni: { A: 3, "01": 0 }, sni_all: {}, fTax: { true: 2, false: 1 } })).toBe(true);
  });

  it.each([
    ["null", null],
    ["an array", []],
    ["a facet that is not an object", { sni: 3 }],
    ["a facet that is an array", { sni: [1] }],
    ["a negative count", { sni: { A: -1 } }],
    ["a fractional count", { sni: { A: 1.5 } }],
    ["a count as text", { sni: { A: "3" } }],
    ["NaN", { sni: { A: Number.NaN } }],
  ])("refuses %s", (_name, value) => {
    expect(isAggregations(value)).toBe(false);
  });
});

describe("edge schemas", () => {
  it("reads the page number and the search request id from their text", () => {
    expect(PageNumberSchema.parse("49")).toBe(49);
    expect(PageNumberSchema.safeParse("-1").success).toBe(false);
    expect(PageNumberSchema.safeParse("1e3").success).toBe(false);
    expect(SearchRequestIdSchema.parse("12")).toBe(12);
    expect(SearchRequestIdSchema.safeParse("12a").success).toBe(false);
  });

  it("takes the financial view as a bare string or an object", () => {
    expect(StoreFinancialConfigRequestSchema.parse("BUSINESS")).toBe("BUSINESS");
    expect(StoreFinancialConfigRequestSchema.parse({ companyFinancialType: "CONCERN" })).toBe("CONCERN");
    expect(StoreFinancialConfigRequestSchema.safeParse("concern").success).toBe(false);
  });
});
