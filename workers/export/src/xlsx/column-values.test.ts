import { describe, expect, it } from "vitest";
import {
  COMPANY_CATALOGUE,
  ColumnListSchema,
  resolveColumnSpecs,
  unknownColumnIssues,
  WORKSITE_CATALOGUE,
} from "../../../shared/api-contracts/export-columns";
import { companyColumns, splitPersonName, worksiteColumns } from "./column-values";
import { COMPANY_COLUMNS } from "./company-columns";
import { companyRecord, worksiteRecord } from "./testing/sample-records";
import { WORKSITE_COLUMNS } from "./worksite-columns";

describe("export column catalogue", () => {
  it("keeps template Standard as the fixed column set of before (headers in order)", () => {
    expect(COMPANY_COLUMNS.map((c) => c.header)).toEqual([
      "Företagsnamn",
      "Organisationsnummer",
      "c/o",
      "Utdelningsadress",
      "Postnummer",
      "Postort",
      "Telefon",
      "Kommun",
      "Kommunkod",
      "Län",
      "Länskod",
      "Befattning",
      "Befattningshavare",
      "Befattningshavarens ålder",
      "Registreringsdatum",
      "Koncernmoder",
      "SNI-kod",
      "Bransch",
      "Övriga SNI-koder",
      "Övriga branscher",
      "Kreditbetyg (1–4)",
      "Omsättning (kr)",
      "Resultat (kr)",
      "Utdelning (kr)",
      "Antal anställda",
      "F-skatt",
      "Momsregistrerad",
      "Löpnummer",
    ]);
    expect(WORKSITE_COLUMNS).toHaveLength(31);
    expect(WORKSITE_COLUMNS[0]!.header).toBe("Arbetsställe");
    expect(WORKSITE_COLUMNS.at(-1)!.header).toBe("Löpnummer");
  });

  it("reads every catalogue column from a record, in the order and under the header asked for", () => {
    const record = { ...companyRecord(5), managerName: "Anna Maria Öberg", phoneNumbers: ["08-123", "070-1"] };
    const all = companyColumns(Object.keys(COMPANY_CATALOGUE).map((id) => ({ id })));
    expect(all).toHaveLength(Object.keys(COMPANY_CATALOGUE).length);
    const picked = companyColumns([{ id: "managerLastName", header: "Last Name" }, { id: "phone2" }, { id: "managerFirstName" }]);
    expect(picked.map((c) => [c.header, c.value(record)])).toEqual([
      ["Last Name", "Öberg"],
      ["Telefon 2", "070-1"],
      ["Befattningshavarens förnamn", "Anna Maria"],
    ]);
    const site = worksiteRecord(2);
    const worksite = worksiteColumns(Object.keys(WORKSITE_CATALOGUE).map((id) => ({ id })));
    expect(worksite.find((c) => c.header === "CFAR-nummer")!.value(site)).toBe(site.cfarNo);
  });

  it("splits a person's name at the last space", () => {
    expect(splitPersonName("Per Ek")).toEqual(["Per", "Ek"]);
    expect(splitPersonName("Ek")).toEqual([null, "Ek"]);
    expect(splitPersonName(null)).toEqual([null, null]);
  });

  it("names unknown columns per result type and refuses to resolve them", () => {
    expect(unknownColumnIssues("WORKSITE", [{ id: "cfarNo" }, { id: "scoring" }])).toEqual([
      { path: "1.id", message: "Okänd kolumn: scoring" },
    ]);
    expect(unknownColumnIssues("COMPANY", [{ id: "toString" }])).toHaveLength(1);
    expect(() => resolveColumnSpecs("COMPANY", [{ id: "constructor" }])).toThrow();
    expect(ColumnListSchema.safeParse([]).success).toBe(false);
    expect(ColumnListSchema.safeParse([{ id: "name", extra: 1 }]).success).toBe(false);
  });
});
