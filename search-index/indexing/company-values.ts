/** The numeric values a company is filtered and sorted by, from its source record (latest period for the details). */
import type { RangeField } from "#shared/search/search-fields";
import type { CompanySourceRecord, FinancialPart } from "../records";

/** "YYYY-MM-DD" → YYYYMMDD as a number. */
export function dateNumber(date: string): number {
  return Number(date.slice(0, 4) + date.slice(5, 7) + date.slice(8, 10));
}

/** Range fields stored per company (beneficialOwnerAge is a list, see ownerAges). */
export const COMPANY_VALUE_FIELDS = [
  "turnover",
  "earnings",
  "dividend",
  "numEmployees",
  "scoring",
  "managerAge",
  "createdDate",
  "totalAssets",
  "totalEquity",
  "sumOfCashBank",
  "personnelExpenses",
  "operatingResult",
  "profitForTheYear",
] as const satisfies readonly RangeField[];
export type CompanyValueField = (typeof COMPANY_VALUE_FIELDS)[number];

const orNaN = (value: number | null | undefined) => (value === null || value === undefined ? Number.NaN : value);

function latestPart(source: CompanySourceRecord): FinancialPart | null {
  let latest = source.financialPeriods[0];
  for (const period of source.financialPeriods) if (latest && period.periodEnd > latest.periodEnd) latest = period;
  // A period in another currency (an annual report filed in EUR) never feeds the SEK ranges.
  return latest && !latest.currency ? latest.company : null;
}

/** A company's range values; NaN where missing. */
export function companyValues(source: CompanySourceRecord): Record<CompanyValueField, number> {
  const part = latestPart(source);
  return {
    turnover: orNaN(source.turnover),
    earnings: orNaN(source.earnings),
    dividend: orNaN(source.dividend),
    numEmployees: orNaN(source.numEmployees),
    scoring: orNaN(source.scoring),
    managerAge: orNaN(source.managerAge),
    createdDate: dateNumber(source.createdDate),
    totalAssets: orNaN(part?.totalAssets),
    totalEquity: orNaN(part?.totalEquity),
    sumOfCashBank: orNaN(part?.sumOfCashBank),
    personnelExpenses: orNaN(part?.personnelExpenses),
    operatingResult: orNaN(part?.earningsAfterDepreciation),
    profitForTheYear: orNaN(part?.profitAndLossForTheYear),
  };
}
