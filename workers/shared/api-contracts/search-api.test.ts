import { describe, expect, it } from "vitest";
import {
  isAggregations,
  isRefTree,
  PageNumberSchema,
  RefTreeSchema,
  SearchRequestIdSchema,
  StoreFinancialConfigRequestSchema,
} from "./search-api";

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

describe("isRefTree", () => {
  const leaf = (code: string) => ({ code, text: `Kod ${code}`, children: [] });
  it("accepts nodes of code, text and children at every depth", () => {
    expect(isRefTree([])).toBe(true);
    expect(isRefTree([{ code: "A", text: "Jordbruk", children: [{ code: "01", text: "Växtodling", children: [leaf("011")] }] }])).toBe(
      true,
    );
    expect(RefTreeSchema.parse([leaf("01")])).toEqual([leaf("01")]);
  });

  it.each([
    ["not a list", { code: "A" }],
    ["a node that is not an object", [leaf("A"), "B"]],
    ["a number as code", [{ code: 1, text: "Ett", children: [] }]],
    ["no text", [{ code: "A", children: [] }]],
    ["no children", [{ code: "A", text: "Jordbruk" }]],
    [
      "a bad node deep down",
      [{ code: "A", text: "Jordbruk", children: [{ ...leaf("01"), children: [{ code: "011", text: null, children: [] }] }] }],
    ],
  ])("refuses %s", (_name, value) => {
    expect(isRefTree(value)).toBe(false);
    expect(RefTreeSchema.safeParse(value).success).toBe(false);
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
