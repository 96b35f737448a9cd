import { describe, expect, it } from "vitest";
import { SearchSchema, type Search } from "#shared/search/search-schema";
import { emptySearch } from "#shared/search/empty-search";
import {
  addCode,
  clearConstraints,
  excludeCode,
  hasConstraints,
  isExcluded,
  listFileSide,
  removeCode,
  setBool,
  setListFile,
  setRange,
  switchResultType,
  toggleCode,
  toggleExcluded,
  withOnlyCode,
  withOnlyText,
  withSortFittingText,
} from "./search-edit";

const search = (input: unknown): Search => SearchSchema.parse(input);

describe("code sets (spec §4)", () => {
  it("puts an added code first and avoids duplicates", () => {
    let s = addCode(emptySearch(), "location", "01");
    s = addCode(s, "location", "14");
    expect(s.codeSet.location).toEqual(["14", "01"]);
    s = addCode(s, "location", "01");
    expect(s.codeSet.location).toEqual(["01", "14"]);
  });
  it("deletes the set when its last code is removed", () => {
    const s = removeCode(addCode(emptySearch(), "sni", "A"), "sni", "A");
    expect(s.codeSet).toEqual({});
    expect("sni" in s.codeSet).toBe(false);
  });
  it("toggles", () => {
    const s = toggleCode(emptySearch(), "companyForm", "49");
    expect(s.codeSet.companyForm).toEqual(["49"]);
    expect(toggleCode(s, "companyForm", "49").codeSet).toEqual({});
  });
  it("never changes the search it was given", () => {
    const before = addCode(emptySearch(), "sni", "A");
    const copy = structuredClone(before);
    addCode(before, "sni", "B");
    removeCode(before, "sni", "A");
    setRange(before, "turnover", "1_2");
    setBool(before, "fTax", true);
    expect(before).toEqual(copy);
  });
});

describe("excluding codes (issue 46, 'Uteslut')", () => {
  it("excludes a code, first among the excluded, and no longer chooses it; choosing it again un-excludes it", () => {
    let s = addCode(addCode(emptySearch(), "location", "0180"), "location", "01");
    s = excludeCode(s, "location", "0114");
    s = excludeCode(s, "location", "0180");
    expect(s.codeSet).toEqual({ location: ["01"] });
    expect(s.excludeCodeSet).toEqual({ location: ["0180", "0114"] });
    expect(isExcluded(s, "location", "0180")).toBe(true);
    expect(SearchSchema.safeParse(s).success).toBe(true);
    s = addCode(s, "location", "0114");
    expect(s.codeSet.location).toEqual(["0114", "01"]);
    expect(s.excludeCodeSet).toEqual({ location: ["0180"] });
  });
  it("toggles, deleting the set with its last code; counts as a constraint and is cleared with the others", () => {
    const s = toggleExcluded(emptySearch(), "companyForm", "10");
    expect(s.excludeCodeSet).toEqual({ companyForm: ["10"] });
    expect(hasConstraints(s)).toBe(true);
    expect(toggleExcluded(s, "companyForm", "10").excludeCodeSet).toEqual({});
    expect(clearConstraints(s).excludeCodeSet).toEqual({});
  });
  it("in a tree, excluding a code unchooses those below it, choosing one un-excludes those above it", () => {
    const ancestors = (code: string) => (code.length === 4 ? [code.slice(0, 2)] : []);
    let s = addCode(addCode(emptySearch(), "location", "0180"), "location", "1280");
    s = excludeCode(s, "location", "01", ancestors);
    expect(s.codeSet).toEqual({ location: ["1280"] });
    expect(s.excludeCodeSet).toEqual({ location: ["01"] });
    s = toggleCode(s, "location", "0114", ancestors);
    expect(s.codeSet).toEqual({ location: ["0114", "1280"] });
    expect(s.excludeCodeSet).toEqual({});
    // A sub-tree inside a chosen parent stays as it is asked.
    const inside = toggleExcluded(addCode(emptySearch(), "location", "01"), "location", "0180", ancestors);
    expect(inside.codeSet).toEqual({ location: ["01"] });
    expect(inside.excludeCodeSet).toEqual({ location: ["0180"] });
  });

  it("keeps the exclusions that apply to the other result type when switching", () => {
    const s = search({ excludeCodeSet: { sni: ["K"], companyForm: ["10"] } });
    expect(switchResultType(s, "WORKSITE").excludeCodeSet).toEqual({ sni: ["K"] });
  });
});

