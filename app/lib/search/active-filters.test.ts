import { describe, expect, it } from "vitest";
import { SearchSchema } from "#shared/search/search-schema";
import { activeFilterCount } from "./active-filters";

describe("activeFilterCount (issue 29: 'Filter (n)')", () => {
  it("is 0 for a search without filters, whatever its text, sort or list files", () => {
    expect(activeFilterCount(SearchSchema.parse({}))).toBe(0);
    expect(activeFilterCount(SearchSchema.parse({ text: "bygg", numSet: { includeFile: [7] } }))).toBe(0);
  });

  it("counts each chosen or excluded code, range, yes/no filter and match option", () => {
    const search = SearchSchema.parse({
      codeSet: { sni: ["F", "C"], location: ["01"], companyForm: ["49"] },
      excludeCodeSet: { location: ["0180"] },
      range: { turnover: "1000000_5000000" },
      bool: { fTax: true, useMainSni: false },
    });
    expect(activeFilterCount(search)).toBe(8);
  });
});
