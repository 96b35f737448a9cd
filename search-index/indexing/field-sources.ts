/**
 * Where each declared search field's value comes from (the declarations are in workers/shared/search/search-fields.ts):
 * one function per field from the source record. Both reindexes read these, the embedded one into its columns
 * (embedded/column-facts.ts) and the Elasticsearch one into its documents (elasticsearch/es-documents.ts), so a field
 * is filled the same way in both. A declared field without a source here fails the type check.
 */
import { employeeChange, growthPeriods, isGazelle, turnoverChange, type GrowthPeriod } from "#shared/search/growth";
import {
  CODE_SETS,
  FLAT_CODE_SETS,
  RANGE_FIELD_NAMES,
  unknownGroupOf,
  type BoolFilter,
  type CodeSetName,
  type FlatCodeSet,
  type RangeField,
} from "#shared/search/search-fields";
import type { CompanySourceRecord, FinancialPart, WorksiteSourceRecord } from "../records";

/** "YYYY-MM-DD" → YYYYMMDD as a number. */
export function dateNumber(date: string): number {
  return Number(date.slice(0, 4) + date.slice(5, 7) + date.slice(8, 10));
}

function latestPart(source: CompanySourceRecord): FinancialPart | null {
  let latest = source.financialPeriods[0];
  for (const period of source.financialPeriods) if (latest && period.periodEnd > latest.periodEnd) latest = period;
  // A period in another currency (an annual report filed in EUR) never feeds the SEK ranges.
  return latest && !latest.currency ? latest.company : null;
}

const growthOf = (source: CompanySourceRecord): GrowthPeriod[] => growthPeriods(source.financialPeriods, (period) => period.company);

/**
 * A company's value of each range field (null or undefined where it has none), or null for a field that stores
 * nothing of its own: one derived from another column (companyAge, search-fields.ts `derive`) or a list kept apart
 * (beneficialOwnerAge: the owners' ages). Worksites carry their company's value of the fields they share with it.
 */
export const RANGE_SOURCES: Record<RangeField, ((source: CompanySourceRecord) => number | null | undefined) | null> = {
  turnover: (c) => c.turnover,
  earnings: (c) => c.earnings,
  dividend: (c) => c.dividend,
  numEmployees: (c) => c.numEmployees,
  turnoverChange: (c) => turnoverChange(growthOf(c)),
  employeeChange: (c) => employeeChange(growthOf(c)),
  scoring: (c) => c.scoring,
  createdDate: (c) => dateNumber(c.createdDate),
  companyAge: null,
  managerAge: (c) => c.managerAge,
  beneficialOwnerAge: null,
  totalAssets: (c) => latestPart(c)?.totalAssets,
  totalEquity: (c) => latestPart(c)?.totalEquity,
  sumOfCashBank: (c) => latestPart(c)?.sumOfCashBank,
  personnelExpenses: (c) => latestPart(c)?.personnelExpenses,
  operatingResult: (c) => latestPart(c)?.earningsAfterDepreciation,
  profitForTheYear: (c) => latestPart(c)?.profitAndLossForTheYear,
};

/** Range fields stored per company (a column each), in declaration order. */
export const COMPANY_VALUE_FIELDS: readonly RangeField[] = RANGE_FIELD_NAMES.filter((field) => RANGE_SOURCES[field] !== null);
export type CompanyValueField = RangeField;

/** A company's stored range values (COMPANY_VALUE_FIELDS; NaN where missing, and for a field that stores nothing). */
export function companyValues(source: CompanySourceRecord): Record<RangeField, number> {
  const values = {} as Record<RangeField, number>;
  for (const field of RANGE_FIELD_NAMES) values[field] = RANGE_SOURCES[field]?.(source) ?? Number.NaN;
  return values;
}

export interface FlagSource {
  /** A company's value; absent for a worksite-only flag; null where unknown (a flag declared `mayBeUnknown`). */
  company?: (source: CompanySourceRecord) => boolean | null;
  /** A worksite's own value, or "company": its company's value. Absent for a company-only flag. */
  worksite?: ((source: WorksiteSourceRecord) => boolean) | "company";
}

