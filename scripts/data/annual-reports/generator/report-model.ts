/**
 * What one generated annual report is made of: the company, its periods (the report's own year first, then earlier
 * years) and a seed; the layout drawn from that seed (number style, context ids, which optional facts are tagged);
 * and the figures a correct parser reads back from the document (`expectedAnnualReport`).
 */
import type { CompanySourceRecord, FinancialPart, FinancialPeriod } from "#search-index/engine";
import { Rng } from "../../generator/random";
import { type ParsedReport, REPORT_FIGURE_NAMES, type ReportFigures, type ReportPeriod } from "../types";
import { drawNumberStyle, type NumberStyle, statedAmount } from "./fact-format";

/** The fixed rate the euro reports convert the records' kronor at. */
export const SEK_PER_EUR = 11.5;

export type ReportCompany = Pick<
  CompanySourceRecord,
  "orgNo" | "name" | "form" | "postalAddress" | "boardMembers" | "managerName" | "managerTitle" | "businessDescription" | "hasAuditor"
>;

export interface AnnualReportInput {
  company: ReportCompany;
  /** The report's own period first, then earlier periods, newest first (the multi-year overview shows up to four). */
  periods: readonly FinancialPeriod[];
  /**
   * Currency of the report (ISO 4217). Default: the own period's currency, else SEK. A report in EUR of periods in
   * kronor converts them at SEK_PER_EUR; otherwise the amounts are taken as they are. Written in whole units.
   */
  currency?: string;
  /** Seeds every choice of form: number style, wording, context ids. Equal inputs give equal documents. */
  seed: number;
}

/** The choices of form drawn once per report from its seed. */
export interface ReportLayout {
  style: NumberStyle;
  /** Context ids "c1", "c2", ... instead of the usual period0 / balans0 (the dates are in the contexts either way). */
  opaqueContextIds: boolean;
  /** A zero dividend is tagged as a dash under "Utdelning" rather than left out of the proposal. */
  tagsZeroDividend: boolean;
  /** Columns of the multi-year overview (flerårsöversikt): the report's year and up to three before it. */
  overviewYears: number;
}

/** The K2 rules for small companies: turnover under 80 Mkr and under 50 employees, and never for a group report. */
export const K2_TURNOVER_LIMIT = 80_000_000;
export const K2_EMPLOYEE_LIMIT = 50;

/** The multi-year overview tags these for every year it shows; the statements tag all figures for two years. */
export const OVERVIEW_FIGURES = [
  "turnover",
  "resultAfterFinancialItems",
  "totalAssets",
] as const satisfies readonly (keyof ReportFigures)[];

export const ownPeriod = (input: AnnualReportInput): FinancialPeriod => {
  const period = input.periods[0];
  if (!period) throw new Error(`no period for the annual report of ${input.company.orgNo}`);
  return period;
};

export const isGroupReport = (input: AnnualReportInput): boolean => ownPeriod(input).group !== null;

export function frameworkOf(input: AnnualReportInput): "K2" | "K3" {
  const own = ownPeriod(input).company;
  const small = (own.turnover ?? 0) < K2_TURNOVER_LIMIT && (own.numberOfEmployees ?? 0) < K2_EMPLOYEE_LIMIT;
  return small && !isGroupReport(input) ? "K2" : "K3";
}

/** The report's currency: as asked, else the own period's, else SEK. */
export const reportCurrency = (input: AnnualReportInput): string => input.currency ?? ownPeriod(input).currency ?? "SEK";

/** Converts a period's amounts into the report's currency: kronor into euros at SEK_PER_EUR, else unchanged. */
function converter(period: FinancialPeriod, currency: string): (value: number | null) => number | null {
  const converts = currency === "EUR" && (period.currency ?? "SEK") === "SEK";
  return (value) => (value === null || !converts ? value : Math.round(value / SEK_PER_EUR));
}

/** A period's company or group part as the report's figures, in the report's currency (whole units, not rounded). */
export function figuresOf(period: FinancialPeriod, part: FinancialPart, currency: string): ReportFigures {
  const money = converter(period, currency);
  return {
    turnover: money(part.turnover),
    operatingResult: money(part.earningsAfterDepreciation),
    resultAfterFinancialItems: money(part.earningsAfterNetInterestIncome),
    profitForTheYear: money(part.profitAndLossForTheYear),
    equity: money(part.totalEquity),
    totalAssets: money(part.totalAssets),
    cashAndBank: money(part.sumOfCashBank),
    longTermLiabilities: money(part.totalLongTermLiabilities),
    shortTermLiabilities: money(part.totalShortTermLiabilities),
    personnelExpenses: money(part.personnelExpenses),
    employees: part.numberOfEmployees,
    dividend: money(part.dividend),
  };
}

