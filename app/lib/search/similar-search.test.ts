import { describe, expect, it } from "vitest";
import { safeParseSearch } from "#shared/search/search-schema";
import { deserializeSearch, serializeSearch } from "#shared/search/search-serialize";
import {
  chooseWidening,
  NARROW,
  neighbourSizeRange,
  SIMILAR_MIN_HITS,
  similarLadder,
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
    expect(neighbourSizeRange(classes, 12, 2)).toEqual({ from: 1, to: 99 });
  });
});

describe("the similar search", () => {
  it("is an ordinary company search: detail group, size range, county, the user's files and the company's excluded", () => {
    const search = similarSearch(basis, NARROW, { classes, excludeFile: 7, seqNo: 42, numSet: { includeFile: [3], excludeFile: [5] } });
    expect(search.resultType).toBe("COMPANY");
    expect(search.codeSet).toEqual({ sni: ["56100"], location: ["08"] });
    expect(search.range).toEqual({ numEmployees: "5_49" });
    expect(search.numSet).toEqual({ includeFile: [3], excludeFile: [5, 7] });
    expect(search.numeric).toEqual({ seqNo: 42 });
    // Valid, and the same search after a round trip through the address's `vad`.
    expect(safeParseSearch(search).success).toBe(true);
    const read = deserializeSearch(serializeSearch(search));
    expect(read.success && read.data).toEqual(search);
  });

  it("keeps the exclusions of the search it started from, but none that would leave out the company's own kind (issue 46)", () => {
    const excludeCodeSet = { sni: ["56", "56101", "47"], location: ["0880"], companyForm: ["31"], employeeRange: ["3"] };
    const search = similarSearch(basis, NARROW, { classes, excludeCodeSet });
    expect(search.excludeCodeSet).toEqual({ sni: ["56101", "47"], location: ["0880"], companyForm: ["31"] });
    expect(safeParseSearch(search).success).toBe(true);
  });

  it("drops an excluded section above the company's industry, and its county, at every step (issue 46)", () => {
    const excludeCodeSet = { sni: ["I", "G"], location: ["08", "01"] };
    for (const step of [NARROW, ...similarLadder(basis, classes)]) {
      const search = similarSearch(basis, step, { classes, excludeCodeSet });
      expect(search.excludeCodeSet, JSON.stringify(step)).toEqual({ sni: ["G"], location: ["01"] });
      expect(safeParseSearch(search).success).toBe(true);
    }
  });

  it("leaves out a side at the field's bound and what the company lacks", () => {
    const small = similarSearch({ ...basis, numEmployees: 0, sniCode: null, countyCode: null }, NARROW, { classes });
    expect(small.range).toEqual({ numEmployees: "_4" });
    expect(small.codeSet).toEqual({});
    expect(small.numSet).toEqual({});
    const large = similarSearch({ ...basis, numEmployees: 12_000 }, { sizeReach: 1, sni: "group", wholeSweden: true }, { classes });
    expect(large.range).toEqual({ numEmployees: "5000_" });
    expect(large.codeSet).toEqual({ sni: ["561"] });
  });
});

describe("widening (issue 48 point 5)", () => {
  const ladder = similarLadder(basis, classes);
  const searches = ladder.map((step) => similarSearch(basis, step, { classes }));

  it("widens the sizes, then the industry to its group and division, then the place, then any size, then any industry", () => {
    expect(searches.map((s) => [s.codeSet.sni?.[0] ?? "-", s.range.numEmployees ?? "-", s.codeSet.location?.[0] ?? "Sverige"])).toEqual([
      ["56100", "5_49", "08"],
      ["56100", "1_99", "08"],
      ["561", "1_99", "08"],
      ["56", "1_99", "08"],
      ["56", "1_99", "Sverige"],
      ["56", "-", "Sverige"],
      ["-", "1_99", "Sverige"],
    ]);
  });

  it("leaves out steps that name the same search: no county, no code, a short code, an unknown size", () => {
    const bare = similarLadder({ ...basis, countyCode: null, countyName: null, numEmployees: null }, classes);
    expect(bare.map((step) => similarSearch({ ...basis, countyCode: null, numEmployees: null }, step, { classes }).codeSet)).toEqual([
      { sni: ["56100"] },
      { sni: ["561"] },
      { sni: ["56"] },
      {},
    ]);
    expect(similarLadder({ ...basis, sniCode: null }, classes).length).toBeLessThan(ladder.length);
  });

  it(`takes the narrowest step with at least ${SIMILAR_MIN_HITS} other companies`, () => {
    expect(chooseWidening(ladder, [25, 40, 80, 90, 900, 2000, 9000])).toEqual(NARROW);
    expect(chooseWidening(ladder, [0, 3, 19, 20, 900, 2000, 9000])).toEqual(ladder[3]);
    // Sjuntorp Terapi AB: none of its industry's steps has 20 others; all industries at its size in Sweden do.
    expect(chooseWidening(ladder, [0, 0, 0, 0, 2, 9, 1200])).toEqual(ladder[6]);
  });

  it("never answers empty when some step finds companies: the step with the most", () => {
    expect(chooseWidening(ladder, [0, 0, 4, 4, 7, 7, 5])).toEqual(ladder[4]);
  });
});

describe("the summary line", () => {
  it("says in Swedish what was matched", () => {
    expect(similarSummary(basis, NARROW, classes)).toBe("Liknar Exempel AB: bransch 56.100, 5–49 anställda, Kalmar län");
    expect(similarSummary(basis, { sizeReach: 1, sni: "group", wholeSweden: true }, classes)).toBe(
      "Liknar Exempel AB: bransch 56.1, 5–49 anställda, hela Sverige (vidgat till bredare bransch och hela Sverige)",
    );
    expect(similarSummary(basis, { sizeReach: 2, sni: "any", wholeSweden: true }, classes)).toBe(
      "Liknar Exempel AB: 1–99 anställda, hela Sverige (vidgat till fler storlekar, alla branscher och hela Sverige)",
    );
    expect(similarSummary({ ...basis, numEmployees: 12_000, sniCode: null }, NARROW, classes)).toBe(
      "Liknar Exempel AB: minst 5\u00a0000 anställda, Kalmar län",
    );
  });
});
