import { describe, expect, it } from "vitest";
import { describeSearch, summarizeSearch, type CodeTexts } from "./search-description";
import { CODE_SET_NAMES } from "./search-fields";
import { SearchSchema } from "./search-schema";

// Every code set says its codes as they are, but the trees.
const texts: CodeTexts = {
  ...(Object.fromEntries(CODE_SET_NAMES.map((name) => [name, (code: string) => code])) as CodeTexts),
  sni: (code) => `SNI ${code}`,
  location: (code) => `Ort ${code}`,
};

describe("summarizeSearch", () => {
  it("says 'all' for an empty search, without the sort", () => {
    const criteria = describeSearch(SearchSchema.parse({ resultType: "WORKSITE" }), { exclude: false, count: 0 }, texts);
    expect(summarizeSearch(criteria)).toBe("Alla arbetsställen");
  });

  it("shows two codes of a list, then 'm.fl.', and four criteria, then 'm.fl.'", () => {
    const search = SearchSchema.parse({
      text: "bygg",
      codeSet: { sni: ["62010", "62020", "62030"], location: ["1280"] },
      range: { numEmployees: "10_49" },
      bool: { fTax: true },
    });
    expect(summarizeSearch(describeSearch(search, { exclude: false, count: 0 }, texts))).toBe(
      "Sökord: bygg · Bransch: SNI 62010, SNI 62020 m.fl. · Plats: Ort 1280 · Antal anställda: 10 – 49 m.fl.",
    );
  });

  it("says the years of an age range, the crowns of an amount, and no unit for a count", () => {
    const search = SearchSchema.parse({ range: { companyAge: "_2", managerAge: "40_60", turnover: "1000000_", numEmployees: "_9" } });
    const values = Object.fromEntries(describeSearch(search, { exclude: false, count: 0 }, texts).map((c) => [c.label, c.value]));
    expect(values).toMatchObject({
      "Företagets ålder": "högst 2 år",
      "Befattningshavarens ålder": "40 år – 60 år",
      "Antal anställda": "högst 9",
    });
    expect(values["Omsättning"]).toMatch(/^minst 1\s000\s000 kr$/);
  });

  it("says the excluded codes after the chosen ones, as 'utom' (issue 46)", () => {
    const search = SearchSchema.parse({
      codeSet: { sni: ["62"] },
      excludeCodeSet: { sni: ["62010", "62020", "62030"], companyForm: ["10"] },
    });
    const criteria = describeSearch(search, { exclude: false, count: 0 }, texts);
    expect(criteria.slice(0, 3)).toEqual([
      { label: "Bransch", value: "SNI 62" },
      { label: "Bransch utom", value: "SNI 62010; SNI 62020; SNI 62030" },
      { label: "Bolagsform utom", value: "10" },
    ]);
    expect(summarizeSearch(criteria)).toBe("Bransch: SNI 62 · Bransch utom: SNI 62010, SNI 62020 m.fl. · Bolagsform utom: 10");
  });

  it("names list files without their numbers when they are not known", () => {
    const search = SearchSchema.parse({ numSet: { includeFile: [4] } });
    expect(summarizeSearch(describeSearch(search, { exclude: true, count: 2 }, texts))).toBe(
      "Listfiler: 1 inkluderade · Markerade poster: 2 st exkluderade",
    );
  });
});