/** Depreciation of the period (EBITDA less operating result) in the report's currency; 0 when unknown, never negative. */
export function depreciationOf(period: FinancialPeriod, part: FinancialPart, currency: string): number {
  if (part.cashFlowAffectingEBTDA === null || part.earningsAfterDepreciation === null) return 0;
  return Math.max(0, converter(period, currency)(part.cashFlowAffectingEBTDA - part.earningsAfterDepreciation) ?? 0);
}

export function drawLayout(input: AnnualReportInput): ReportLayout {
  const rng = new Rng(input.seed);
  const style = drawNumberStyle(rng, reportCurrency(input) !== "SEK");
  const opaqueContextIds = rng.chance(0.1);
  const tagsZeroDividend = rng.chance(0.4);
  const overviewYears = Math.min(input.periods.length, rng.chance(0.6) ? 4 : rng.int(2, 3));
  return { style, opaqueContextIds, tagsZeroDividend, overviewYears };
}

const emptyFigures = (): ReportFigures => ({
  turnover: null,
  operatingResult: null,
  resultAfterFinancialItems: null,
  profitForTheYear: null,
  equity: null,
  totalAssets: null,
  cashAndBank: null,
  longTermLiabilities: null,
  shortTermLiabilities: null,
  personnelExpenses: null,
  employees: null,
  dividend: null,
});

/** What a correct parser reads for one part (company or group) of period `index`. */
function expectedFigures(input: AnnualReportInput, layout: ReportLayout, index: number, isGroup: boolean): ReportFigures {
  const period = input.periods[index] as FinancialPeriod;
  const part = isGroup ? period.group : period.company;
  const out = emptyFigures();
  if (!part) return out;
  const figures = figuresOf(period, part, reportCurrency(input));
  const stated = (value: number | null) => (value === null ? null : statedAmount(value, layout.style));
  const tagged: readonly (keyof ReportFigures)[] = index < 2 ? REPORT_FIGURE_NAMES : OVERVIEW_FIGURES;
  for (const key of tagged) out[key] = key === "employees" ? figures.employees : stated(figures[key]);
  // The proposed dividend is the parent's, of the report's own year only, and a zero one may be left out.
  out.dividend = index === 0 && !isGroup && tagsDividend(figures.dividend, layout) ? stated(figures.dividend) : null;
  return out;
}

/** Whether the proposed appropriation of profits tags a dividend line. */
export const tagsDividend = (dividend: number | null, layout: ReportLayout): boolean =>
  dividend !== null && (dividend !== 0 || layout.tagsZeroDividend);

/** The periods a document tags: the two of the statements, then the older years of the multi-year overview. */
export function reportedPeriods(input: AnnualReportInput, layout: ReportLayout): FinancialPeriod[] {
  return input.periods.slice(0, Math.max(layout.overviewYears, Math.min(2, input.periods.length)));
}

/** The ParsedReport a correct parser gives for the document `renderAnnualReport(input)` writes. */
export function expectedAnnualReport(input: AnnualReportInput): ParsedReport {
  const layout = drawLayout(input);
  const own = ownPeriod(input);
  const group = isGroupReport(input);
  const periods: ReportPeriod[] = reportedPeriods(input, layout).map((period, index) => ({
    start: period.periodStart,
    end: period.periodEnd,
    company: expectedFigures(input, layout, index, false),
    // In a group report every period has group figures, all null where the records have no group part.
    group: group ? expectedFigures(input, layout, index, true) : null,
  }));
  const currency = reportCurrency(input);
  return {
    orgNo: input.company.orgNo,
    name: input.company.name.trim(),
    periodStart: own.periodStart,
    periodEnd: own.periodEnd,
    currency,
    framework: frameworkOf(input),
    groupReport: group,
    periods,
    remarks: currency === "SEK" ? [] : [{ flag: "FOREIGN_CURRENCY", detail: `amounts in ${currency}` }],
  };
}
