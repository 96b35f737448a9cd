import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { parseRange, parseSearchOrThrow, safeParseSearch } from "./search-schema";
import { emptySearch } from "./empty-search";

describe("SearchSchema", () => {
  it("fills the spec's defaults", () => {
    expect(emptySearch()).toEqual({
      resultType: "COMPANY",
      text: null,
      numeric: {},
      range: {},
      bool: { useMainSni: true, useLocation: true },
      codeSet: {},
      excludeCodeSet: {},
      numSet: {},
      sort: [{ field: "turnover", ascending: false }],
    });
  });

  it("excludes codes of every code set; a search from before without exclusions reads as it did", () => {
    expect(parseSearchOrThrow({ codeSet: { sni: ["62"] } }).excludeCodeSet).toEqual({});
    const search = parseSearchOrThrow({ codeSet: { sni: ["62"] }, excludeCodeSet: { sni: ["62010"], companyForm: ["49"] } });
    expect(search.excludeCodeSet).toEqual({ sni: ["62010"], companyForm: ["49"] });
    // The same code both chosen and excluded means nothing: refused at the code; a set of the other type named.
    const both = safeParseSearch({
      resultType: "WORKSITE",
      codeSet: { location: ["01", "0180"] },
      excludeCodeSet: { location: ["0180"], fiscalYear: ["12"] },
    });
    expect(both.success).toBe(false);
    if (!both.success)
      expect(both.issues).toEqual([
        { path: "excludeCodeSet.location.0", message: "Samma kod kan inte både väljas och uteslutas" },
        { path: "excludeCodeSet.fiscalYear", message: "Gäller endast företag" },
      ]);
  });

  it("accepts open-sided ranges and parses them", () => {
    const search = parseSearchOrThrow({ range: { turnover: "1000000_", earnings: "_-5", numEmployees: "10_49" } });
    expect(search.range).toEqual({ turnover: "1000000_", earnings: "_-5", numEmployees: "10_49" });
    expect(parseRange("1000000_")).toEqual({ from: 1_000_000, to: null });
    expect(parseRange("_-5")).toEqual({ from: null, to: -5 });
    expect(parseRange("1.5_2")).toEqual({ from: 1.5, to: 2 });
    expect(parseRange("abc")).toBeNull();
  });

  it("rejects an inverted range naming the field", () => {
    const result = safeParseSearch({ range: { turnover: "5000_1000" } });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.issues).toEqual([{ path: "range.turnover", message: "Intervallets början är större än dess slut" }]);
  });

  it("names unknown fields at their own path", () => {
    const result = safeParseSearch({ range: { colour: "1_2" }, bool: { wings: true }, extra: 1 });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.issues.map((i) => i.path).sort()).toEqual(["bool.wings", "extra", "range.colour"]);
  });

  it("rejects constraints and sorts that do not apply to the result type", () => {
    const result = safeParseSearch({
      resultType: "WORKSITE",
      range: { dividend: "1_" },
      bool: { listed: true, headquarters: true },
      codeSet: { companyForm: ["49"], employeeRange: ["3"] },
      sort: [{ field: "name", ascending: true }],
    });
    expect(result.success).toBe(false);
    if (!result.success)
      expect(result.issues.map((i) => i.path).sort()).toEqual(["bool.listed", "codeSet.companyForm", "range.dividend", "sort.0.field"]);
    expect(safeParseSearch({ resultType: "COMPANY", bool: { headquarters: true } }).success).toBe(false);
  });

  it("rejects malformed values with Swedish messages", () => {
    const result = safeParseSearch({ resultType: "PERSON", codeSet: { sni: ["01 1"] }, numSet: { includeFile: [-1] }, sort: [] });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.issues.map((i) => i.path).sort()).toEqual(["codeSet.sni.0", "numSet.includeFile.0", "resultType", "sort"]);
      expect(result.issues.find((i) => i.path === "resultType")?.message).toMatch(/Ogiltigt val/);
    }
  });

  it("rejects duplicate sort fields", () => {
    const result = safeParseSearch({
      sort: [
        { field: "name", ascending: true },
        { field: "name", ascending: false },
      ],
    });
    expect(result.success).toBe(false);
  });

  it("throws a VALIDATION AppError with a prefix", () => {
    try {
      parseSearchOrThrow({ text: 42 }, "search");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).type).toBe("VALIDATION");
      expect((error as AppError).issues?.[0]?.path).toBe("search.text");
    }
  });
});
