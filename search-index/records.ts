/**
 * Source records: the one format the dataset generator and the register loaders write (NDJSON, one record per line,
 * companies and worksites in separate files) and the reindex CLI reads. Every field the search records and detail
 * views of spec §3 need is here; the search backends derive their columns and documents from these records.
 *
 * Conventions: money in whole SEK (kronor); dates as "YYYY-MM-DD"; codes as strings exactly as in the reference data
 * (SNI 5-digit without dot, municipality 4 digits, county 2 digits, SCB legal form 2 digits).
 */
import { z } from "zod";
import { FinancialPartSchema } from "#shared/search/result-schemas";

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const orgNo = z.string().regex(/^\d{6}-\d{4}$/);
const sniCode = z
  .string()
  .regex(/^\d{5}$/)
  .refine((c) => c !== "00000", "Ogiltig SNI-kod");
const municipalityCode = z.string().regex(/^\d{4}$/);
const countyCode = z.string().regex(/^\d{2}$/);
const nullableText = z.string().nullable();

export const BeneficialStatusSchema = z.enum(["NOT_REPORTED", "UNSPECIFIED", "MISSING", "REMOVED"]);

export const AddressSchema = z.object({
  careOf: nullableText,
  streetAddress: nullableText,
  zip: z
    .string()
    .regex(/^\d{3} \d{2}$/)
    .nullable(),
  city: nullableText,
});
export type Address = z.infer<typeof AddressSchema>;

/** A period's company and group parts: the 13 figures described once, in workers/shared/search/result-schemas.ts. */
export { FinancialPartSchema, type FinancialPart } from "#shared/search/result-schemas";

export const FinancialPeriodSchema = z.object({
  /** Accounts type of the period, e.g. "ÅR" (annual report) */
  type: z.string(),
  periodStart: isoDate,
  periodEnd: isoDate,
  company: FinancialPartSchema,
  /** Group figures, present only for group parents that report consolidated accounts. */
  group: FinancialPartSchema.nullable(),
  /** ISO 4217 code of the figures when not SEK (an annual report filed in EUR); such a period never feeds the SEK ranges. */
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
});
export type FinancialPeriod = z.infer<typeof FinancialPeriodSchema>;

export const BoardMemberSchema = z.object({ name: z.string(), age: z.number().int().min(15).max(110), roles: z.array(z.string()).min(1) });
export const BeneficialOwnerSchema = z.object({ name: z.string(), age: z.number().int().min(0).max(110), extent: z.string() });

export interface GroupNode {
  orgNo: string;
  name: string;
  ownerShare: number | null;
  turnover: number | null;
  numEmployees: number | null;
  isTarget?: boolean;
  children: GroupNode[];
}
export const GroupNodeSchema: z.ZodType<GroupNode> = z.lazy(() =>
  z.object({
    orgNo,
    name: z.string(),
    ownerShare: z.number().min(0).max(100).nullable(),
    turnover: z.number().int().nullable(),
    numEmployees: z.number().int().nullable(),
    isTarget: z.boolean().optional(),
    children: z.array(GroupNodeSchema),
  }),
);

export const AnnualReportSchema = z.object({
  refNo: z.string(),
  periodEnd: isoDate,
  /** The filed iXBRL document's SHA-256 (hex). Absent: no filed document (the printable summary opens instead). */
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  /** Where the filed document lies: a gzip member at offset/length of R2 annual-reports/packs/<pack>.bin (decision 0050). */
  document: z
    .object({
      pack: z.string().regex(/^[0-9a-f]{64}$/),
      offset: z.number().int().nonnegative(),
      length: z.number().int().positive(),
    })
    .optional(),
});