describe("clearing (spec §4)", () => {
  it("keeps the result type and the session's seqNo and resets everything else", () => {
    const s = search({
      resultType: "WORKSITE",
      text: "bygg",
      numeric: { seqNo: 7, orgSeqNo: 12 },
      range: { turnover: "1_" },
      bool: { useMainSni: false, headquarters: true },
      codeSet: { sni: ["A"], employeeRange: ["3"] },
      numSet: { includeFile: [3] },
      sort: [{ field: "activeFrom", ascending: true }],
    });
    expect(clearConstraints(s)).toEqual({ ...emptySearch("WORKSITE"), numeric: { seqNo: 7 } });
    expect(hasConstraints(clearConstraints(s))).toBe(false);
    expect(hasConstraints(s)).toBe(true);
  });
  it("the header's free text starts over with only the text, sorted by relevance", () => {
    const s = search({ codeSet: { sni: ["A"] }, text: "gammal" });
    expect(withOnlyText(s, "Volvo")).toEqual({ ...emptySearch(), text: "Volvo", sort: [{ field: "relevance", ascending: false }] });
  });
});

describe("the header's suggestions and the relevance sort (issue 26)", () => {
  const relevance = [{ field: "relevance", ascending: false }];
  it("a chosen industry or place starts over with that code and the rest of the text", () => {
    const s = search({ resultType: "WORKSITE", codeSet: { sni: ["A"] }, range: { numEmployees: "5_" }, numeric: { seqNo: 3 } });
    expect(withOnlyCode(s, "location", "0880", "pizzeria")).toEqual({
      ...emptySearch("WORKSITE"),
      numeric: { seqNo: 3 },
      codeSet: { location: ["0880"] },
      text: "pizzeria",
      sort: relevance,
    });
  });
  it("without a rest of the text, the code alone with the default sort", () => {
    for (const rest of [null, "", "  "]) {
      expect(withOnlyCode(emptySearch(), "sni", "56102", rest)).toEqual({ ...emptySearch(), codeSet: { sni: ["56102"] } });
    }
  });
  it("a relevance sort without a text falls back to the default sort; other searches stay as they are", () => {
    const ranked = search({ text: "pizza", sort: relevance });
    expect(withSortFittingText(ranked)).toBe(ranked);
    expect(withSortFittingText({ ...ranked, text: null })).toEqual(emptySearch());
    expect(withSortFittingText({ ...ranked, text: " " }).sort).toEqual(emptySearch().sort);
    const byName = search({ sort: [{ field: "name", ascending: true }] });
    expect(withSortFittingText(byName)).toBe(byName);
  });
});

describe("switching the result type (spec §4)", () => {
  it("clears constraints that apply to one type only and keeps shared ones", () => {
    const s = search({
      text: "AB",
      range: { turnover: "1000_", dividend: "1_", scoring: "3_" },
      bool: { fTax: true, listed: true },
      codeSet: { sni: ["F"], location: ["01"], companyForm: ["49"], fiscalYear: ["12"] },
      sort: [{ field: "name", ascending: true }],
    });
    const switched = switchResultType(s, "WORKSITE");
    expect(switched.resultType).toBe("WORKSITE");
    expect(switched.text).toBe("AB");
    expect(switched.range).toEqual({ turnover: "1000_" });
    expect(switched.bool).toEqual({ useMainSni: true, useLocation: true, fTax: true });
    expect(switched.codeSet).toEqual({ sni: ["F"], location: ["01"] });
    expect(switched.sort).toEqual([{ field: "turnover", ascending: false }]);
    // The result is a valid worksite search.
    expect(SearchSchema.safeParse(switched).success).toBe(true);
    const back = switchResultType(
      search({ resultType: "WORKSITE", bool: { headquarters: true }, codeSet: { employeeRange: ["4"] } }),
      "COMPANY",
    );
    expect(SearchSchema.safeParse(back).success).toBe(true);
    expect(back.bool).toEqual({ useMainSni: true, useLocation: true });
  });
});

describe("list files (spec §4)", () => {
  it("include and exclude are mutually exclusive per file", () => {
    let s = setListFile(emptySearch(), 5, "includeFile");
    s = setListFile(s, 6, "excludeFile");
    expect(s.numSet).toEqual({ includeFile: [5], excludeFile: [6] });
    s = setListFile(s, 5, "excludeFile");
    expect(s.numSet).toEqual({ excludeFile: [6, 5] });
    expect(listFileSide(s, 5)).toBe("excludeFile");
    s = setListFile(setListFile(s, 5, null), 6, null);
    expect(s.numSet).toEqual({});
    expect(listFileSide(s, 5)).toBeNull();
  });
});
