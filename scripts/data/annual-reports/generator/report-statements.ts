/**
 * The income statement (resultaträkning, by nature of expense) and the balance sheet (balansräkning) of a generated
 * report, for the company or, in a group report, for the group: every line tagged, the report's year beside the
 * year before. Lines the product reads are always shown; other lines only when not zero.
 */
import type { FinancialPart } from "#search-index/engine";
import type { FactWriter, PeriodKind } from "./fact-writer";
import type { ReportFigures } from "../types";
import { depreciationOf, figuresOf } from "./report-model";
import { escapeXml, yearLabel } from "./report-texts";
import { type BalanceLines, balanceLines, type IncomeLines, incomeLines, type LineShares } from "./statement-lines";

interface Line<K> {
  label: string;
  /** The line's amount; absent for a heading. */
  key?: K;
  concept?: string;
  cost?: boolean;
  cls?: "sum" | "total";
  note?: string;
  /** Shown even when zero in every year. */
  always?: boolean;
  /** A result line that stands outside the section before it (no heading is written for it). */
  standalone?: boolean;
}

const INCOME_LINES: readonly Line<keyof IncomeLines>[] = [
  { label: "Rörelseintäkter, lagerförändringar m.m." },
  { label: "Nettoomsättning", key: "turnover", concept: "Nettoomsattning", always: true },
  { label: "Övriga rörelseintäkter", key: "otherIncome", concept: "OvrigaRorelseintakter" },
  { label: "Summa rörelseintäkter, lagerförändringar m.m.", key: "totalIncome", concept: "RorelseintakterLagerforandringarMm", cls: "sum" },
  { label: "Rörelsekostnader" },
  { label: "Råvaror och förnödenheter", key: "rawMaterials", concept: "RavarorFornodenheter", cost: true },
  { label: "Övriga externa kostnader", key: "otherExternal", concept: "OvrigaExternaKostnader", cost: true },
  { label: "Personalkostnader", key: "personnel", concept: "Personalkostnader", cost: true, note: "2", always: true },
  {
    label: "Av- och nedskrivningar av materiella och immateriella anläggningstillgångar",
    key: "depreciation",
    concept: "AvskrivningarNedskrivningarMateriellaImmateriellaAnlaggningstillgangar",
    cost: true,
  },
  { label: "Summa rörelsekostnader", key: "totalCosts", concept: "Rorelsekostnader", cost: true, cls: "sum" },
  { label: "Rörelseresultat", key: "operatingResult", concept: "Rorelseresultat", cls: "sum", always: true, standalone: true },
  { label: "Finansiella poster" },
  {
    label: "Övriga ränteintäkter och liknande resultatposter",
    key: "interestIncome",
    concept: "OvrigaRanteintakterLiknandeResultatposter",
  },
  {
    label: "Räntekostnader och liknande resultatposter",
    key: "interestCosts",
    concept: "RantekostnaderLiknandeResultatposter",
    cost: true,
  },
  { label: "Summa finansiella poster", key: "financialNet", concept: "FinansiellaPoster", cls: "sum" },
  {
    label: "Resultat efter finansiella poster",
    key: "resultAfterFinancialItems",
    concept: "ResultatEfterFinansiellaPoster",
    cls: "sum",
    always: true,
    standalone: true,
  },
  { label: "Bokslutsdispositioner" },
  { label: "Förändring av periodiseringsfonder", key: "appropriations", concept: "ForandringPeriodiseringsfond" },
  { label: "Resultat före skatt", key: "resultBeforeTax", concept: "ResultatForeSkatt", cls: "sum", standalone: true },
  { label: "Skatter" },
  { label: "Skatt på årets resultat", key: "tax", concept: "SkattAretsResultat", cost: true },
  { label: "Årets resultat", key: "profit", concept: "AretsResultat", cls: "total", always: true, standalone: true },
];

