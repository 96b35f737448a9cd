/**
 * A company's digitally filed annual reports joined into its source record (issue 45 point 3, docs/decisions/0050):
 * the financial periods (company part, and group part where filed), the latest key figures, the employees with the
 * size class derived from them, and the list of annual reports with their filed documents.
 *
 * - Each report gives its own fiscal year. An earlier year that a report gives for comparison becomes a period of its
 *   own only where no report of that year exists (the year's own report is the better source), taken from the latest
 *   report that gives it.
 * - A period in another currency (EUR) keeps its currency and is never read as SEK: when the latest period is one,
 *   the key figures the SEK ranges filter on stay unknown.
 * - A company without a report keeps what the registers say ("uppgift saknas" for every figure); a sole trader has no
 *   annual-reports section (spec §2), so nothing is joined into one.
 */
import type { CompanySourceRecord, FinancialPart, FinancialPeriod } from "#search-index/engine";
import type { AnnualReportLine } from "./load-annual-reports";
import type { PackedDocument } from "./pack-documents";
import type { ReportFigures } from "./types";

/** The accounts type of a period taken from an annual report ("ÅR", as the register's periods say). */
const ANNUAL_REPORT_TYPE = "ÅR";

export function financialPart(figures: ReportFigures): FinancialPart {
  return {
    turnover: figures.turnover,
    // No filed annual report tags this: it is a figure of the paid sources.
    cashFlowAffectingEBTDA: null,
    profitAndLossForTheYear: figures.profitForTheYear,
    totalAssets: figures.totalAssets,
    totalEquity: figures.equity,
    sumOfCashBank: figures.cashAndBank,
    totalLongTermLiabilities: figures.longTermLiabilities,
    totalShortTermLiabilities: figures.shortTermLiabilities,
    earningsAfterDepreciation: figures.operatingResult,
    earningsAfterNetInterestIncome: figures.resultAfterFinancialItems,
    dividend: figures.dividend,
    numberOfEmployees: figures.employees,
    personnelExpenses: figures.personnelExpenses,
  };
}

/** SCB's employee size classes (search-index/refdata/sources/employee_size_classes.csv): [code, min, max]. */
const SIZE_CLASSES: [string, number, number][] = [
  ["1", 0, 0],
  ["2", 1, 4],
  ["3", 5, 9],
  ["4", 10, 19],
  ["5", 20, 49],
  ["6", 50, 99],
  ["7", 100, 199],
  ["8", 200, 499],
  ["9", 500, 999],
  ["10", 1000, 1499],
  ["11", 1500, 1999],
  ["12", 2000, 2999],
  ["13", 3000, 3999],
  ["14", 4000, 4999],
  ["15", 5000, 9999],
  ["16", 10000, Number.POSITIVE_INFINITY],
];

/** The SCB size class of a head count, by SCB's class limits. */
export function sizeClassOf(employees: number): string {
  return SIZE_CLASSES.find(([, min, max]) => employees >= min && employees <= max)?.[0] ?? "0";
}

/** The reference number a filed report is listed under: its year and the start of its document's hash. */
export const filedRefNo = (line: Pick<AnnualReportLine, "periodEnd" | "document">) =>
  `AR-${line.periodEnd.slice(0, 4)}-${line.document.sha256.slice(0, 16)}`;

export function joinAnnualReports(
  record: CompanySourceRecord,
  reports: readonly AnnualReportLine[],
  /** Where each filed document lies in the packs (pack-documents.ts); without it the reports list no document. */
  packed?: ReadonlyMap<string, PackedDocument>,
): CompanySourceRecord {
  if (reports.length === 0 || record.soleProprietorship) return record;
  const newestFirst = [...reports].sort((a, b) => b.periodEnd.localeCompare(a.periodEnd));
  const ownYears = new Set(newestFirst.map((report) => report.periodEnd));
  const periods = new Map<string, FinancialPeriod>();
  for (const report of newestFirst) {
    for (const period of report.periods) {
      const own = period.end === report.periodEnd;
      if (periods.has(period.end) || (!own && ownYears.has(period.end))) continue;
      periods.set(period.end, {
        type: ANNUAL_REPORT_TYPE,
        periodStart: period.start,
        periodEnd: period.end,
        company: financialPart(period.company),
        group: period.group ? financialPart(period.group) : null,
        ...(report.currency === "SEK" ? {} : { currency: report.currency }),
      });
    }
  }
  const financialPeriods = [...periods.values()].sort((a, b) => b.periodEnd.localeCompare(a.periodEnd));
  const latest = financialPeriods[0];
  const sek = latest && !latest.currency ? latest.company : null;
  const numEmployees = sek?.numberOfEmployees ?? null;
  const derivedSize = numEmployees !== null && record.employeeRangeCode === "0";
  return {
    ...record,
    financialPeriods,
    turnover: sek?.turnover ?? null,
    earnings: sek?.earningsAfterNetInterestIncome ?? null,
    dividend: sek?.dividend ?? null,
    numEmployees,
    ...(derivedSize ? { employeeRangeCode: sizeClassOf(numEmployees), employeeRangeDerived: true } : {}),
    fiscalYearEndMonth: latest ? Number(latest.periodEnd.slice(5, 7)) : record.fiscalYearEndMonth,
    annualReports: newestFirst.map((report) => {
      const document = packed?.get(report.document.sha256);
      const filed = { refNo: filedRefNo(report), periodEnd: report.periodEnd };
      return document ? { ...filed, sha256: report.document.sha256, document } : filed;
    }),
  };
}
