/**
 * Which reports a company files and how: one per entry of its annualReports (the period with that periodEnd as the
 * report's year, the earlier periods for comparison), oldest first as they were filed; sole traders never file. With
 * the special cases, a few companies report in euros and a few reports are filed twice: first with figures that
 * are off, then corrected (the records' figures) in a later archive.
 */
import type { CompanySourceRecord, FinancialPart, FinancialPeriod } from "#search-index/engine";
import type { AnnualReportInput } from "./report-model";

/** Of a thousand companies, how many report in euros; of a thousand reports, how many are corrected later. */
const EURO_PER_MILLE = 3;
const CORRECTED_PER_MILLE = 4;

export interface ReportJob {
  orgNo: string;
  periodEnd: string;
  /** The nested zip's name: "<ten digits>_<periodEnd>.zip". */
  inner: string;
  input: AnnualReportInput;
  /** An audit report beside the annual report, and whether it comes first in the nested zip. */
  audit: "none" | "after" | "before";
  /** This filing's figures are off; the records' figures follow as a correction in a later archive. */
  correctedLater: boolean;
  /** This filing is the correction of an earlier one. */
  isCorrection: boolean;
}

/** FNV-1a over a string, mixed with a seed: stable per company and period whatever else is generated. */
export function hashSeed(seed: number, text: string): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return Math.imul(hash ^ (hash >>> 15), 0x2c1b3c6d) >>> 0;
}

export const nestedZipName = (orgNo: string, periodEnd: string): string => `${orgNo.replace("-", "")}_${periodEnd}.zip`;

/** The files of a report's nested zip. */
export const documentName = (job: Pick<ReportJob, "orgNo" | "periodEnd">, kind: "arsredovisning" | "revisionsberattelse"): string =>
  `${kind}_${job.orgNo.replace("-", "")}_${job.periodEnd}.xhtml`;

/** A first filing with some figures off: turnover and the year's result by a few percent (whole thousands). */
function misfiled(part: FinancialPart, seed: number): FinancialPart {
  const factor = 1 + (0.03 + (seed % 100) / 1000) * (seed % 2 === 0 ? 1 : -1);
  const off = (value: number | null) =>
    value === null ? 1_000_000 : Math.round((value * factor) / 1000) * 1000 + (value === 0 ? 1000 : 0);
  return { ...part, turnover: off(part.turnover), profitAndLossForTheYear: off(part.profitAndLossForTheYear) };
}

function jobFor(company: CompanySourceRecord, periods: FinancialPeriod[], index: number, seed: number, specialCases: boolean): ReportJob[] {
  const own = periods[index] as FinancialPeriod;
  const reportSeed = hashSeed(seed, `${company.orgNo}_${own.periodEnd}`);
  const currency = specialCases && hashSeed(seed, company.orgNo) % 1000 < EURO_PER_MILLE ? "EUR" : "SEK";
  const audit = !company.hasAuditor ? "none" : reportSeed % 7 === 0 ? "before" : "after";
  const base = { orgNo: company.orgNo, periodEnd: own.periodEnd, inner: nestedZipName(company.orgNo, own.periodEnd), audit } as const;
  const input: AnnualReportInput = { company, periods: periods.slice(index), currency, seed: reportSeed };
  if (!specialCases || (reportSeed >>> 10) % 1000 >= CORRECTED_PER_MILLE) {
    return [{ ...base, input, correctedLater: false, isCorrection: false }];
  }
  const first = [{ ...own, company: misfiled(own.company, reportSeed) }, ...periods.slice(index + 1)];
  return [
    { ...base, input: { ...input, periods: first }, correctedLater: true, isCorrection: false },
    { ...base, input: { ...input, seed: hashSeed(reportSeed, "correction") }, correctedLater: false, isCorrection: true },
  ];
}

/** The filings of one company, oldest period first; a correction comes right after its first filing here. */
export function reportJobsOf(company: CompanySourceRecord, seed: number, specialCases = false): ReportJob[] {
  if (company.soleProprietorship || company.annualReports.length === 0) return [];
  const periods = [...company.financialPeriods].sort((a, b) => (a.periodEnd < b.periodEnd ? 1 : -1));
  const filed = [...company.annualReports].sort((a, b) => (a.periodEnd < b.periodEnd ? -1 : 1));
  return filed.flatMap((report) => {
    const index = periods.findIndex((period) => period.periodEnd === report.periodEnd);
    return index === -1 ? [] : jobFor(company, periods, index, seed, specialCases);
  });
}