export const FLAG_SOURCES: Record<BoolFilter, FlagSource> = {
  hasPhone: { company: (c) => c.phoneNumbers.length > 0, worksite: (w) => w.phoneNumber !== null && w.phoneNumber !== "" },
  headquarters: { worksite: (w) => w.headquarters },
  // Null where the company's data comes from the free registers (to-record.ts UNKNOWN): known or unknown together.
  fTax: { company: (c) => c.fTaxReg, worksite: "company" },
  vatReg: { company: (c) => c.vatReg, worksite: "company" },
  employerReg: { company: (c) => c.employerReg, worksite: "company" },
  listed: { company: (c) => c.isListed },
  inGroup: { company: (c) => c.groupMotherOrgNo !== null },
  ownerManaged: { company: (c) => c.isOwnerManaged },
  hasAuditor: { company: (c) => c.hasAuditor },
  auditObligation: { company: (c) => c.auditObligation },
  shelfCompany: { company: (c) => c.isShelfCompany },
  gasell: { company: (c) => isGazelle(growthOf(c)) },
};

const FLAGS = Object.entries(FLAG_SOURCES) as [BoolFilter, FlagSource][];

/**
 * A company's flags by name (company-only and shared flags); an unknown one is left out, and with it every flag of its
 * `unknownGroup` (search-fields.ts): flags known together are never half known, so they can share the embedded
 * index's known bit.
 */
export function companyFlags(source: CompanySourceRecord): Partial<Record<BoolFilter, boolean>> {
  const flags: Partial<Record<BoolFilter, boolean>> = {};
  const unknownGroups = new Set<string>();
  for (const [name, from] of FLAGS) {
    if (!from.company) continue;
    const value = from.company(source);
    if (value !== null) flags[name] = value;
    else unknownGroups.add(unknownGroupOf(name) ?? name);
  }
  for (const name of Object.keys(flags) as BoolFilter[]) if (unknownGroups.has(unknownGroupOf(name) ?? name)) delete flags[name];
  return flags;
}

/** The flags a worksite takes over from its company. */
export const INHERITED_FLAGS: readonly BoolFilter[] = FLAGS.filter(([, from]) => from.worksite === "company").map(([name]) => name);

/** A worksite's flags by name: its own, and its company's where the flag is the company's (`inherited`). */
export function worksiteFlags(
  source: WorksiteSourceRecord,
  inherited: Partial<Record<BoolFilter, boolean>> = {},
): Partial<Record<BoolFilter, boolean>> {
  const flags: Partial<Record<BoolFilter, boolean>> = {};
  for (const [name, from] of FLAGS) {
    if (from.worksite === "company") {
      // The company's value, or none where the company's is unknown (the registrations from the free registers).
      const value = inherited[name];
      if (value !== undefined) flags[name] = value;
    } else if (from.worksite) flags[name] = from.worksite(source);
  }
  return flags;
}

/**
 * A record's codes in a code set, per result type the set applies to: a flat set's one code; a tree's codes (the
 * first its own: the main industry, the seat), the index adding their ancestors. A company's places also take its
 * worksites' places, which the reindex adds (search-fields.ts `nodes.any`). A declared set without a source here
 * fails the type check.
 */
type CodesOf<K extends CodeSetName> = (typeof CODE_SETS)[K]["kind"] extends "codes" ? string : readonly string[];
export type CodeSetSources = {
  [K in CodeSetName]: {
    company?: (source: CompanySourceRecord) => CodesOf<K>;
    worksite?: (source: WorksiteSourceRecord) => CodesOf<K>;
  };
};

export const CODE_SET_SOURCES: CodeSetSources = {
  sni: { company: (c) => c.sniCodes, worksite: (w) => w.sniCodes },
  location: { company: (c) => [c.seatMunicipalityCode], worksite: (w) => [w.municipalityCode] },
  companyForm: { company: (c) => c.legalFormCode },
  fiscalYear: { company: (c) => String(c.fiscalYearEndMonth) },
  employeeRange: { worksite: (w) => w.employeeRangeCode },
};

/** The flat code sets of each kind of record, in declaration order (the embedded code columns' order). */
export const COMPANY_CODE_SETS: readonly FlatCodeSet[] = FLAT_CODE_SETS.filter((name) => CODE_SETS[name].types.includes("COMPANY"));
export const WORKSITE_CODE_SETS: readonly FlatCodeSet[] = FLAT_CODE_SETS.filter((name) => CODE_SETS[name].types.includes("WORKSITE"));

/** A company's code in each of its flat sets (COMPANY_CODE_SETS order). */
export const companyCodes = (source: CompanySourceRecord): string[] =>
  COMPANY_CODE_SETS.map((name) => CODE_SET_SOURCES[name].company?.(source) ?? "");
/** A worksite's code in each of its flat sets (WORKSITE_CODE_SETS order). */
export const worksiteCodes = (source: WorksiteSourceRecord): string[] =>
  WORKSITE_CODE_SETS.map((name) => CODE_SET_SOURCES[name].worksite?.(source) ?? "");
