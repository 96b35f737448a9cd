/**
 * The iXBRL parser for digitally filed Swedish annual reports: bytes → ParsedReport, or a ReportRefusal.
 * Pipeline: size check → strict decoding (encoding.ts) → one tokenising pass keeping contexts, units and the facts
 * read (collect.ts, xml-reader.ts) → figure facts with their periods, scopes and values (facts.ts) → the report.
 *
 * - The own fiscal year is the latest one stated by se-cd-base:RakenskapsarForstaDag and RakenskapsarSistaDag facts
 *   (ISO text or a numeric date format) with the same contextRef (filings state the year before's days too); when
 *   there is no such readable pair, the duration context ending latest (the longest of those) among the turnover
 *   and result facts (Nettoomsattning, Rorelseresultat, ResultatEfterFinansiellaPoster, AretsResultat).
 * - Periods: the own year, then each earlier one: the dates of a duration context carrying a duration figure
 *   (income statement, personnel, employees) that ends before the own year starts. Latest first.
 * - A period's duration figures come from contexts with exactly its dates; its balance figures from instant
 *   contexts on its last day; the proposed dividend only for the own year, from a context with the own year's
 *   dates or an instant on its last day. Of synonyms the preferred concept present wins.
 * - Group figures: see the rule in contexts.ts. `groupReport` is whether any figure fact is in a group context;
 *   then every period has `group` figures (null where not tagged), else `group` is null.
 * - Currency: the ISO 4217 unit of the monetary figure facts (SEK when there are none); more than one code is
 *   refused (MIXED_CURRENCY); another code than SEK is flagged FOREIGN_CURRENCY and the figures kept as they are.
 * - Framework: K3 when a link:schemaRef href has a path segment "k3" or "k3k", else K2 for a segment "k2", else null.
 */
import { formatOrgNo, hasValidLuhn } from "../../org-number";
import { type ParsedReport, REPORT_FIGURE_NAMES, type ReportFigures, type ReportPeriod, ReportRefusal, type ReportRemark } from "../types";
import { type CollectedDocument, collectDocument, type RawFact } from "./collect";
import { type CompanyDataName, companyDataOf, type FigureName, FIGURES } from "./concepts";
import type { Scope } from "./contexts";
import { decodeDocument } from "./encoding";
import { type FigureFact, readFigureFacts } from "./facts";
import { readDate } from "./transforms";

export const DEFAULT_MAX_BYTES = 50 * 2 ** 20;

type FigureValues = Record<FigureName, number | null>;

interface Period {
  start: string;
  end: string;
}

const OWN_YEAR_FALLBACK_FIGURES = new Set<FigureName>(["turnover", "operatingResult", "resultAfterFinancialItems", "profitForTheYear"]);

export function parseAnnualReport(bytes: Uint8Array, options: { maxBytes?: number } = {}): ParsedReport {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (bytes.length > maxBytes) throw new ReportRefusal("TOO_LARGE", `${bytes.length} bytes, more than ${maxBytes}`);
  const doc = collectDocument(decodeDocument(bytes));
  const remarks: ReportRemark[] = [];
  const orgNo = readOrgNo(firstText(doc, "orgNo"));
  const facts = readFigureFacts(doc, remarks);
  const currency = readCurrency(facts, remarks);
  const own = ownPeriod(doc, facts);
  const groupReport = facts.some((fact) => fact.scope === "group");
  const periods: ReportPeriod[] = [own, ...earlierPeriods(facts, own)].map((period) => ({
    ...period,
    company: figuresOf(facts, "company", period, own),
    group: groupReport ? figuresOf(facts, "group", period, own) : null,
  }));
  const name = firstText(doc, "name")?.replace(/\s+/g, " ").trim() || null;
  return {
    orgNo,
    name,
    periodStart: own.start,
    periodEnd: own.end,
    currency,
    framework: framework(doc.schemaRefs),
    groupReport,
    periods,
    remarks,
  };
}

/** The text of the first fact of a company-data item, in document order. */
function firstText(doc: CollectedDocument, item: CompanyDataName): string | null {
  const fact = doc.facts.find((candidate) => candidate.kind === "nonNumeric" && companyDataOf(candidate.concept) === item);
  return fact === undefined ? null : textWithContinuations(doc, fact);
}

/** The fact's text followed by that of each ix:continuation of its chain, in chain order; a loop ends the chain. */
function textWithContinuations(doc: CollectedDocument, fact: RawFact): string {
  let text = fact.text;
  const seen = new Set<string>();
  for (let next = fact.continuedAt; next !== null && !seen.has(next);) {
    seen.add(next);
    const continuation = doc.continuations.get(next);
    if (continuation === undefined) break;
    text += continuation.text;
    next = continuation.continuedAt;
  }
  return text;
}

