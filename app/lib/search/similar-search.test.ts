import { describe, expect, it } from "vitest";
import { safeParseSearch } from "#shared/search/search-schema";
import { deserializeSearch, serializeSearch } from "#shared/search/search-serialize";
import {
  chooseWidening,
  NARROW,
  neighbourSizeRange,
  similarSearch,
  similarSummary,
  sizeClasses,
  type SimilarBasis,
} from "./similar-search";

// SCB's size classes as the sidebar's reference data carries them (search-index/refdata/data/entries.json).
const TEXTS = ["Uppgift saknas", "0 anställda", "1-4 anställda", "5-9 anställda", "10-19 anställda", "20-49 anställda", "50-99 anställda"];
const LARGE = ["100-199", "200-499", "500-999", "1000-1499", "1500-1999", "2000-2999", "3000-3999", "4000-4999", "5000-9999", "10000-"];
const classes = sizeClasses([...TEXTS, ...LARGE.map((range) => `${range} anställda`)].map((text, code) => ({ code: String(code), text })));
const basis: SimilarBasis = { name: "Exempel AB", sniCode: "56100", countyCode: "08", countyName: "Kalmar län", numEmployees: 12 };

describe("size classes", () => {
  it("reads SCB's classes from the entries, without 'Uppgift saknas'", () => {
    expect(classes[0]).toEqual({ from: 0, to: 0 });
    expect(classes).toContainEqual({ from: 10, to: 19 });
    expect(classes.at(-1)).toEqual({ from: 10_000, to: null });
    expect(classes).toHaveLength(16);
  });

  it("takes the company's class and its neighbours", () => {
    expect(neighbourSizeRange(classes, 12)).toEqual({ from: 5, to: 49 });
    expect(neighbourSizeRange(classes, 0)).toEqual({ from: 0, to: 4 });
    expect(neighbourSizeRange(classes, 20_000)).toEqual({ from: 5000, to: null });
    expect(neighbourSizeRange(classes, null)).toBeNull();
  });
});

describe("the similar search", () => {
  it("is an ordinary company search: detail group, size range, county, the company's list file excluded", () => {
    const search = similarSearch(basis, NARROW, { classes, excludeFile: 7, seqNo: 42 });
    expect(search.resultType).toBe("COMPANY");
    expect(search.codeSet).toEqual({ sni: ["56100"], location: ["08"] });
    expect(search.range).toEqual({ numEmployees: "5_49" });
    expect(search.numSet).toEqual({ excludeFile: [7] });
    expect(search.numeric).toEqual({ seqNo: 42 });
    // Valid, and the same search after a round trip through the address's `vad`.
    expect(safeParseSearch(search).success).toBe(true);
    const read = deserializeSearch(serializeSearch(search));
    expect(read.success && read.data).toEqual(search);
  });

  it("leaves out a side at the field's bound and what the company lacks", () => {
    const small = similarSearch({ ...basis, numEmployees: 0, sniCode: null, countyCode: null }, NARROW, { classes });
    expect(small.range).toEqual({ numEmployees: "_4" });
    expect(small.codeSet).toEqual({});
    expect(small.numSet).toEqual({});
    const large = similarSearch({ ...basis, numEmployees: 12_000 }, { sniGroup: true, wholeSweden: true }, { classes });
    expect(large.range).toEqual({ numEmployees: "5000_" });
    expect(large.codeSet).toEqual({ sni: ["561"] });
  });
});

describe("widening", () => {
  it("keeps the detail group and county when 50 others match", () => {
    expect(chooseWidening(basis, 51, { sni: { "561": 400 } })).toEqual(NARROW);
  });

  it("widens to the 3-digit group in the county, counting without the company itself", () => {
    expect(chooseWidening(basis, 50, { sni: { "561": 51 } })).toEqual({ sniGroup: true, wholeSweden: false });
  });

  it("widens to all of Sweden when the group in the county is too small", () => {
    expect(chooseWidening(basis, 3, { sni: { "561": 50 } })).toEqual({ sniGroup: true, wholeSweden: true });
    expect(chooseWidening(basis, 3, {})).toEqual({ sniGroup: true, wholeSweden: true });
  });

  it("without an SNI code only the place can widen; without a county nothing", () => {
    expect(chooseWidening({ ...basis, sniCode: null }, 10, {})).toEqual({ sniGroup: false, wholeSweden: true });
    expect(chooseWidening({ ...basis, countyCode: null, countyName: null }, 3, { sni: { "561": 3 } })).toEqual({
      sniGroup: true,
      wholeSweden: false,
    });
  });
});

describe("the summary line", () => {
  it("says in Swedish what was matched", () => {
    expect(similarSummary(basis, NARROW, classes)).toBe("Liknar Exempel AB: bransch 56.100, 5–49 anställda, Kalmar län");
    expect(similarSummary(basis, { sniGroup: true, wholeSweden: true }, classes)).toBe(
      "Liknar Exempel AB: bransch 56.1, 5–49 anställda, hela Sverige",
    );
    expect(similarSummary({ ...basis, numEmployees: 12_000, sniCode: null }, NARROW, classes)).toBe(
      "Liknar Exempel AB: minst 5\u00a0000 anställda, Kalmar län",
    );
  });
});
