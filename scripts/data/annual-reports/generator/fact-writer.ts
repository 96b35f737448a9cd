/**
 * Writes the facts of one report: amounts, counts and percentages of period `index` (0 = the report's own year),
 * in the company's or the group's contexts, under the report's number style. Contexts are defined on first use.
 */
import type { FinancialPeriod } from "#search-index/engine";
import { amountFact, amountText, countFact, type NumberStyle, percentFact } from "./fact-format";
import { ReportContexts, UNIT_EMPLOYEES, UNIT_PERCENT } from "./report-contexts";
import { type AnnualReportInput, reportCurrency, type ReportLayout } from "./report-model";
import { escapeXml } from "./report-texts";

export type PeriodKind = "duration" | "instant";

export class FactWriter {
  readonly contexts: ReportContexts;
  readonly currency: string;
  readonly style: NumberStyle;

  constructor(
    readonly input: AnnualReportInput,
    readonly layout: ReportLayout,
  ) {
    this.contexts = new ReportContexts(input.company.orgNo, layout.opaqueContextIds);
    this.currency = reportCurrency(input);
    this.style = layout.style;
  }

  period(index: number): FinancialPeriod {
    const period = this.input.periods[index];
    if (!period) throw new Error(`period ${index} missing in the report of ${this.input.company.orgNo}`);
    return period;
  }

  /** The statements compare the report's year with the year before, when the records have it. */
  get statementColumns(): number[] {
    return this.input.periods.length > 1 ? [0, 1] : [0];
  }

  contextRef(index: number, kind: PeriodKind, group = false): string {
    const period = this.period(index);
    return kind === "instant"
      ? this.contexts.instant(index, period.periodEnd, group)
      : this.contexts.duration(index, period.periodStart, period.periodEnd, group);
  }

  /** The tagged amount, or nothing for an unknown (null) one. */
  amount(name: string, index: number, kind: PeriodKind, value: number | null, options: { group?: boolean; cost?: boolean } = {}): string {
    if (value === null) return "";
    const contextRef = this.contextRef(index, kind, options.group);
    return amountFact({ name: `se-gen-base:${name}`, contextRef, unitRef: this.currency, value, shownAsCost: options.cost }, this.style);
  }

  /** An amount shown but not tagged. */
  text(value: number, cost = false): string {
    return amountText(value, this.style, cost);
  }

  employees(index: number, value: number | null, group = false): string {
    if (value === null) return "";
    return countFact("se-gen-base:MedelantaletAnstallda", this.contextRef(index, "duration", group), UNIT_EMPLOYEES, value, this.style);
  }

  percent(name: string, index: number, percent: number | null, group = false): string {
    if (percent === null) return "";
    return percentFact(`se-gen-base:${name}`, this.contextRef(index, "instant", group), UNIT_PERCENT, percent, this.style);
  }

  /** A text fact of the report's own year. */
  nonNumeric(name: string, text: string, kind: PeriodKind = "duration"): string {
    return `<ix:nonNumeric name="${name}" contextRef="${this.contextRef(0, kind)}">${escapeXml(text)}</ix:nonNumeric>`;
  }
}
