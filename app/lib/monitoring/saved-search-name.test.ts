import { describe, expect, it } from "vitest";
import type { RefNode } from "#shared/api-contracts/search-api";
import { SearchSchema } from "#shared/search/search-schema";
import { noEntries } from "../refdata-entries";
import { indexTree, refdataFromSidebar, type SearchRefdata } from "../search/search-refdata";
import { DEFAULT_SAVED_SEARCH_NAME, SAVED_SEARCH_NAME_LENGTH, savedSearchName } from "./saved-search-name";

const node = (code: string, text: string, children: RefNode[] = []): RefNode => ({ code, text, children });

const sidebar = refdataFromSidebar({
  locationTreeWhole: true,
  locationTree: [
    node("01", "Stockholms län", [node("0180", "Stockholm"), node("0114", "Upplands Väsby")]),
    node("03", "Uppsala län"),
    node("12", "Skåne län"),
    node("14", "Västra Götalands län", [node("1480", "Göteborg")]),
  ],
  ...noEntries(),
  companyFormEntries: [{ code: "49", text: "Aktiebolag" }],
  sniSections: [
    { code: "F", text: "Byggverksamhet" },
    { code: "I", text: "Hotell- och restaurangverksamhet" },
    { code: "S", text: "Annan serviceverksamhet" },
  ],
  sniLabels: {
    "41200": "Byggande av bostadshus och andra byggnader",
    "43210": "Elinstallationer",
    "43220": "Värme- och sanitetsarbeten",
    "96021": "Skönhetsvård",
    "43": "Specialiserad bygg- och anläggningsverksamhet",
    "16": "Tillverkning av trä och varor av trä, kork, rotting o.d. utom möbler",
  },
});
/** The browser's full set: the SNI tree tells each code's section. */
const full: SearchRefdata = {
  ...sidebar,
  sni: indexTree([
    node("F", "Byggverksamhet", [
      node("41", "Byggande av hus", [node("41200", "Byggande av bostadshus och andra byggnader")]),
      node("43", "Specialiserad bygg- och anläggningsverksamhet", [
        node("43210", "Elinstallationer"),
        node("43220", "Värme- och sanitetsarbeten"),
      ]),
    ]),
    node("S", "Annan serviceverksamhet", [node("96021", "Skönhetsvård")]),
  ]),
};

const name = (search: object, refdata: SearchRefdata | null = sidebar) => savedSearchName(SearchSchema.parse(search), refdata);

