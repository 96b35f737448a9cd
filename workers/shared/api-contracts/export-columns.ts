/**
 * The export column catalogue (issue 17): every column an export can have, per result type, with its Swedish
 * header, the group the column chooser shows it under, how its value is written and its width. Shared by the API
 * (validating templates and export requests), the export worker (writing files) and the popup's column chooser.
 * The values themselves are read from the records in workers/export/src/columns/column-values.ts.
 */
import { z } from "zod";

/** How a column's value is written: text, a code kept as text, kronor, a whole number, a date, or Ja/Nej. */
export type ColumnKind = "text" | "code" | "money" | "integer" | "date" | "yesNo";

export interface CatalogueColumn {
  header: string;
  group: string;
  kind: ColumnKind;
  width: number;
}

const column = (group: string, header: string, kind: ColumnKind, width: number): CatalogueColumn => ({ header, group, kind, width });

const G = {
  identity: "Identitet",
  address: "Adress",
  phone: "Telefon",
  place: "Kommun och län",
  manager: "Befattningshavare",
  registration: "Registrering och skatt",
  group: "Koncern",
  industry: "Bransch (SNI)",
  economy: "Ekonomi",
  worksite: "Arbetsställe",
  company: "Företaget",
} as const;

/** The groups in the order the chooser shows them. */
export const COLUMN_GROUPS: readonly string[] = Object.values(G);

const SNI = {
  sniCode: column(G.industry, "SNI-kod", "code", 10),
  sniName: column(G.industry, "Bransch", "text", 40),
  otherSniCodes: column(G.industry, "Övriga SNI-koder", "code", 20),
  otherSniNames: column(G.industry, "Övriga branscher", "text", 50),
};

const PLACE = {
  municipalityName: column(G.place, "Kommun", "text", 18),
  municipalityCode: column(G.place, "Kommunkod", "code", 11),
  countyName: column(G.place, "Län", "text", 20),
  countyCode: column(G.place, "Länskod", "code", 9),
};

const POSTAL = {
  careOf: column(G.address, "c/o", "text", 20),
  streetAddress: column(G.address, "Utdelningsadress", "text", 30),
  zip: column(G.address, "Postnummer", "code", 11),
  city: column(G.address, "Postort", "text", 18),
};

export const COMPANY_CATALOGUE = {
  name: column(G.identity, "Företagsnamn", "text", 40),
  orgNo: column(G.identity, "Organisationsnummer", "code", 20),
  orgSeqNo: column(G.identity, "Löpnummer", "integer", 12),
  ...POSTAL,
  phoneNumbers: column(G.phone, "Telefon", "text", 26),
  phone1: column(G.phone, "Telefon 1", "text", 16),
  phone2: column(G.phone, "Telefon 2", "text", 16),
  ...PLACE,
  managerTitle: column(G.manager, "Befattning", "text", 20),
  managerName: column(G.manager, "Befattningshavare", "text", 28),
  managerFirstName: column(G.manager, "Befattningshavarens förnamn", "text", 18),
  managerLastName: column(G.manager, "Befattningshavarens efternamn", "text", 20),
  managerAge: column(G.manager, "Befattningshavarens ålder", "integer", 12),
  createdDate: column(G.registration, "Registreringsdatum", "date", 14),
  fTaxReg: column(G.registration, "F-skatt", "yesNo", 9),
  vatReg: column(G.registration, "Momsregistrerad", "yesNo", 10),
  companyGroupMotherName: column(G.group, "Koncernmoder", "text", 32),
  ...SNI,
  scoring: column(G.economy, "Kreditbetyg (1–4)", "integer", 12),
  turnover: column(G.economy, "Omsättning (kr)", "money", 18),
  earnings: column(G.economy, "Resultat (kr)", "money", 18),
  dividend: column(G.economy, "Utdelning (kr)", "money", 16),
  numEmployees: column(G.economy, "Antal anställda", "integer", 12),
} satisfies Record<string, CatalogueColumn>;

export const WORKSITE_CATALOGUE = {
  name: column(G.worksite, "Arbetsställe", "text", 36),
  cfarNo: column(G.worksite, "CFAR-nummer", "code", 13),
  headquarters: column(G.worksite, "Huvudkontor", "yesNo", 12),
  activeFrom: column(G.worksite, "Aktivt från", "date", 14),
  employeeRange: column(G.worksite, "Antal anställda (storleksklass)", "text", 18),
  employeeRangeCode: column(G.worksite, "Storleksklass, kod", "code", 11),
  ...POSTAL,
  visitingStreetAddress: column(G.address, "Besöksadress", "text", 30),
  visitingZip: column(G.address, "Besökspostnummer", "code", 11),
  visitingCity: column(G.address, "Besöksort", "text", 18),
  phoneNumber: column(G.phone, "Telefon", "text", 16),
  ...PLACE,
  ...SNI,
  companyName: column(G.company, "Företagsnamn", "text", 36),
  orgNo: column(G.company, "Organisationsnummer", "code", 20),
  orgSeqNo: column(G.company, "Löpnummer", "integer", 12),
  companyFTax: column(G.company, "Företagets F-skatt", "yesNo", 10),
  companyVatReg: column(G.company, "Företagets momsregistrering", "yesNo", 10),
  companySocSec: column(G.company, "Företaget arbetsgivarregistrerat", "yesNo", 10),
  companyTurnover: column(G.company, "Företagets omsättning (kr)", "money", 18),
  companyEarningsAfterNetInterestIncome: column(G.company, "Företagets resultat efter finansnetto (kr)", "money", 18),
  companyNumberOfEmployees: column(G.company, "Företagets antal anställda", "integer", 12),
} satisfies Record<string, CatalogueColumn>;

