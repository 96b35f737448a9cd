/**
 * Financial periods whose figures hang together: a company draws its traits once (turnover per employee, margin,
 * asset and equity ratios) and each year varies around them; personnel costs follow employees, the balance sheet
 * balances, dividends come out of profit and equity. Money in whole kronor, rounded to thousands as in annual reports.
 */
import type { FinancialPart, FinancialPeriod } from "#search-index/engine";
import { addDays, monthEnd } from "./dates";
import type { Rng } from "./random";

/** Latest period end a report can have been filed for (the data set's "today" is 2026-11-01). */
export const LATEST_FILED_PERIOD_END = "2026-05-31";

const tkr = (value: number) => Math.round(value / 1000) * 1000;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

export interface FinancialProfile {
  kind: "operating" | "holding" | "housing" | "foundation";
  employees: number;
  isLimited: boolean;
}

interface Traits {
  revenueBase: number;
  salary: number;
  margin: number;
  assetRatio: number;
  equityRatio: number;
  cashRatio: number;
  longTermShare: number;
  paysDividend: boolean;
}

function drawTraits(rng: Rng, p: FinancialProfile): Traits {
  const revenueBase = {
    holding: rng.chance(0.85) ? 0 : rng.logNormal(400_000, 1),
    housing: rng.logNormal(3_000_000, 0.8),
    foundation: rng.logNormal(500_000, 1.2),
    operating: p.employees === 0 ? rng.logNormal(300_000, 1.3) : rng.logNormal(1_500_000, 0.5),
  }[p.kind];
  return {
    revenueBase,
    salary: rng.logNormal(560_000, 0.2),
    margin: clamp(0.07 + 0.1 * rng.normal(), -0.5, 0.4),
    assetRatio: p.kind === "housing" ? rng.logNormal(20, 0.6) : 0.4 + 0.8 * rng.next(),
    equityRatio: rng.chance(0.06) ? -0.3 * rng.next() : 0.08 + 0.6 * rng.next(),
    cashRatio: 0.05 + 0.3 * rng.next(),
    longTermShare: 0.6 * rng.next(),
    paysDividend: p.isLimited && rng.chance(0.45),
  };
}

/** One period's company part for `employees`, `scale` relative to the latest year. */
function financialPart(rng: Rng, p: FinancialProfile, t: Traits, employees: number, scale: number): FinancialPart {
  const noise = () => clamp(1 + 0.08 * rng.normal(), 0.7, 1.3);
  const personnel = employees * t.salary * noise();
  const revenue = p.kind === "operating" && employees > 0 ? employees * t.revenueBase : t.revenueBase * scale;
  const turnover = Math.max(revenue * noise(), personnel / 0.7);
  const margin = clamp(t.margin + 0.04 * rng.normal(), -0.6, 0.45);
  const ebitda = p.kind === "holding" ? (t.revenueBase + 200_000 * scale) * margin * 3 : turnover * margin;
  const depreciation = turnover * (p.kind === "housing" ? 0.2 : 0.03);
  const totalAssets = Math.max(50_000, (turnover * t.assetRatio + employees * 100_000 + 150_000 * scale) * noise());
  const totalEquity = Math.max(p.isLimited && t.equityRatio > 0 ? 25_000 : -Infinity, totalAssets * t.equityRatio * noise());
  const earningsAfterDepreciation = ebitda - depreciation;
  const earningsAfterNetInterestIncome = earningsAfterDepreciation - totalAssets * 0.01 * rng.next() + totalAssets * 0.003;
  const profit = earningsAfterNetInterestIncome > 0 ? earningsAfterNetInterestIncome * 0.794 : earningsAfterNetInterestIncome;
  const dividend = t.paysDividend && profit > 0 && totalEquity > profit ? profit * (0.3 + 0.7 * rng.next()) : 0;
  const liabilities = totalAssets - totalEquity;
  return {
    turnover: tkr(turnover),
    cashFlowAffectingEBTDA: tkr(ebitda),
    profitAndLossForTheYear: tkr(profit),
    totalAssets: tkr(totalAssets),
    totalEquity: tkr(totalEquity),
    sumOfCashBank: tkr(totalAssets * t.cashRatio),
    totalLongTermLiabilities: tkr(liabilities * t.longTermShare),
    totalShortTermLiabilities: tkr(liabilities * (1 - t.longTermShare)),
    earningsAfterDepreciation: tkr(earningsAfterDepreciation),
    earningsAfterNetInterestIncome: tkr(earningsAfterNetInterestIncome),
    dividend: tkr(dividend),
    numberOfEmployees: employees,
    personnelExpenses: tkr(personnel),
  };
}

/** Period ends (newest first) for a closing month, up to `count`, after the registration date. */
export function periodEnds(closingMonth: number, latestAllowed: string, registeredDate: string, count: number): string[] {
  let year = Number(latestAllowed.slice(0, 4));
  if (monthEnd(year, closingMonth) > latestAllowed) year--;
  const ends: string[] = [];
  while (ends.length < count && monthEnd(year, closingMonth) > registeredDate) {
    ends.push(monthEnd(year, closingMonth));
    year--;
  }
  return ends;
}

/**
 * Periods newest first; going back, the company shrinks by its growth rate. The first period starts at registration.
 * About one operating company in twelve with ten or more employees grows fast and profitably (30–60 % a year, a margin
 * of at least 8 %), so the demo has gazelles by Dagens industri's criteria (docs/decisions/0066) when it has four periods.
 */
export function financialPeriods(rng: Rng, p: FinancialProfile, ends: string[], registeredDate: string): FinancialPeriod[] {
  const traits = drawTraits(rng, p);
  const fast = p.kind === "operating" && p.employees >= 10 && rng.chance(0.08);
  if (fast) traits.margin = Math.max(traits.margin, 0.08);
  const growth = fast ? 1.3 + 0.3 * rng.next() : clamp(1.04 + 0.1 * rng.normal(), 0.8, 1.4);
  return ends.map((periodEnd, i) => {
    const employees = i === 0 ? p.employees : Math.max(0, Math.round(p.employees / growth ** i));
    const previousEnd = ends[i + 1] ?? monthEnd(Number(periodEnd.slice(0, 4)) - 1, Number(periodEnd.slice(5, 7)));
    const periodStart = addDays(previousEnd, 1) < registeredDate ? registeredDate : addDays(previousEnd, 1);
    const company = financialPart(rng, p, traits, employees, 1 / growth ** i);
    return { type: "ÅR", periodStart, periodEnd, company, group: null };
  });
}

/** Credit grade 1–4 from the latest accounts (equity ratio, result) and a small share of payment remarks. */
export function creditGrade(rng: Rng, latest: FinancialPart | undefined): number | null {
  if (!latest) return null;
  if (rng.chance(0.03)) return 1;
  const { totalAssets, totalEquity, profitAndLossForTheYear: result } = latest;
  if (totalAssets === null || totalEquity === null || result === null) return null;
  const ratio = totalAssets > 0 ? totalEquity / totalAssets : 0;
  if (ratio > 0.4 && result > 0) return 4;
  if (ratio > 0.2 && result >= 0) return 3;
  return ratio > 0 ? 2 : 1;
}
