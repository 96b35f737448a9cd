import { describe, expect, it } from "vitest";
import { SearchSchema } from "#shared/search/search-schema";
import { noEntries } from "../refdata-entries";
import { indexTree, refdataFromSidebar } from "./search-refdata";
import { rangeText, searchSummary, summarize } from "./summary";

const refdata = refdataFromSidebar({
  locationTreeWhole: true,
  locationTree: [
    { code: "01", text: "Stockholms län", children: [{ code: "0180", text: "Stockholm", children: [] }] },
    { code: "12", text: "Skåne län", children: [] },
    { code: "14", text: "Västra Götalands län", children: [] },
  ],
  ...noEntries(),
  companyFormEntries: [{ code: "49", text: "Aktiebolag" }],
  sniSections: [
    { code: "C", text: "Tillverkning" },
    { code: "F", text: "Byggverksamhet" },
  ],
  sniLabels: { "41200": "Byggande av bostadshus och andra byggnader" },
});

describe("summary header (spec §2, §9)", () => {
  it("shows the first items and then 'm.fl.'", () => {
    expect(summarize(["A", "B"], 2)).toBe("A, B");
    expect(summarize(["A", "B", "C"], 2)).toBe("A, B m.fl.");
    expect(summarize([], 3)).toBe("");
  });

  it("summarises 2 industries, 2 places and 3 filters", () => {
    const search = SearchSchema.parse({
      codeSet: { sni: ["41200", "C", "F"], location: ["0180", "12", "14"], companyForm: ["49"] },
      bool: { fTax: true, shelfCompany: false },
      range: { turnover: "1000000_5000000", managerAge: "_40" },
    });
    expect(searchSummary(search, refdata)).toEqual({
      industries: "Byggande av bostadshus och andra byggnader, Tillverkning m.fl.",
      places: "Stockholm, Skåne län m.fl.",
      filters: "Bolagsform: Aktiebolag, Omsättning 1 mkr–5 mkr, Befattningshavarens ålder till 40 år m.fl.",
    });
  });

  it("says whether the list files include or exclude companies", () => {
    const filters = (numSet: Record<string, number[]>) => searchSummary(SearchSchema.parse({ numSet }), refdata).filters;
    expect(filters({ includeFile: [1] })).toBe("1 listfil inkluderad");
    expect(filters({ excludeFile: [1, 2] })).toBe("2 listfiler exkluderade");
    expect(filters({ includeFile: [1, 2], excludeFile: [3] })).toBe("2 listfiler inkluderade, 1 listfil exkluderad");
  });

  it("says what is excluded with 'utom', after what is chosen or after the whole (issue 46)", () => {
    const search = SearchSchema.parse({
      codeSet: { location: ["01"] },
      excludeCodeSet: { location: ["0180"], sni: ["C", "F", "41200"], companyForm: ["49"] },
    });
    expect(searchSummary(search, refdata)).toEqual({
      industries: "Alla branscher utom Tillverkning, Byggverksamhet m.fl.",
      places: "Stockholms län utom Stockholm",
      filters: "Bolagsform utom Aktiebolag",
    });
  });

  it("names the whole of Sweden and all industries when nothing is chosen", () => {
    expect(searchSummary(SearchSchema.parse({}), refdata)).toEqual({ industries: "Alla branscher", places: "Hela Sverige", filters: "" });
  });

  it("reads ranges open on either side", () => {
    expect(rangeText("turnover", "250000_")).toBe("Omsättning från 250 tkr");
    expect(rangeText("earnings", "-1000000_-5000")).toBe("Resultat \u22121 mkr–\u22125\u00a0000 kr");
    expect(rangeText("createdDate", "20100101_20151231", new Date("2026-01-01"))).toBe("Registreringsdatum 2010-01-01–2015-12-31");
    // Growth (decision 0066): a percentage and a signed count.
    expect(rangeText("turnoverChange", "20_")).toBe("Omsättningsförändring från 20 %");
    expect(rangeText("turnoverChange", "-50_0")).toBe("Omsättningsförändring \u221250 %–0 %");
    expect(rangeText("employeeChange", "_-5")).toBe("Förändring av antal anställda till \u22125");
  });

  it("indexes trees for labels", () => {
    const tree = indexTree([{ code: "A", text: "a", children: [{ code: "01", text: "b", children: [] }] }]);
    expect(tree.parentOf.get("01")).toBe("A");
  });
});