export type CompanyColumnId = keyof typeof COMPANY_CATALOGUE;
export type WorksiteColumnId = keyof typeof WORKSITE_CATALOGUE;
export type ExportResultType = "COMPANY" | "WORKSITE";

export const CATALOGUES: Record<ExportResultType, Readonly<Record<string, CatalogueColumn>>> = {
  COMPANY: COMPANY_CATALOGUE,
  WORKSITE: WORKSITE_CATALOGUE,
};

/** The built-in template "Standard": the fixed column set every export had before templates (spec §2). */
export const STANDARD_COLUMNS: { COMPANY: readonly CompanyColumnId[]; WORKSITE: readonly WorksiteColumnId[] } = {
  COMPANY: [
    "name",
    "orgNo",
    "careOf",
    "streetAddress",
    "zip",
    "city",
    "phoneNumbers",
    "municipalityName",
    "municipalityCode",
    "countyName",
    "countyCode",
    "managerTitle",
    "managerName",
    "managerAge",
    "createdDate",
    "companyGroupMotherName",
    "sniCode",
    "sniName",
    "otherSniCodes",
    "otherSniNames",
    "scoring",
    "turnover",
    "earnings",
    "dividend",
    "numEmployees",
    "fTaxReg",
    "vatReg",
    "orgSeqNo",
  ],
  WORKSITE: [
    "name",
    "cfarNo",
    "companyName",
    "orgNo",
    "headquarters",
    "careOf",
    "streetAddress",
    "zip",
    "city",
    "visitingStreetAddress",
    "visitingZip",
    "visitingCity",
    "phoneNumber",
    "municipalityName",
    "municipalityCode",
    "countyName",
    "countyCode",
    "employeeRange",
    "employeeRangeCode",
    "sniCode",
    "sniName",
    "otherSniCodes",
    "otherSniNames",
    "activeFrom",
    "companyFTax",
    "companyVatReg",
    "companySocSec",
    "companyTurnover",
    "companyEarningsAfterNetInterestIncome",
    "companyNumberOfEmployees",
    "orgSeqNo",
  ],
};

export const MAX_EXPORT_COLUMNS = 100;
export const ExportResultTypeSchema = z.enum(["COMPANY", "WORKSITE"]);
export const ExportFormatSchema = z.enum(["xlsx", "csv"]);
export type ExportFormat = z.infer<typeof ExportFormatSchema>;

/** One column of a template or an export request: a catalogue id, optionally under another header (CRM templates). */
export const ColumnSpecSchema = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9]{1,60}$/, "Okänd kolumn"),
  header: z.string().trim().min(1, "Ange en rubrik").max(100, "Rubriken får vara högst 100 tecken").optional(),
});
export type ColumnSpec = z.infer<typeof ColumnSpecSchema>;

export const ColumnListSchema = z
  .array(ColumnSpecSchema)
  .min(1, "Välj minst en kolumn")
  .max(MAX_EXPORT_COLUMNS, `Välj högst ${MAX_EXPORT_COLUMNS} kolumner`);

/** Issues for every column id the result type's catalogue does not have (path "<index>.id"). */
export function unknownColumnIssues(resultType: ExportResultType, columns: readonly ColumnSpec[]) {
  const catalogue = CATALOGUES[resultType];
  return columns.flatMap((c, i) => (Object.hasOwn(catalogue, c.id) ? [] : [{ path: `${i}.id`, message: `Okänd kolumn: ${c.id}` }]));
}

/** A catalogue column with the header a template gives it. */
export interface ResolvedColumn extends CatalogueColumn {
  id: string;
}

/** Column specs → catalogue columns in the given order (throws on an unknown id: validate first). */
export function resolveColumnSpecs(resultType: ExportResultType, columns: readonly ColumnSpec[]): ResolvedColumn[] {
  const catalogue = CATALOGUES[resultType];
  return columns.map((c) => {
    const entry = Object.hasOwn(catalogue, c.id) ? catalogue[c.id] : undefined;
    if (!entry) throw new Error(`Unknown export column ${resultType}.${c.id}`);
    return { ...entry, id: c.id, header: c.header ?? entry.header };
  });
}

export const standardColumnSpecs = (resultType: ExportResultType): ColumnSpec[] => STANDARD_COLUMNS[resultType].map((id) => ({ id }));
