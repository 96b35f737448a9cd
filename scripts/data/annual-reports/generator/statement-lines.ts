/**
 * The lines of the income statement and balance sheet around the figures the product reads, derived so that the
 * statements add up: costs from turnover, operating result and personnel costs; financial items from the two
 * results; tax from the result after financial items and the year's result; the balance sheet's parts from its
 * totals. Amounts in the report's currency, whole units. A figure the records do not have stays null (its line is
 * left empty) and the lines derived from it take it as zero.
 */
import type { Rng } from "../../generator/random";
import type { ReportFigures } from "../types";

export interface IncomeLines {
  turnover: number | null;
  otherIncome: number;
  totalIncome: number;
  rawMaterials: number;
  otherExternal: number;
  personnel: number | null;
  depreciation: number;
  totalCosts: number;
  operatingResult: number | null;
  interestIncome: number;
  interestCosts: number;
  financialNet: number;
  resultAfterFinancialItems: number | null;
  appropriations: number;
  resultBeforeTax: number;
  tax: number;
  profit: number | null;
}

export interface BalanceLines {
  equipment: number;
  fixedAssets: number;
  tradeReceivables: number;
  otherReceivables: number;
  shortTermReceivables: number;
  cash: number | null;
  currentAssets: number;
  totalAssets: number | null;
  shareCapital: number;
  retainedEarnings: number;
  profit: number | null;
  freeEquity: number;
  equity: number | null;
  creditInstitutions: number;
  longTermLiabilities: number | null;
  tradePayables: number;
  taxLiabilities: number;
  otherLiabilities: number;
  accruedExpenses: number;
  shortTermLiabilities: number | null;
  equityAndLiabilities: number;
}

/** Shares drawn once per report, so both years of a statement are split alike. */
export interface LineShares {
  otherIncome: number;
  rawMaterials: number;
  appropriations: number;
  fixedAssets: number;
  tradeReceivables: number;
  tradePayables: number;
  taxLiabilities: number;
  otherLiabilities: number;
}

export function drawLineShares(rng: Rng): LineShares {
  return {
    otherIncome: rng.chance(0.6) ? 0.02 * rng.next() : 0,
    rawMaterials: rng.chance(0.55) ? 0.2 + 0.4 * rng.next() : 0,
    appropriations: rng.chance(0.3) ? 0.05 + 0.15 * rng.next() : 0,
    fixedAssets: 0.1 + 0.5 * rng.next(),
    tradeReceivables: 0.5 + 0.4 * rng.next(),
    tradePayables: 0.3 + 0.3 * rng.next(),
    taxLiabilities: 0.05 + 0.1 * rng.next(),
    otherLiabilities: 0.1 + 0.2 * rng.next(),
  };
}

const whole = Math.round;

export function incomeLines(f: ReportFigures, depreciation: number, shares: LineShares): IncomeLines {
  const turnover = f.turnover ?? 0;
  const operatingResult = f.operatingResult ?? 0;
  const personnel = f.personnelExpenses ?? 0;
  let otherIncome = whole(turnover * shares.otherIncome);
  // What the other costs must be for the operating result to come out; any shortfall is other operating income.
  let otherCosts = turnover + otherIncome - personnel - depreciation - operatingResult;
  if (otherCosts < 0) {
    otherIncome -= otherCosts;
    otherCosts = 0;
  }
  const rawMaterials = whole(otherCosts * shares.rawMaterials);
  const resultAfterFinancialItems = f.resultAfterFinancialItems ?? operatingResult;
  const financialNet = resultAfterFinancialItems - operatingResult;
  const interestIncome = Math.max(0, financialNet) + whole(Math.abs(financialNet) * 0.1);
  const profit = f.profitForTheYear ?? resultAfterFinancialItems;
  const appropriations = resultAfterFinancialItems > 0 ? -whole(resultAfterFinancialItems * shares.appropriations) : 0;
  const resultBeforeTax = resultAfterFinancialItems + appropriations;
  return {
    turnover: f.turnover,
    otherIncome,
    totalIncome: turnover + otherIncome,
    rawMaterials,
    otherExternal: otherCosts - rawMaterials,
    personnel: f.personnelExpenses,
    depreciation,
    totalCosts: otherCosts + personnel + depreciation,
    operatingResult: f.operatingResult,
    interestIncome,
    interestCosts: interestIncome - financialNet,
    financialNet,
    resultAfterFinancialItems: f.resultAfterFinancialItems,
    appropriations,
    resultBeforeTax,
    tax: resultBeforeTax - profit,
    profit: f.profitForTheYear,
  };
}

export function balanceLines(f: ReportFigures, isLimited: boolean, shares: LineShares): BalanceLines {
  const totalAssets = f.totalAssets ?? 0;
  const cash = f.cashAndBank ?? 0;
  const fixedAssets = Math.max(0, Math.min(whole(totalAssets * shares.fixedAssets), totalAssets - cash));
  const currentAssets = totalAssets - fixedAssets;
  const shortTermReceivables = currentAssets - cash;
  const tradeReceivables = whole(shortTermReceivables * shares.tradeReceivables);
  const equity = f.equity ?? 0;
  const profit = f.profitForTheYear ?? 0;
  const shareCapital = isLimited ? Math.min(Math.max(25_000, whole((equity * 0.05) / 25_000) * 25_000), 500_000) : 0;
  const freeEquity = equity - shareCapital;
  const longTermLiabilities = f.longTermLiabilities ?? 0;
  const shortTermLiabilities = f.shortTermLiabilities ?? 0;
  const tradePayables = whole(shortTermLiabilities * shares.tradePayables);
  const taxLiabilities = whole(shortTermLiabilities * shares.taxLiabilities);
  const otherLiabilities = whole(shortTermLiabilities * shares.otherLiabilities);
  return {
    equipment: fixedAssets,
    fixedAssets,
    tradeReceivables,
    otherReceivables: shortTermReceivables - tradeReceivables,
    shortTermReceivables,
    cash: f.cashAndBank,
    currentAssets,
    totalAssets: f.totalAssets,
    shareCapital,
    retainedEarnings: freeEquity - profit,
    profit: f.profitForTheYear,
    freeEquity,
    equity: f.equity,
    creditInstitutions: longTermLiabilities,
    longTermLiabilities: f.longTermLiabilities,
    tradePayables,
    taxLiabilities,
    otherLiabilities,
    accruedExpenses: shortTermLiabilities - tradePayables - taxLiabilities - otherLiabilities,
    shortTermLiabilities: f.shortTermLiabilities,
    equityAndLiabilities: equity + longTermLiabilities + shortTermLiabilities,
  };
}
