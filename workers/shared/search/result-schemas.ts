/**
 * What a search returns (spec §3): the company search record, the worksite record, the company detail and the
 * search results with their aggregations. Documents are built by search-index/documents.ts; the web app renders them.
 */
import { z } from "zod";
import { ResultTypeSchema } from "./search-schema";
import { HistogramSchema } from "./histogram";

const text = z.string().nullable();
const money = z.number().nullable();

export const CompanyRecordSchema = z.object({
  orgSeqNo: z.number().int(),
  name: z.string(),
  careOf: text,
  streetAddress: text,
  zip: text,
  city: text,
  phoneNumbers: z.array(z.string()),
  orgNo: z.string(),
  municipalityName: z.string(),
  municipalityCode: z.string(),
  countyName: z.string(),
  countyCode: z.string(),
  managerTitle: text,
  managerName: text,
  managerAge: z.number().int().nullable(),
  createdDate: z.string(),
  companyGroupMotherName: text,
  sniCodes: z.array(z.string()),
  sniNames: z.array(z.string()),
  scoring: z.number().int().min(1).max(4).nullable(),
  turnover: money,
  earnings: money,
  dividend: money,
  numEmployees: z.number().int().nullable(),
  // Null where unknown (search-fields.ts `unknownGroup`: the free registers have no registrations).
  fTaxReg: z.boolean().nullable(),
  vatReg: z.boolean().nullable(),
});
export type CompanyRecord = z.infer<typeof CompanyRecordSchema>;

export const WorksiteRecordSchema = z.object({
  cfarNo: z.string(),
  orgSeqNo: z.number().int(),
  orgNo: z.string(),
  companyName: z.string(),
  name: z.string(),
  headquarters: z.boolean(),
  careOf: text,
  streetAddress: text,
  zip: text,
  city: text,
  phoneNumber: text,
  municipalityName: z.string(),
  municipalityCode: z.string(),
  countyName: z.string(),
  countyCode: z.string(),
  employeeRange: z.string(),
  employeeRangeCode: z.string(),
  sniCodes: z.array(z.string()),
  sniNames: z.array(z.string()),
  activeFrom: z.string(),
  visitingStreetAddress: text,
  visitingZip: text,
  visitingCity: text,
  companyFTax: z.boolean().nullable(),
  companyVatReg: z.boolean().nullable(),
  companySocSec: z.boolean().nullable(),
  companyTurnover: money,
  companyEarningsAfterNetInterestIncome: money,
  companyNumberOfEmployees: z.number().int().nullable(),
});
export type WorksiteRecord = z.infer<typeof WorksiteRecordSchema>;

/**
 * The 13 figures of one part of a financial period (the company's own accounts, or its group's): money in whole
 * kronor (or the period's own currency, see FinancialFiguresSchema.currency), and the head count; null where the
 * accounts do not give the figure (a filed annual report tags only some of them: "uppgift saknas"). Their one
 * description: the source records (search-index/records.ts) hold parts of this shape and the detail view shows them as
 * they are, with the period beside them (FinancialFiguresSchema).
 */
export const FinancialPartSchema = z.object({
  turnover: z.number().int().nullable(),
  cashFlowAffectingEBTDA: z.number().int().nullable(),
  profitAndLossForTheYear: z.number().int().nullable(),
  totalAssets: z.number().int().nullable(),
  totalEquity: z.number().int().nullable(),
  sumOfCashBank: z.number().int().nullable(),
  totalLongTermLiabilities: z.number().int().nullable(),
  totalShortTermLiabilities: z.number().int().nullable(),
  earningsAfterDepreciation: z.number().int().nullable(),
  earningsAfterNetInterestIncome: z.number().int().nullable(),
  dividend: z.number().int().nullable(),
  numberOfEmployees: z.number().int().nonnegative().nullable(),
  personnelExpenses: z.number().int().nullable(),
});
export type FinancialPart = z.infer<typeof FinancialPartSchema>;
export type FinancialField = keyof FinancialPart;
/** The names of the 13 figures, in the schema's order. */
export const FINANCIAL_FIELDS: readonly FinancialField[] = FinancialPartSchema.keyof().options;

/** One part of a period as the detail view shows it: the period's type and dates, then its figures. */
export const FinancialFiguresSchema = z.object({
  type: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  ...FinancialPartSchema.shape,
  /** ISO 4217 code when the accounts are not in SEK (a report filed in EUR); absent for SEK. */
  currency: z.string().optional(),
});
export type FinancialFigures = z.infer<typeof FinancialFiguresSchema>;

/** One financial period: its end month ("2024-12"), the company part and, for group parents, the group part. */
export const FinancialPeriodViewSchema = z.object({
  period: z.string(),
  company: FinancialFiguresSchema,
  group: FinancialFiguresSchema.nullable(),
});