describe("the name a saved search is given (issue 38)", () => {
  it("names a section by its everyday word and the places it searches", () => {
    expect(name({ codeSet: { sni: ["F"], location: ["01"] } })).toBe("Bygg i Stockholms län");
    expect(name({ codeSet: { sni: ["I"], location: ["0180", "1480"] } })).toBe("Hotell och restaurang i Stockholm och Göteborg");
    expect(name({ codeSet: { sni: ["F", "S"], location: ["01", "03", "12"] } })).toBe(
      "Bygg och Annan service i Stockholms län, Uppsala län m.fl.",
    );
  });

  it("says what the search excludes (issue 46)", () => {
    expect(name({ codeSet: { sni: ["F"], location: ["01"] }, excludeCodeSet: { sni: ["43210"], location: ["0180"] } })).toBe(
      "Bygg utom Elinstallationer i Stockholms län utom Stockholm",
    );
    expect(name({ excludeCodeSet: { location: ["01"] } })).toBe("Företag utanför Stockholms län");
    expect(name({ excludeCodeSet: { sni: ["F"] } })).toBe("Företag utom Bygg");
  });

  it("says Gasellföretag (issue 46)", () => {
    expect(name({ bool: { gasell: true } })).toBe("Gasellföretag");
    expect(name({ bool: { gasell: true }, codeSet: { location: ["01"] } })).toBe("Gasellföretag i Stockholms län");
    expect(name({ bool: { gasell: true }, codeSet: { sni: ["F"], location: ["01"] } })).toBe("Bygg, gasellföretag i Stockholms län");
    expect(name({ bool: { gasell: true }, excludeCodeSet: { sni: ["F"] } })).toBe("Gasellföretag utom Bygg");
    expect(name({ bool: { gasell: false } })).toBe("Min bevakning");
  });

  it("says the growth ranges as the summary line does, after the size, and leaves them out first when long", () => {
    expect(name({ range: { turnoverChange: "20_" } })).toBe("Företag, omsättningsförändring från 20 %");
    expect(name({ bool: { gasell: true }, range: { turnoverChange: "20_" } })).toBe("Gasellföretag, omsättningsförändring från 20 %");
    expect(name({ range: { numEmployees: "10_49", turnoverChange: "20_" } })).toBe(
      "Företag, 10–49 anställda, omsättningsförändring från 20 %",
    );
    expect(name({ range: { employeeChange: "1_" } })).toBe("Företag, förändring av antal anställda från 1");
    // Too long with them: the places stay, the size and growth go.
    expect(name({ codeSet: { location: ["12"] }, range: { numEmployees: "10_49", employeeChange: "1_" } })).toBe("Företag i Skåne län");
  });

  it("shortens a deeper industry's title to its first clause", () => {
    expect(name({ codeSet: { sni: ["43"] } })).toBe("Specialiserad bygg…");
    expect(name({ codeSet: { sni: ["16"] } })).toBe("Tillverkning av trä och varor…");
    expect(name({ codeSet: { sni: ["43210"], location: ["14"] } })).toBe("Elinstallationer i Västra Götalands län");
  });

  it("reads several codes of one section as the section once the tree is loaded", () => {
    const search = { codeSet: { sni: ["41200", "43210", "43220"], location: ["12"] } };
    expect(name(search, full)).toBe("Bygg i Skåne län");
    expect(name(search, sidebar)).toBe("Byggande av bostadshus…, Elinstallationer m.fl. i Skåne län");
  });

  it("adds the free text and the number of employees, and says Företag when no industry is chosen", () => {
    expect(name({ text: "frisör", codeSet: { location: ["1480"] } })).toBe("”frisör” i Göteborg");
    expect(name({ codeSet: { sni: ["F"], location: ["01"] }, range: { numEmployees: "10_49" } })).toBe(
      "Bygg i Stockholms län, 10–49 anställda",
    );
    expect(name({ codeSet: { location: ["12"] }, range: { numEmployees: "50_" } })).toBe("Företag i Skåne län, minst 50 anställda");
    expect(name({ range: { numEmployees: "_9" } })).toBe("Företag, högst 9 anställda");
  });

  it("stays within its length: first the size goes, then all but one industry and one place", () => {
    const long = name({ codeSet: { sni: ["F", "I", "S"], location: ["0114", "14", "12"] }, range: { numEmployees: "10_49" } });
    expect(long).toBe("Bygg m.fl. i Upplands Väsby m.fl., 10–49 anställda");
    const search = { text: "elektriker och rörmokare i hela landet", codeSet: { sni: ["43"], location: ["14", "12"] } };
    const cut = name(search);
    expect(cut.length).toBeLessThanOrEqual(SAVED_SEARCH_NAME_LENGTH);
    expect(cut).toBe("Specialiserad bygg…, ”elektriker…” i Västra Götalands län…");
  });

  it("falls back to Min bevakning when there is nothing to describe", () => {
    expect(name({})).toBe(DEFAULT_SAVED_SEARCH_NAME);
    expect(name({ bool: { fTax: true }, codeSet: { companyForm: ["49"] } })).toBe(DEFAULT_SAVED_SEARCH_NAME);
    expect(name({ codeSet: { sni: ["F"] } }, null)).toBe(DEFAULT_SAVED_SEARCH_NAME);
  });
});
