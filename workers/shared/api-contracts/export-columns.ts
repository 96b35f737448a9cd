/**
 * The export column catalogue (issue 17): every column an export can have, per result type, with its Swedish
 * header, the group the column chooser shows it under, how its value is written and its width. Shared by the API
 * (validating templates and export requests), the export worker (writing files) and the popup's column chooser.
 * The values themselves are read from the records in workers/export/src/columns/column-values.ts.
 */
import { z } from "zod";
import { hasUnsaveableCharacters, UNSAVEABLE_TEXT_MESSAGE } from "../plain-text";

/** How a column's value is written: text, a code kept as text, kronor, a whole number, a date, or Ja/Nej. */
export const ColumnKindSchema = z.enum(["text", "code", "money", "integer", "date", "yesNo"]);
export type ColumnKind = z.infer<typeof ColumnKindSchema>;

/** One catalogue entry. */
export const CatalogueColumnSchema = z.strictObject({
  header: z.string().min(1).max(100),
  group: z.string().min(1),
  kind: ColumnKindSchema,
  width: z.number().int().min(4).max(80),
  /** Read from the company detail (board, owners, financial periods...): the export reads details too. */
  detail: z.literal(true).optional(),
});
export type CatalogueColumn = z.infer<typeof CatalogueColumnSchema>;

/** A result type's catalogue: column id → entry. */
export const ColumnCatalogueSchema = z.record(z.string().regex(/^[A-Za-z0-9]{1,60}$/), CatalogueColumnSchema);

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
  board: "Styrelse och ägare",
  period1: "Bokslut 1 (senaste)",
  period2: "Bokslut 2",
  period3: "Bokslut 3",
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
  activeFrom: column(G.worksite, "Startdatum", "date", 14),
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

const detailColumn = (group: string, header: string, kind: ColumnKind, width: number): CatalogueColumn => ({
  ...column(group, header, kind, width),
  detail: true,
});

/** The fields of a financial period (spec §3), in the order the chooser shows them. */
export const FINANCIAL_FIELDS = {
  type: ["Typ av bokslut", "text", 12],
  periodStart: ["Räkenskapsårets början", "date", 12],
  periodEnd: ["Räkenskapsårets slut", "date", 12],
  turnover: ["Omsättning (kr)", "money", 16],
  cashFlowAffectingEBTDA: ["Kassaflödespåverkande EBITDA (kr)", "money", 16],
  profitAndLossForTheYear: ["Årets resultat (kr)", "money", 16],
  totalAssets: ["Summa tillgångar (kr)", "money", 16],
  totalEquity: ["Eget kapital (kr)", "money", 16],
  sumOfCashBank: ["Kassa och bank (kr)", "money", 16],
  totalLongTermLiabilities: ["Långfristiga skulder (kr)", "money", 16],
  totalShortTermLiabilities: ["Kortfristiga skulder (kr)", "money", 16],
  earningsAfterDepreciation: ["Rörelseresultat (kr)", "money", 16],
  earningsAfterNetInterestIncome: ["Resultat efter finansnetto (kr)", "money", 16],
  dividend: ["Utdelning (kr)", "money", 16],
  numberOfEmployees: ["Antal anställda", "integer", 12],
  personnelExpenses: ["Personalkostnader (kr)", "money", 16],
} as const satisfies Record<string, readonly [string, ColumnKind, number]>;
export type FinancialField = keyof typeof FINANCIAL_FIELDS;
/** The last three financial periods, newest first (spec §9: tables show at most 3 periods). */
export const FINANCIAL_PERIODS = [1, 2, 3] as const;
const PERIOD_GROUPS = [G.period1, G.period2, G.period3];

/** "fp1Turnover": the field of the n-th newest period. */
export const financialColumnId = (n: number, field: FinancialField) => `fp${n}${field[0]!.toUpperCase()}${field.slice(1)}`;

function financialColumns(): Record<string, CatalogueColumn> {
  const columns: Record<string, CatalogueColumn> = {};
  for (const n of FINANCIAL_PERIODS) {
    for (const [field, [header, kind, width]] of Object.entries(FINANCIAL_FIELDS)) {
      columns[financialColumnId(n, field as FinancialField)] = detailColumn(PERIOD_GROUPS[n - 1]!, `${header}, bokslut ${n}`, kind, width);
    }
  }
  return columns;
}

/** Company columns read from the detail (spec §3 company detail and financial periods). */
export const COMPANY_DETAIL_CATALOGUE = {
  formText: detailColumn(G.identity, "Bolagsform", "text", 24),
  businessDescription: detailColumn(G.industry, "Verksamhetsbeskrivning", "text", 50),
  visitingStreetAddress: detailColumn(G.address, "Besöksadress", "text", 30),
  visitingZip: detailColumn(G.address, "Besökspostnummer", "code", 11),
  visitingCity: detailColumn(G.address, "Besöksort", "text", 18),
  seatMunicipalityText: detailColumn(G.place, "Säte, kommun", "text", 18),
  seatCountyText: detailColumn(G.place, "Säte, län", "text", 20),
  registeredDate: detailColumn(G.registration, "Registrerat hos Bolagsverket", "date", 14),
  socSec: detailColumn(G.registration, "Arbetsgivarregistrerad", "yesNo", 10),
  boardMembers: detailColumn(G.board, "Styrelse och befattningshavare", "text", 60),
  beneficialOwners: detailColumn(G.board, "Verkliga huvudmän", "text", 50),
  // Growth from the financial periods (#shared/search/growth); empty where they are too few.
  turnoverChange: detailColumn(G.economy, "Omsättningsförändring (%)", "integer", 14),
  employeeChange: detailColumn(G.economy, "Förändring av antal anställda", "integer", 14),
  gasell: detailColumn(G.economy, "Gasellföretag", "yesNo", 12),
} satisfies Record<string, CatalogueColumn>;
export type CompanyDetailColumnId = keyof typeof COMPANY_DETAIL_CATALOGUE;

export type CompanyColumnId = keyof typeof COMPANY_CATALOGUE;
export type WorksiteColumnId = keyof typeof WORKSITE_CATALOGUE;
export type ExportResultType = "COMPANY" | "WORKSITE";

export const CATALOGUES: Record<ExportResultType, Readonly<Record<string, CatalogueColumn>>> = {
  COMPANY: { ...COMPANY_CATALOGUE, ...COMPANY_DETAIL_CATALOGUE, ...financialColumns() },
  WORKSITE: WORKSITE_CATALOGUE,
};

/** Whether an export with these columns reads the company details too. */
export const needsDetails = (resultType: ExportResultType, columns: readonly ColumnSpec[]) =>
  columns.some((c) => CATALOGUES[resultType][c.id]?.detail === true);

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
  header: z
    .string()
    .trim()
    .min(1, "Ange en rubrik")
    .max(100, "Rubriken får vara högst 100 tecken")
    .refine((header) => !hasUnsaveableCharacters(header), UNSAVEABLE_TEXT_MESSAGE)
    .optional(),
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
