/**
 * "Hitta liknande" (issue 39 point 3, issue 48 point 5): the ordinary, editable search for companies like one company.
 * It starts at the company's SNI detail group, its employee size class with the classes on either side, and its
 * county, and widens in steps until at least SIMILAR_MIN_HITS other companies match (similarLadder): more size
 * classes, the 3-digit group, the 2-digit division, all of Sweden, any size, and at last any industry, so it never
 * answers an empty search. The summary line says which steps were taken. The company itself is left out by a
 * one-number list file excluded in numSet.excludeFile, reused for the company within the search context; the user's
 * own list files stay (docs/decisions/0046). Pure: the hook (use-find-similar.ts) does the calls.
 */
import { formatNumber, formatSniCode } from "#shared/format";
import { CODE_SET_NAMES, CODE_SETS, RANGE_FIELDS } from "#shared/search/search-fields";
import type { Search } from "#shared/search/search-schema";
import { formatRange } from "#shared/search/search-values";
import { sniCodeContains } from "#shared/search/sni-sections";
import { emptySearch } from "#shared/search/empty-search";

/** Fewer other companies than this widens the search a step. */
export const SIMILAR_MIN_HITS = 20;

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

/** How far one step of the ladder reaches from the company. */
export interface Widening {
  /** Size classes on either side of the company's (1 or 2), or null for any size. */
  sizeReach: 1 | 2 | null;
  /** The SNI code's level: the detail group, the 3-digit group, the 2-digit division, or any industry. */
  sni: "detail" | "group" | "division" | "any";
  /** All of Sweden instead of the county. */
  wholeSweden: boolean;
}

export const NARROW: Widening = { sizeReach: 1, sni: "detail", wholeSweden: false };

/** The steps, narrowest first; each widens one thing more than the one before. */
const LADDER: readonly Widening[] = [
  NARROW,
  { sizeReach: 2, sni: "detail", wholeSweden: false },
  { sizeReach: 2, sni: "group", wholeSweden: false },
  { sizeReach: 2, sni: "division", wholeSweden: false },
  { sizeReach: 2, sni: "division", wholeSweden: true },
  { sizeReach: null, sni: "division", wholeSweden: true },
  { sizeReach: 2, sni: "any", wholeSweden: true },
];

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

/** The company's size class with `reach` classes on either side, as one range; null when the count is unknown. */
export function neighbourSizeRange(classes: readonly SizeClass[], employees: number | null, reach = 1): SizeClass | null {
  if (employees === null || employees < 0) return null;
  const index = classes.findIndex((c) => employees >= c.from && (c.to === null || employees <= c.to));
  if (index < 0) return null;
  const lower = classes[Math.max(0, index - reach)];
  const upper = classes[Math.min(classes.length - 1, index + reach)];
  if (!lower || !upper) return null;
  return { from: lower.from, to: upper.to };
}

const SNI_LENGTH = { detail: 5, group: 3, division: 2, any: 0 } as const;

/** The SNI code the search names at a widening: the company's own, cut to the step's level; null for any industry. */
function sniOf(basis: SimilarBasis, widening: Widening): string | null {
  if (basis.sniCode === null || widening.sni === "any") return null;
  return basis.sniCode.slice(0, Math.min(basis.sniCode.length, SNI_LENGTH[widening.sni]));
}

const sizeOf = (basis: SimilarBasis, widening: Widening, classes: readonly SizeClass[]) =>
  widening.sizeReach === null ? null : neighbourSizeRange(classes, basis.numEmployees, widening.sizeReach);

/** numEmployees as "from_to", a side at the field's bound left empty (spec §5). */
function employeeRange(size: SizeClass): string {
  const { min, max } = RANGE_FIELDS.numEmployees;
  return formatRange({ from: size.from <= min ? null : size.from, to: size.to === null || size.to >= max ? null : size.to });
}

export interface SimilarOptions {
  classes: readonly SizeClass[];
  /** The search session the list files belong to. */
  seqNo?: number;
  /** The user's own list files, kept as they were on the search the action started from. */
  numSet?: Search["numSet"];
  /** The list file holding the company's number, excluded. */
  excludeFile?: number;
  /** The codes the search the action started from excludes ("Uteslut", issue 46), kept where they apply to companies. */
  excludeCodeSet?: Search["excludeCodeSet"];
}

/**
 * The exclusions kept from the search the action started from: the company code sets' only, and none that would
 * leave out the company's own kind: the company's industry or county, a code the similar search chooses, or one above
 * either (a shorter code it starts with: "62" above "62010", county "01" above "0180"; an industry's section: "J"
 * above "62010").
 */
