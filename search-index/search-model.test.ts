import { describe, expect, it } from "vitest";
import { SearchSchema } from "#shared/search/search-schema";
import { serializeSearch } from "#shared/search/search-serialize";
import { parseSavedSearch, parseSearch, validateSearch, visiblePage } from "./search-model";
import { searchSeed } from "./search-seed";

const thrown = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("did not throw");
};

describe("the one parse of a search", () => {
  it("parses the range strings into numbers once, leaves out a range without bounds, and keeps the search as parsed", () => {
    const input = { range: { turnover: "1000000_", earnings: "_-5", numEmployees: "10_49", dividend: "_" } };
    const search = parseSearch(input);
    expect(search.range).toEqual({
      turnover: { from: 1_000_000, to: null },
      earnings: { from: null, to: -5 },
      numEmployees: { from: 10, to: 49 },
    });
    expect(search.normalised).toEqual(SearchSchema.parse(input));
    expect(search.seed).toBe(searchSeed(SearchSchema.parse(input)));
    expect(search.sort).toEqual([{ field: "turnover", ascending: false }]);
  });

  it("refuses unknown codes naming each, under the prefix when given", () => {
    const input = { codeSet: { sni: ["99999"], location: ["01", "9999"] } };
    expect(thrown(() => parseSearch(input))).toMatchObject({
      code: "VALIDATION_FAILED",
      status: 400,
      message: "Sökningen är ogiltig.",
      issues: [
        { path: "codeSet.sni.0", message: "Okänd kod: 99999" },
        { path: "codeSet.location.1", message: "Okänd kod: 9999" },
      ],
    });
    expect(thrown(() => validateSearch(SearchSchema.parse(input), "serializedSearch"))).toMatchObject({
      issues: [{ path: "serializedSearch.codeSet.sni.0" }, { path: "serializedSearch.codeSet.location.1" }],
    });
    expect(thrown(() => parseSearch({ range: { turnover: "5_1" } }, "search"))).toMatchObject({
      issues: [{ path: "search.range.turnover" }],
    });
  });

  it("reads a saved search, or null when it no longer parses (its form, or a code the reference data lacks)", () => {
    const saved = SearchSchema.parse({ text: "bygg", codeSet: { location: ["01"] }, range: { turnover: "1_" } });
    expect(parseSavedSearch(serializeSearch(saved))).toEqual(validateSearch(saved));
    expect(parseSavedSearch("zzzz")).toBeNull();
    expect(parseSavedSearch(serializeSearch(SearchSchema.parse({ codeSet: { sni: ["99999"] } })))).toBeNull();
  });
});

describe("visiblePage", () => {
  it("passes pages 0 … 49 and refuses every other number as PAGE_TOO_DEEP naming the page", () => {
    expect([visiblePage(0), visiblePage(49)]).toEqual([0, 49]);
    for (const page of [50, 1000, -1, 1.5, Number.NaN]) {
      expect(thrown(() => visiblePage(page))).toMatchObject({
        code: "PAGE_TOO_DEEP",
        status: 400,
        type: "VALIDATION",
        issues: [{ path: "page", message: "Exportera urvalet om du vill se fler träffar." }],
      });
    }
  });
});
