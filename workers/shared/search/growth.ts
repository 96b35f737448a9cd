/**
 * Growth read from a company's financial periods (issue 46 point 3, docs/decisions/0066): the turnover change in
 * percent and the employee change between the two latest periods, and whether the company is a gazelle by Dagens
 * industri's criteria over the four latest. Pure: the reindex fills the search fields with it
 * (search-index/indexing/field-sources.ts) and the export writes its columns from a company's detail with it, so both
 * say the same. null is "uppgift saknas": too few periods, periods that are not consecutive full fiscal years (a gap
 * between filings, a short first year, a changed closing month), or a figure they need is missing.
 */
import type { FinancialPart } from "./result-schemas";

/** One period as growth reads it: its dates, its currency (absent: SEK) and the company part's figures. */
export interface GrowthPeriod {
  periodStart: string;
  periodEnd: string;
  currency?: string | undefined;
  figures: Pick<FinancialPart, "turnover" | "numberOfEmployees" | "earningsAfterDepreciation">;
}

/** The periods newest first. */
const newestFirst = (periods: readonly GrowthPeriod[]) => [...periods].sort((a, b) => b.periodEnd.localeCompare(a.periodEnd));
const currencyOf = (period: GrowthPeriod) => period.currency ?? "SEK";

const DAY_MS = 86_400_000;
const dayNumber = (isoDate: string) => Date.parse(`${isoDate.slice(0, 10)}T00:00:00Z`) / DAY_MS;

/** A full fiscal year: twelve months, give or take a week (a year of 52 or 53 weeks is one too). */
function isFullYear(period: GrowthPeriod): boolean {
  const days = dayNumber(period.periodEnd) - dayNumber(period.periodStart) + 1;
  return days >= 358 && days <= 373;
}

/**
 * Whether periods (oldest first) can be compared year on year: each a full fiscal year, each starting where the one
 * before ended (a week's slack). A seven-month first year against a full one would read as growth, and a change over
 * a gap of years as one year's change.
 */
export function yearOnYear(periods: readonly GrowthPeriod[]): boolean {
  return periods.every((period, i) => {
    const before = periods[i - 1];
    const gap = before ? dayNumber(period.periodStart) - dayNumber(before.periodEnd) : 1;
    return isFullYear(period) && gap >= 1 && gap <= 8;
  });
}

/**
 * Turnover change from the period before the latest to the latest, in whole percent (rounded half up): null with fewer
 * than two periods, two that are not consecutive full years (yearOnYear), periods in different currencies, a missing
 * turnover, or a previous turnover of zero or less.
 */
export function turnoverChange(periods: readonly GrowthPeriod[]): number | null {
  const [latest, previous] = newestFirst(periods);
  if (!latest || !previous || !yearOnYear([previous, latest]) || currencyOf(latest) !== currencyOf(previous)) return null;
  const now = latest.figures.turnover;
  const before = previous.figures.turnover;
  if (now === null || before === null || before <= 0) return null;
  return Math.round(((now - before) / before) * 100);
}

/** The change in average employees from the period before the latest to the latest (a count, signed); null as above. */
export function employeeChange(periods: readonly GrowthPeriod[]): number | null {
  const [latest, previous] = newestFirst(periods);
  if (!latest || !previous || !yearOnYear([previous, latest])) return null;
  const now = latest?.figures.numberOfEmployees ?? null;
  const before = previous?.figures.numberOfEmployees ?? null;
  return now === null || before === null ? null : now - before;
}

/** Dagens industri's limits (di.se, "Gasellkriterierna"). */
export const GAZELLE = { periods: 4, minTurnover: 10_000_000, minEmployees: 10, growthFactor: 2 } as const;

/**
 * Whether the company meets Dagens industri's measurable gazelle criteria over its four latest periods: net turnover
 * over 10 Mkr and at least 10 employees in the latest, turnover at least doubled from the first to the latest, grown
 * every year, and a positive operating result summed over the four. null ("uppgift saknas") with fewer than four
 * periods, four that are not consecutive full years (DI reads four fiscal years), any of them not in SEK, or a
 * turnover, an operating result or the latest employees missing. DI's judgement of organic growth and sound finances
 * is not read.
 */
export function isGazelle(periods: readonly GrowthPeriod[]): boolean | null {
  const four = newestFirst(periods).slice(0, GAZELLE.periods).reverse();
  if (four.length < GAZELLE.periods || !yearOnYear(four) || four.some((period) => currencyOf(period) !== "SEK")) return null;
  const turnovers = four.map((period) => period.figures.turnover);
  const results = four.map((period) => period.figures.earningsAfterDepreciation);
  const employees = four[GAZELLE.periods - 1]?.figures.numberOfEmployees ?? null;
  if (employees === null || turnovers.some((t) => t === null) || results.some((r) => r === null)) return null;
  const [first, ...later] = turnovers as number[];
  const latest = later[later.length - 1] as number;
  const grewEachYear = later.every((turnover, i) => turnover > ((i === 0 ? first : later[i - 1]) as number));
  const operatingResult = (results as number[]).reduce((sum, result) => sum + result, 0);
  return (
    latest > GAZELLE.minTurnover &&
    employees >= GAZELLE.minEmployees &&
    latest >= GAZELLE.growthFactor * (first as number) &&
    grewEachYear &&
    operatingResult > 0
  );
}

/** A source record's or a detail's periods as growth reads them (the company part of each). */
export const growthPeriods = <P extends { periodStart: string; periodEnd: string; currency?: string | undefined }>(
  periods: readonly P[],
  figures: (period: P) => GrowthPeriod["figures"],
): GrowthPeriod[] =>
  periods.map((period) => ({
    periodStart: period.periodStart,
    periodEnd: period.periodEnd,
    currency: period.currency,
    figures: figures(period),
  }));