function keptExclusions(excluded: Search["excludeCodeSet"], chosen: Search["codeSet"], basis: SimilarBasis): Search["excludeCodeSet"] {
  const owns: Search["codeSet"] = {
    sni: [...(chosen.sni ?? []), ...(basis.sniCode === null ? [] : [basis.sniCode])],
    location: [...(chosen.location ?? []), ...(basis.countyCode === null ? [] : [basis.countyCode])],
  };
  const contains = (name: string, code: string, own: string) => (name === "sni" ? sniCodeContains(code, own) : own.startsWith(code));
  const kept: Search["excludeCodeSet"] = {};
  for (const name of CODE_SET_NAMES) {
    const mine = owns[name] ?? chosen[name] ?? [];
    const codes = (excluded[name] ?? []).filter((code) => !mine.some((own) => contains(name, code, own)));
    if (codes.length > 0 && CODE_SETS[name].types.includes("COMPANY")) kept[name] = codes;
  }
  return kept;
}

/** The company search for a basis at a widening. */
export function similarSearch(basis: SimilarBasis, widening: Widening, options: SimilarOptions): Search {
  const search = emptySearch("COMPANY");
  const sni = sniOf(basis, widening);
  const size = sizeOf(basis, widening, options.classes);
  const county = widening.wholeSweden ? null : basis.countyCode;
  const own = options.numSet ?? {};
  const excluded = [...(own.excludeFile ?? []), ...(options.excludeFile === undefined ? [] : [options.excludeFile])];
  const codeSet = { ...(sni ? { sni: [sni] } : {}), ...(county ? { location: [county] } : {}) };
  return {
    ...search,
    numeric: options.seqNo === undefined ? {} : { seqNo: options.seqNo },
    codeSet,
    excludeCodeSet: keptExclusions(options.excludeCodeSet ?? {}, codeSet, basis),
    range: size ? { numEmployees: employeeRange(size) } : {},
    numSet: { ...(own.includeFile?.length ? { includeFile: own.includeFile } : {}), ...(excluded.length ? { excludeFile: excluded } : {}) },
  };
}

const sameSearch = (a: Search, b: Search) => JSON.stringify([a.codeSet, a.range]) === JSON.stringify([b.codeSet, b.range]);

/**
 * The ladder's distinct steps for a basis, narrowest first: a step that names the same search as the one before (the
 * company has no county, no SNI code or no employee count, or its code is already short) is left out.
 */
export function similarLadder(basis: SimilarBasis, classes: readonly SizeClass[]): Widening[] {
  const steps: Widening[] = [];
  let previous: Search | null = null;
  for (const widening of LADDER) {
    const search = similarSearch(basis, widening, { classes });
    if (previous && sameSearch(previous, search)) continue;
    steps.push(widening);
    previous = search;
  }
  return steps;
}

/**
 * The narrowest step at which at least SIMILAR_MIN_HITS other companies match, from each step's hit count (the
 * company itself already left out); the widest step when none has that many, unless a narrower one has more.
 */
export function chooseWidening(steps: readonly Widening[], hitCounts: readonly number[]): Widening {
  const enough = hitCounts.findIndex((hits) => hits >= SIMILAR_MIN_HITS);
  if (enough >= 0) return steps[enough] ?? NARROW;
  let best = steps.length - 1;
  hitCounts.forEach((hits, i) => {
    if (hits > (hitCounts[best] ?? 0)) best = i;
  });
  return steps[best] ?? NARROW;
}

function sizeText(size: SizeClass): string {
  if (size.to === null) return `minst ${formatNumber(size.from)} anställda`;
  return `${formatNumber(size.from)}–${formatNumber(size.to)} anställda`;
}

/** What a step widened compared with the first, in Swedish: "fler storlekar", "bredare bransch", "hela Sverige" … */
function wideningTexts(basis: SimilarBasis, widening: Widening, classes: readonly SizeClass[]): string[] {
  const texts: string[] = [];
  const narrowSize = sizeOf(basis, NARROW, classes);
  const size = sizeOf(basis, widening, classes);
  if (narrowSize && JSON.stringify(size) !== JSON.stringify(narrowSize)) texts.push(size ? "fler storlekar" : "alla storlekar");
  const narrowSni = sniOf(basis, NARROW);
  const sni = sniOf(basis, widening);
  if (narrowSni && sni !== narrowSni) texts.push(sni ? "bredare bransch" : "alla branscher");
  if (basis.countyCode && widening.wholeSweden) texts.push("hela Sverige");
  return texts;
}

/**
 * "Liknar Exempel AB: bransch 56.100, 5–49 anställda, Kalmar län", and when the search was widened to find enough,
 * what was widened: "… hela Sverige (vidgat till fler storlekar, bredare bransch och hela Sverige)".
 */
export function similarSummary(basis: SimilarBasis, widening: Widening, classes: readonly SizeClass[]): string {
  const parts: string[] = [];
  const sni = sniOf(basis, widening);
  if (sni) parts.push(`bransch ${formatSniCode(sni)}`);
  const size = sizeOf(basis, widening, classes);
  if (size) parts.push(sizeText(size));
  parts.push(widening.wholeSweden || !basis.countyName ? "hela Sverige" : basis.countyName);
  const widened = wideningTexts(basis, widening, classes);
  const how =
    widened.length === 0 ? "" : ` (vidgat till ${widened.slice(0, -1).join(", ")}${widened.length > 1 ? " och " : ""}${widened.at(-1)})`;
  return `Liknar ${basis.name}: ${parts.join(", ")}${how}`;
}
