/**
 * Growth read from a company's financial periods (issue 46 point 3, docs/decisions/0066): the turnover change in
 * percent and the employee change between the two latest periods, and whether the company is a gazelle by Dagens
 * industri's criteria over the four latest. Pure: the reindex fills the search fields with it
 * (search-index/indexing/field-sources.ts) and the export writes its columns from a company's detail with it, so both
 * say the same. null is "uppgift saknas": too few periods, or a figure they need is missing.
 */
import type { FinancialPart } from "./result-schemas";

/** One period as growth reads it: its end, its currency (absent: SEK) and the company part's figures. */
export interface GrowthPeriod {
  periodEnd: string;
  currency?: string | undefined;
  figures: Pick<FinancialPart, "turnover" | "numberOfEmployees" | "earningsAfterDepreciation">;
}

/** The periods newest first. */
const newestFirst = (periods: readonly GrowthPeriod[]) => [...periods].sort((a, b) => b.periodEnd.localeCompare(a.periodEnd));
const currencyOf = (period: GrowthPeriod) => period.currency ?? "SEK";

/**
 * Turnover change from the period before the latest to the latest, in whole percent (rounded half up): null with fewer
 * than two periods, periods in different currencies, a missing turnover, or a previous turnover of zero or less.
 */
export function turnoverChange(periods: readonly GrowthPeriod[]): number | null {
  const [latest, previous] = newestFirst(periods);
  if (!latest || !previous || currencyOf(latest) !== currencyOf(previous)) return null;
  const now = latest.figures.turnover;
  const before = previous.figures.turnover;
  if (now === null || before === null || before <= 0) return null;
  return Math.round(((now - before) / before) * 100);
}

/** The change in average employees from the period before the latest to the latest (a count, signed); null as above. */
export function employeeChange(periods: readonly GrowthPeriod[]): number | null {
  const [latest, previous] = newestFirst(periods);
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
 * periods, any of them not in SEK, or a turnover, an operating result or the latest employees missing. DI's judgement
 * of organic growth and sound finances is not read.
 */
export function isGazelle(periods: readonly GrowthPeriod[]): boolean | null {
  const four = newestFirst(periods).slice(0, GAZELLE.periods).reverse();
  if (four.length < GAZELLE.periods || four.some((period) => currencyOf(period) !== "SEK")) return null;
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
export const growthPeriods = <P extends { periodEnd: string; currency?: string | undefined }>(
  periods: readonly P[],
  figures: (period: P) => GrowthPeriod["figures"],
): GrowthPeriod[] => periods.map((period) => ({ periodEnd: period.periodEnd, currency: period.currency, figures: figures(period) }));
