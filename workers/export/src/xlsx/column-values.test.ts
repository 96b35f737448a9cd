import { describe, expect, it } from "vitest";
import {
  COMPANY_CATALOGUE,
  CATALOGUES,
  COLUMN_GROUPS,
  ColumnCatalogueSchema,
  ColumnListSchema,
  needsDetails,
  resolveColumnSpecs,
  unknownColumnIssues,
  WORKSITE_CATALOGUE,
} from "#shared/api-contracts/export-columns";
import { companyColumns, splitPersonName, worksiteColumns } from "./column-values";
import { COMPANY_COLUMNS } from "./company-columns";
import { companyRecord, worksiteRecord } from "#tests/support/xlsx/sample-records";
import type { CompanyDetail } from "#shared/search/result-schemas";

const FIGURES = {
  type: "ÅR",
  periodStart: "",
  cashFlowAffectingEBTDA: 0,
  profitAndLossForTheYear: 0,
  totalAssets: 0,
  totalEquity: 0,
  sumOfCashBank: 0,
  totalLongTermLiabilities: 0,
  totalShortTermLiabilities: 0,
  earningsAfterDepreciation: 0,
  earningsAfterNetInterestIncome: 0,
  dividend: 0,
  numberOfEmployees: 0,
  personnelExpenses: 0,
};
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

  it("is valid against its zod contract, every group is shown, and every column id is readable", () => {
    for (const resultType of ["COMPANY", "WORKSITE"] as const) {
      const catalogue = ColumnCatalogueSchema.parse(CATALOGUES[resultType]);
      for (const entry of Object.values(catalogue)) expect(COLUMN_GROUPS).toContain(entry.group);
      const columns = (resultType === "COMPANY" ? companyColumns : worksiteColumns)(Object.keys(catalogue).map((id) => ({ id })));
      expect(columns.every((c) => typeof c.value === "function")).toBe(true);
    }
    expect(Object.keys(CATALOGUES.COMPANY)).toHaveLength(32 + 14 + 48);
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

  it("reads detail columns: the board and the owners in one cell each, the financial periods newest first", () => {
    const figures = (periodEnd: string, turnover: number) => ({ ...FIGURES, periodEnd, turnover });
    const detail = {
      boardMembers: [
        { name: "Anna Ek", age: 54, roles: ["Ordförande", "Ledamot"] },
        { name: "Per Öberg", age: 61, roles: ["Ledamot"] },
      ],
      beneficialOwners: [{ name: "Anna Ek", age: 54, extent: "mer än 75 %" }],
      financialPeriods: [
        { period: "2022-12", company: figures("2022-12-31", 100), group: null },
        { period: "2024-12", company: figures("2024-12-31", 300), group: null },
        { period: "2023-12", company: figures("2023-12-31", 200), group: null },
      ],
    } as unknown as CompanyDetail;
    const record = { ...companyRecord(1), detail };
    const columns = companyColumns(
      ["boardMembers", "beneficialOwners", "fp1Turnover", "fp3PeriodEnd", "fp2Turnover"].map((id) => ({ id })),
    );
    expect(columns.map((c) => c.value(record))).toEqual([
      "Anna Ek (Ordförande, Ledamot, 54 år); Per Öberg (Ledamot, 61 år)",
      "Anna Ek (mer än 75 %, 54 år)",
      300,
      "2022-12-31",
      200,
    ]);
    expect(columns.map((c) => c.value(companyRecord(1)))).toEqual([null, null, null, null, null]);
    expect(needsDetails("COMPANY", [{ id: "name" }])).toBe(false);
    expect(needsDetails("COMPANY", [{ id: "name" }, { id: "fp3Dividend" }])).toBe(true);
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
