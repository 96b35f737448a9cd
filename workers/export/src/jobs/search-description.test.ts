import { describe, expect, it } from "vitest";
import { SearchSchema } from "#shared/search/search-schema";
import { describeSearch } from "./search-description";

describe("describeSearch", () => {
  it("names every constraint in Swedish with reference-data texts, the marked rows and the sort", () => {
    const search = SearchSchema.parse({
      text: "bygg",
      codeSet: { sni: ["62010"], location: ["1280"], companyForm: ["49"] },
      range: { turnover: "1000000_", numEmployees: "10_49", createdDate: "_20101231" },
      bool: { fTax: true, listed: false, useMainSni: false },
      sort: [{ field: "name", ascending: true }],
    });
    expect(describeSearch(search, { exclude: true, count: 3 }, 0)).toEqual([
      { label: "Sökord", value: "bygg" },
      { label: "Bransch", value: "62.010 Dataprogrammering" },
      { label: "Plats", value: "Malmö" },
      { label: "Bolagsform", value: "Aktiebolag utom bank- och försäkringsaktiebolag" },
      { label: "Branschurval", value: "Alla branscher, inte bara huvudbransch" },
      { label: "Omsättning", value: "minst 1\u00a0000\u00a0000 kr" },
      { label: "Antal anställda", value: "10 – 49" },
      { label: "Registreringsdatum", value: "högst 2010-12-31" },
      { label: "F-skatt", value: "Ja" },
      { label: "Börsnoterat", value: "Nej" },
      { label: "Markerade poster", value: "3 st exkluderade" },
      { label: "Sortering", value: "Namn (stigande)" },
    ]);
  });

  it("names the relevance sort by its one direction", () => {
    const search = SearchSchema.parse({ text: "pizzeria kalmar", sort: [{ field: "relevance", ascending: true }] });
    expect(describeSearch(search, { exclude: false, count: 0 }, 0).at(-1)).toEqual({
      label: "Sortering",
      value: "Relevans (bäst träff först)",
    });
  });

  it("says 'all' for an empty search and counts the list files' numbers", () => {
    expect(describeSearch(SearchSchema.parse({ resultType: "WORKSITE" }), { exclude: false, count: 0 }, 0)).toEqual([
      { label: "Urval", value: "Alla arbetsställen" },
      { label: "Sortering", value: "Omsättning (fallande)" },
    ]);
    const withFiles = SearchSchema.parse({ numSet: { includeFile: [4], excludeFile: [9] } });
    expect(describeSearch(withFiles, { exclude: false, count: 0 }, 1250)[0]).toEqual({
      label: "Listfiler",
      value: "1 inkluderade, 1 exkluderade (1\u00a0250 organisationsnummer)",
    });
  });
});