const BALANCE_LINES = (isLimited: boolean): readonly Line<keyof BalanceLines>[] => [
  { label: "TILLGÅNGAR" },
  { label: "Anläggningstillgångar" },
  { label: "Inventarier, verktyg och installationer", key: "equipment", concept: "InventarierVerktygInstallationer", note: "3" },
  { label: "Summa anläggningstillgångar", key: "fixedAssets", concept: "Anlaggningstillgangar", cls: "sum" },
  { label: "Omsättningstillgångar" },
  { label: "Kundfordringar", key: "tradeReceivables", concept: "Kundfordringar" },
  { label: "Övriga fordringar", key: "otherReceivables", concept: "OvrigaFordringarKortfristiga" },
  { label: "Summa kortfristiga fordringar", key: "shortTermReceivables", concept: "KortfristigaFordringar", cls: "sum" },
  { label: "Kassa och bank", key: "cash", concept: "KassaBank", always: true },
  { label: "Summa omsättningstillgångar", key: "currentAssets", concept: "Omsattningstillgangar", cls: "sum" },
  { label: "SUMMA TILLGÅNGAR", key: "totalAssets", concept: "Tillgangar", cls: "total", always: true },
  { label: "EGET KAPITAL OCH SKULDER" },
  { label: "Eget kapital" },
  ...(isLimited ? [{ label: "Aktiekapital", key: "shareCapital", concept: "Aktiekapital" } as const] : []),
  { label: "Balanserat resultat", key: "retainedEarnings", concept: "BalanseratResultat", always: true },
  { label: "Årets resultat", key: "profit", concept: "AretsResultatEgetKapital", always: true },
  { label: "Summa eget kapital", key: "equity", concept: "EgetKapital", cls: "sum", always: true },
  { label: "Långfristiga skulder", note: "4" },
  { label: "Skulder till kreditinstitut", key: "creditInstitutions", concept: "SkulderKreditinstitutLangfristiga" },
  { label: "Summa långfristiga skulder", key: "longTermLiabilities", concept: "LangfristigaSkulder", cls: "sum", always: true },
  { label: "Kortfristiga skulder" },
  { label: "Leverantörsskulder", key: "tradePayables", concept: "Leverantorsskulder" },
  { label: "Skatteskulder", key: "taxLiabilities", concept: "Skatteskulder" },
  { label: "Övriga skulder", key: "otherLiabilities", concept: "OvrigaKortfristigaSkulder" },
  { label: "Upplupna kostnader och förutbetalda intäkter", key: "accruedExpenses", concept: "UpplupnaKostnaderForutbetaldaIntakter" },
  { label: "Summa kortfristiga skulder", key: "shortTermLiabilities", concept: "KortfristigaSkulder", cls: "sum", always: true },
  { label: "SUMMA EGET KAPITAL OCH SKULDER", key: "equityAndLiabilities", concept: "EgetKapitalSkulder", cls: "total" },
];

/** The company's or the group's part of period `index`, or null when that period has no group part. */
export function partOf(w: FactWriter, index: number, group: boolean): FinancialPart | null {
  const period = w.period(index);
  return group ? period.group : period.company;
}

function statementTable<K extends string>(
  w: FactWriter,
  lines: readonly Line<K>[],
  columns: { index: number; values: Record<K, number | null> }[],
  kind: PeriodKind,
  group: boolean,
): string {
  const head = columns.map(({ index }) => `<th>${yearLabel(w.period(index).periodStart, w.period(index).periodEnd)}</th>`).join("");
  const rows: string[] = [];
  // A heading is written only when a line under it is; an upper-case heading (TILLGÅNGAR) stands over the others.
  let pending: { top: boolean; html: string }[] = [];
  for (const line of lines) {
    const { key, concept } = line;
    const note = `<td class="note">${line.note ?? ""}</td>`;
    if (key === undefined || concept === undefined) {
      const top = line.label === line.label.toUpperCase();
      pending = [
        ...pending.filter((p) => p.top && !top),
        { top, html: `<tr class="heading"><td class="label">${line.label}</td>${note}<td colspan="${columns.length}"></td></tr>` },
      ];
      continue;
    }
    if (!line.always && columns.every(({ values }) => (values[key] ?? 0) === 0)) continue;
    rows.push(...pending.filter((p) => p.top || !line.standalone).map((p) => p.html));
    pending = [];
    const cells = columns.map(({ index, values }) => `<td>${w.amount(concept, index, kind, values[key], { group, cost: line.cost })}</td>`);
    rows.push(`<tr${line.cls ? ` class="${line.cls}"` : ""}><td class="label">${line.label}</td>${note}${cells.join("")}</tr>`);
  }
  return [
    `<table class="ar-table"><thead><tr><th class="label"></th><th>Not</th>${head}</tr></thead><tbody>`,
    ...rows,
    "</tbody></table>",
  ].join("\n");
}

function columnsOf<K extends string>(
  w: FactWriter,
  group: boolean,
  values: (figures: ReportFigures, depreciation: number) => Record<K, number | null>,
) {
  return w.statementColumns.flatMap((index) => {
    const part = partOf(w, index, group);
    if (!part) return [];
    const period = w.period(index);
    return [{ index, values: values(figuresOf(period, part, w.currency), depreciationOf(period, part, w.currency)) }];
  });
}

export function renderIncomeStatement(w: FactWriter, shares: LineShares, group: boolean, title: string): string {
  const columns = columnsOf(w, group, (figures, depreciation) => ({ ...incomeLines(figures, depreciation, shares) }));
  const hasAppropriations = columns.some(({ values }) => values.appropriations !== 0);
  const lines = INCOME_LINES.filter(
    (line) => hasAppropriations || (line.label !== "Bokslutsdispositioner" && line.key !== "resultBeforeTax"),
  );
  return `<h2>${escapeXml(title)}</h2>\n${statementTable(w, lines, columns, "duration", group)}`;
}

export function renderBalanceSheet(w: FactWriter, shares: LineShares, group: boolean, title: string, isLimited: boolean): string {
  const columns = columnsOf(w, group, (figures) => ({ ...balanceLines(figures, isLimited, shares) }));
  return `<h2>${escapeXml(title)}</h2>\n${statementTable(w, BALANCE_LINES(isLimited), columns, "instant", group)}`;
}