function readOrgNo(text: string | null): string {
  const match = text === null ? null : /^(\d{6})-?(\d{4})$/.exec(text.trim());
  const digits = match ? `${match[1]}${match[2]}` : null;
  if (digits === null || !hasValidLuhn(digits)) {
    throw new ReportRefusal(
      "NO_ORGNR",
      text === null ? "no se-cd-base:Organisationsnummer" : `invalid organisation number "${text.trim()}"`,
    );
  }
  return formatOrgNo(digits);
}

function readCurrency(facts: FigureFact[], remarks: ReportRemark[]): string {
  const codes = new Set(facts.flatMap((fact) => (FIGURES[fact.figure].monetary && fact.currency !== null ? [fact.currency] : [])));
  if (codes.size > 1) throw new ReportRefusal("MIXED_CURRENCY", `monetary facts in ${[...codes].join(", ")}`);
  const [currency = "SEK"] = codes;
  if (currency !== "SEK") remarks.push({ flag: "FOREIGN_CURRENCY", detail: `the figures are in ${currency}` });
  return currency;
}

function ownPeriod(doc: CollectedDocument, facts: FigureFact[]): Period {
  const declared = declaredYears(doc);
  let best: Period | null = null;
  for (const year of declared) if (best === null || year.end > best.end) best = year;
  if (best !== null) return best;
  for (const { figure, period } of facts) {
    if (!OWN_YEAR_FALLBACK_FIGURES.has(figure) || period.kind !== "duration") continue;
    if (best === null || period.end > best.end || (period.end === best.end && period.start < best.start)) best = period;
  }
  if (best === null) throw new ReportRefusal("NO_PERIOD", "neither the fiscal year's days nor a turnover or result fact");
  return { start: best.start, end: best.end };
}

/** The fiscal years the company data states: a RakenskapsarForstaDag and a RakenskapsarSistaDag in one context. */
function declaredYears(doc: CollectedDocument): Period[] {
  const days = (item: CompanyDataName) => {
    const byContext = new Map<string, string>();
    for (const fact of doc.facts) {
      if (fact.kind !== "nonNumeric" || companyDataOf(fact.concept) !== item || byContext.has(fact.contextRef)) continue;
      const date = readDate(textWithContinuations(doc, fact), fact.format);
      if (date !== null) byContext.set(fact.contextRef, date);
    }
    return byContext;
  };
  const lastDays = days("lastDay");
  return [...days("firstDay")].flatMap(([contextRef, start]) => {
    const end = lastDays.get(contextRef);
    return end !== undefined && start <= end ? [{ start, end }] : [];
  });
}

function earlierPeriods(facts: FigureFact[], own: Period): Period[] {
  const periods = new Map<string, Period>();
  for (const { figure, period } of facts) {
    if (FIGURES[figure].timing !== "duration" || period.kind !== "duration" || period.end >= own.start) continue;
    periods.set(`${period.start}/${period.end}`, { start: period.start, end: period.end });
  }
  return [...periods.values()].sort((a, b) => (a.end === b.end ? b.start.localeCompare(a.start) : b.end.localeCompare(a.end)));
}

function figuresOf(facts: FigureFact[], scope: Scope, period: Period, own: Period): ReportFigures {
  const chosen = new Map<string, FigureFact>();
  for (const fact of facts) {
    if (fact.scope !== scope || !belongsTo(fact, period, own)) continue;
    const current = chosen.get(fact.figure);
    if (current === undefined || fact.rank < current.rank) chosen.set(fact.figure, fact);
  }
  return Object.fromEntries(REPORT_FIGURE_NAMES.map((figure) => [figure, chosen.get(figure)?.amount ?? null])) as FigureValues;
}

function belongsTo({ figure, period: p }: FigureFact, period: Period, own: Period): boolean {
  const isDuration = p.kind === "duration" && p.start === period.start && p.end === period.end;
  const isClosingDay = p.kind === "instant" && p.date === period.end;
  switch (FIGURES[figure].timing) {
    case "duration":
      return isDuration;
    case "instant":
      return isClosingDay;
    case "proposal":
      return period.start === own.start && period.end === own.end && (isDuration || isClosingDay);
  }
}

function framework(schemaRefs: string[]): ParsedReport["framework"] {
  const segments = new Set(schemaRefs.flatMap((href) => href.toLowerCase().split(/[/\\]/)));
  if (segments.has("k3") || segments.has("k3k")) return "K3";
  return segments.has("k2") ? "K2" : null;
}
