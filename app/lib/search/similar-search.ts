/**
 * "Hitta liknande" (issue 39 point 3): the ordinary, editable search for companies like one company. It matches the
 * company's main SNI detail group (widened to its 3-digit group when that gives fewer than SIMILAR_MIN_HITS others),
 * its employee size class and the classes on either side (as a numEmployees range), and its county (widened to all of
 * Sweden when still fewer). The company itself is left out by a one-number list file excluded in numSet.excludeFile:
 * the search stays an ordinary serialisable search (docs/decisions/0046). Pure: the hook (use-find-similar.ts) does
 * the calls.
 */
import { formatNumber, formatSniCode } from "#shared/format";
import type { Aggregations } from "#shared/search/result-schemas";
import { RANGE_FIELDS } from "#shared/search/search-fields";
import { emptySearch, formatRange, type Search } from "#shared/search/search-schema";

/** Fewer other companies than this widens the industry, then the place. */
export const SIMILAR_MIN_HITS = 50;

/** What the similar search is built from: the company's search record. */
export interface SimilarBasis {
  name: string;
  /** The main SNI code (first of the record's), or null when it has none. */
  sniCode: string | null;
  countyCode: string | null;
  countyName: string | null;
  numEmployees: number | null;
}

export interface SizeClass {
  from: number;
  /** null for the open top class. */
  to: number | null;
}

export interface Widening {
  /** The 3-digit SNI group instead of the detail group. */
  sniGroup: boolean;
  /** All of Sweden instead of the county. */
  wholeSweden: boolean;
}

export const NARROW: Widening = { sniGroup: false, wholeSweden: false };

/** SCB's size classes from the employee-range entries ("10-19 anställda", "10000- anställda"); "Uppgift saknas" is none. */
export function sizeClasses(entries: readonly { text: string }[]): SizeClass[] {
  const classes: SizeClass[] = [];
  for (const { text } of entries) {
    const match = /^(\d+)(?:\s*-\s*(\d*))?/.exec(text);
    if (!match) continue;
    const from = Number(match[1]);
    classes.push({ from, to: match[2] === undefined ? from : match[2] === "" ? null : Number(match[2]) });
  }
  return classes.sort((a, b) => a.from - b.from);
}

/** The company's size class with the classes on either side, as one range; null when the count is unknown. */
export function neighbourSizeRange(classes: readonly SizeClass[], employees: number | null): SizeClass | null {
  if (employees === null || employees < 0) return null;
  const index = classes.findIndex((c) => employees >= c.from && (c.to === null || employees <= c.to));
  if (index < 0) return null;
  const lower = classes[Math.max(0, index - 1)];
  const upper = classes[Math.min(classes.length - 1, index + 1)];
  if (!lower || !upper) return null;
  return { from: lower.from, to: upper.to };
}

/** The SNI code the search names: the detail group, or its 3-digit group when widened. */
function sniOf(basis: SimilarBasis, widening: Widening): string | null {
  if (basis.sniCode === null) return null;
  return widening.sniGroup && basis.sniCode.length > 3 ? basis.sniCode.slice(0, 3) : basis.sniCode;
}

/** numEmployees as "from_to", a side at the field's bound left empty (spec §5). */
function employeeRange(size: SizeClass): string {
  const { min, max } = RANGE_FIELDS.numEmployees;
  return formatRange({ from: size.from <= min ? null : size.from, to: size.to === null || size.to >= max ? null : size.to });
}

export interface SimilarOptions {
  classes: readonly SizeClass[];
  /** The list file holding the company's number, excluded; left out for the counting search. */
  excludeFile?: number;
  /** The search session the list file belongs to. */
  seqNo?: number;
}

/** The company search for a basis at a widening. */
export function similarSearch(basis: SimilarBasis, widening: Widening, options: SimilarOptions): Search {
  const search = emptySearch("COMPANY");
  const sni = sniOf(basis, widening);
  const size = neighbourSizeRange(options.classes, basis.numEmployees);
  const county = widening.wholeSweden ? null : basis.countyCode;
  return {
    ...search,
    numeric: options.seqNo === undefined ? {} : { seqNo: options.seqNo },
    codeSet: { ...(sni ? { sni: [sni] } : {}), ...(county ? { location: [county] } : {}) },
    range: size ? { numEmployees: employeeRange(size) } : {},
    numSet: options.excludeFile === undefined ? {} : { excludeFile: [options.excludeFile] },
  };
}

/**
 * How far to widen, from the narrow search's answer (which still counts the company itself): its hit count is the
 * detail group in the county, and its SNI facet (which ignores the search's own SNI constraint) the 3-digit group in
 * the county. When neither has enough, the group across Sweden is the widest offered.
 */
export function chooseWidening(basis: SimilarBasis, hitCount: number, aggregations: Aggregations): Widening {
  const others = (count: number) => count - 1;
  if (others(hitCount) >= SIMILAR_MIN_HITS) return NARROW;
  const group = basis.sniCode && basis.sniCode.length > 3 ? basis.sniCode.slice(0, 3) : null;
  const inCounty = group === null ? hitCount : (aggregations.sni?.[group] ?? 0);
  const sniGroup = group !== null;
  if (others(inCounty) >= SIMILAR_MIN_HITS || basis.countyCode === null) return { sniGroup, wholeSweden: false };
  return { sniGroup, wholeSweden: true };
}

function sizeText(size: SizeClass): string {
  if (size.to === null) return `minst ${formatNumber(size.from)} anställda`;
  return `${formatNumber(size.from)}–${formatNumber(size.to)} anställda`;
}

/** "Liknar Exempel AB: bransch 56.100, 5–49 anställda, Kalmar län": what the search matches, in Swedish. */
export function similarSummary(basis: SimilarBasis, widening: Widening, classes: readonly SizeClass[]): string {
  const parts: string[] = [];
  const sni = sniOf(basis, widening);
  if (sni) parts.push(`bransch ${formatSniCode(sni)}`);
  const size = neighbourSizeRange(classes, basis.numEmployees);
  if (size) parts.push(sizeText(size));
  parts.push(widening.wholeSweden || !basis.countyName ? "hela Sverige" : basis.countyName);
  return `Liknar ${basis.name}: ${parts.join(", ")}`;
}