export interface CompanyGroupNode {
  orgNo: string;
  name: string;
  ownerShare: number | null;
  turnover: number | null;
  numEmployees: number | null;
  isTarget: boolean;
  children: CompanyGroupNode[];
}
export const CompanyGroupNodeSchema: z.ZodType<CompanyGroupNode> = z.lazy(() =>
  z.object({
    orgNo: z.string(),
    name: z.string(),
    ownerShare: z.number().nullable(),
    turnover: money,
    numEmployees: z.number().nullable(),
    isTarget: z.boolean(),
    children: z.array(CompanyGroupNodeSchema),
  }),
);

export const FinancialTypeSchema = z.enum(["CONCERN", "BUSINESS"]);

export const CompanyDetailSchema = z.object({
  type: z.literal("COMPANY"),
  orgSeqNo: z.number().int(),
  name: z.string(),
  orgNo: z.string(),
  formText: z.string(),
  form: z.string(),
  legalFormCode: z.string(),
  soleProprietorship: z.boolean(),
  careOf: text,
  streetAddress: text,
  zip: text,
  city: text,
  visitingStreetAddress: text,
  visitingZip: text,
  visitingCity: text,
  phoneNumbers: z.array(z.string()),
  seatMunicipalityText: z.string(),
  seatCountyText: z.string(),
  createdAndRegistered: z.object({ createdDate: z.string(), registeredDate: z.string() }),
  fTax: z.boolean().nullable(),
  vatReg: z.boolean().nullable(),
  socSec: z.boolean().nullable(),
  sniCodes: z.array(z.object({ sniCode: z.string(), description: z.string() })),
  companyGroupTree: CompanyGroupNodeSchema.nullable(),
  boardMembers: z.array(z.object({ name: z.string(), age: z.number().int(), roles: z.array(z.string()) })),
  beneficialOwners: z.array(z.object({ name: z.string(), age: z.number().int(), extent: z.string() })),
  beneficialReportingObligationStatus: z.boolean(),
  beneficialStatus: z.enum(["NOT_REPORTED", "UNSPECIFIED", "MISSING", "REMOVED"]).nullable(),
  beneficialSuspicion: z.boolean(),
  businessDescription: text,
  scoring: z.number().int().nullable(),
  /** The user's stored choice replaces this default in the API (spec §4 "Financial view"). */
  detailViewConfig: z.object({ companyFinancialType: FinancialTypeSchema }),
  financialPeriods: z.array(FinancialPeriodViewSchema),
  /**
   * sha256: the filed iXBRL document's own hash, when there is one; document: where it lies, a gzip member of R2
   * annual-reports/packs/<pack>.bin (docs/decisions/0050).
   */
  annualReports: z.array(
    z.object({
      refNo: z.string(),
      periodEnd: z.string(),
      sha256: z.string().optional(),
      document: z.object({ pack: z.string(), offset: z.number(), length: z.number() }).optional(),
    }),
  ),
});
export type CompanyDetail = z.infer<typeof CompanyDetailSchema>;

export const WorksiteDetailSchema = WorksiteRecordSchema.extend({ type: z.literal("WORKSITE") });
export type WorksiteDetail = z.infer<typeof WorksiteDetailSchema>;

export const EntitySchema = z.discriminatedUnion("type", [CompanyDetailSchema, WorksiteDetailSchema]);
export type Entity = z.infer<typeof EntitySchema>;

/**
 * Facet counts keyed by facet name (search-fields.ts facetNames): each code set of the result type maps codes (every
 * tree level) to counts; boolean facets map "true"/"false" to counts. Each facet also appears as `<name>_all`: the
 * same counts for all of Sweden (no constraints). Counts are disjunctive: a facet ignores its own constraint.
 */
export const AggregationsSchema = z.record(z.string(), z.record(z.string(), z.number().int().nonnegative()));
export type Aggregations = z.infer<typeof AggregationsSchema>;

export const SearchResultsSchema = z.object({
  type: ResultTypeSchema,
  hitCount: z.number().int().nonnegative(),
  records: z.union([z.array(CompanyRecordSchema), z.array(WorksiteRecordSchema)]),
  aggregations: AggregationsSchema,
  /** Name of the company of numeric.orgSeqNo, when the search has one. */
  nameForOrgSeqNo: z.string().nullable(),
  /**
   * Issue 38: when the text found nothing, the text its forgiving retry offers ("Menade du …?": å/ä/ö and a genitive
   * -s as the user probably meant them); set by the API, never by a backend.
   */
  didYouMean: z.string().min(1).optional(),
  /** Issue 39: the distribution behind one range filter, when the request asked for it (`?histogram=<field>`). */
  histogram: HistogramSchema.optional(),
});
export type SearchResults = z.infer<typeof SearchResultsSchema>;