export const CompanySourceRecordSchema = z.object({
  kind: z.literal("company"),
  /** Stable numeric id (the spec's orgSeqNo), unique across the register. */
  orgSeqNo: z.number().int().positive(),
  orgNo,
  name: z.string().min(1),
  /** SCB legal-form code (juridisk form), e.g. "49" aktiebolag, "10" fysisk person (sole trader). */
  legalFormCode: z.string().regex(/^\d{2}$/),
  /** Short form code shown in the detail view: AB, EN (sole trader), HB, KB, EF, BRF, ... */
  form: z.string().min(1),
  formText: z.string(),
  /** Sole traders' organisation numbers are personal identity numbers: personal data. */
  soleProprietorship: z.boolean(),
  isActive: z.boolean(),
  postalAddress: AddressSchema,
  visitingAddress: AddressSchema.nullable(),
  phoneNumbers: z.array(z.string()),
  seatMunicipalityCode: municipalityCode,
  seatCountyCode: countyCode,
  createdDate: isoDate,
  registeredDate: isoDate,
  /**
   * The registrations at the Swedish Tax Agency; null where unknown: the free registers (Bolagsverket's and SCB's bulk
   * files) have none of them, SCB's paid register has all three, so they are known or unknown together.
   */
  fTaxReg: z.boolean().nullable(),
  vatReg: z.boolean().nullable(),
  /** Registered as employer (arbetsgivaravgifter / "socSec"). */
  employerReg: z.boolean().nullable(),
  /** Main SNI code first. */
  sniCodes: z.array(sniCode),
  managerTitle: nullableText,
  managerName: nullableText,
  managerAge: z.number().int().nullable(),
  boardMembers: z.array(BoardMemberSchema),
  beneficialOwners: z.array(BeneficialOwnerSchema),
  beneficialReportingObligation: z.boolean(),
  beneficialStatus: BeneficialStatusSchema.nullable(),
  beneficialSuspicion: z.boolean(),
  businessDescription: nullableText,
  /** Credit grade 1–4, null when not graded. */
  scoring: z.number().int().min(1).max(4).nullable(),
  /** Closing month of the fiscal year, 1–12. */
  fiscalYearEndMonth: z.number().int().min(1).max(12),
  /** SCB employee size class code of the company ("0".."16"). */
  employeeRangeCode: z.string(),
  /** Latest period's key figures (also in financialPeriods); null when no accounts. */
  turnover: z.number().int().nullable(),
  earnings: z.number().int().nullable(),
  dividend: z.number().int().nullable(),
  numEmployees: z.number().int().nonnegative().nullable(),
  financialPeriods: z.array(FinancialPeriodSchema),
  annualReports: z.array(AnnualReportSchema),
  /** Group membership: the mother company's orgNo (itself for the mother), null when not in a group. */
  groupMotherOrgNo: orgNo.nullable(),
  companyGroupMotherName: nullableText,
  /** The whole group tree from the mother down; isTarget is set per company when documents are built. */
  companyGroupTree: GroupNodeSchema.nullable(),
  isListed: z.boolean(),
  isOwnerManaged: z.boolean(),
  hasAuditor: z.boolean(),
  auditObligation: z.boolean(),
  /** Shelf company ("lagerbolag"). */
  isShelfCompany: z.boolean(),
  /** True when employeeRangeCode was derived from an annual report's average head count by SCB's class limits. */
  employeeRangeDerived: z.boolean().optional(),
});
export type CompanySourceRecord = z.infer<typeof CompanySourceRecordSchema>;

export const WorksiteSourceRecordSchema = z.object({
  kind: z.literal("worksite"),
  /** CFAR number, 8 digits, the worksite's id. */
  cfarNo: z.string().regex(/^\d{8}$/),
  orgSeqNo: z.number().int().positive(),
  orgNo,
  name: z.string().min(1),
  headquarters: z.boolean(),
  postalAddress: AddressSchema,
  visitingAddress: AddressSchema.nullable(),
  phoneNumber: nullableText,
  municipalityCode,
  countyCode,
  /** SCB employee size class code ("0".."16"). */
  employeeRangeCode: z.string(),
  sniCodes: z.array(sniCode),
  activeFrom: isoDate,
});
export type WorksiteSourceRecord = z.infer<typeof WorksiteSourceRecordSchema>;

/**
 * Dataset layout on disk (written by `npm run data:generate`, read by `npm run reindex`):
 *   DIR/manifest.json          { format: "urval-source/1", seed, companies, worksites, generatedAt }
 *   DIR/companies.ndjson       one CompanySourceRecord per line
 *   DIR/worksites.ndjson       one WorksiteSourceRecord per line
 */
export const SOURCE_FORMAT = "urval-source/1";
export const SourceManifestSchema = z.object({
  format: z.literal(SOURCE_FORMAT),
  seed: z.number().int().nullable(),
  companies: z.number().int().nonnegative(),
  worksites: z.number().int().nonnegative(),
  generatedAt: z.string(),
  source: z.string(),
});
export type SourceManifest = z.infer<typeof SourceManifestSchema>;
