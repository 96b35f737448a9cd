/**
 * The summary header's texts (spec §2, §9): the selected industries (first 2, then 'm.fl.'), places (first 2) and
 * filters (first 3), and how each active filter reads ("Omsättning 1–5 mkr", "F-skatt: Ja", "Bolagsform: Aktiebolag").
 */
import { countOf, formatDate, formatMoney, formatNumber } from "#shared/format";
import {
  BOOL_FILTER_NAMES,
  BOOL_FILTERS,
  CODE_SETS,
  FLAT_CODE_SETS,
  flagDef,
  RANGE_FIELD_NAMES,
  type BoolFilter,
  type RangeField,
} from "#shared/search/search-fields";
import type { Search } from "#shared/search/search-schema";
import { rangeDef, resolveRange, type RangeDef } from "./range-input";
import { codeLabel, type SearchRefdata } from "./search-refdata";

export const SUMMARY_LIMITS = { industries: 2, places: 2, filters: 3 } as const;

/** The first `limit` items joined, then 'm.fl.' when there are more. */
export function summarize(items: readonly string[], limit: number): string {
  const shown = items.slice(0, limit).join(", ");
  return items.length > limit ? `${shown} m.fl.` : shown;
}

function valueText(value: number, def: RangeDef): string {
  if (def.kind === "money") return formatMoney(value);
  if (def.kind === "date") return formatDate(String(value));
  if (def.kind === "age") return `${formatNumber(value)} år`;
  if (def.kind === "percent") return `${formatNumber(value)} %`;
  return formatNumber(value);
}

/** "Omsättning 1–5 mkr"-style text of a range constraint. */
export function rangeText(field: RangeField, value: string, now = new Date()): string {
  const def = rangeDef(field, now);
  const { from, to } = resolveRange(value, def);
  if (from > def.min && to < def.max) return `${def.label} ${valueText(from, def)}–${valueText(to, def)}`;
  if (from > def.min) return `${def.label} från ${valueText(from, def)}`;
  return `${def.label} till ${valueText(to, def)}`;
}

/** "F-skatt: Ja"; a flag offered as an exclusion (the shelf-company filter) reads as what it does. */
export function boolText(name: BoolFilter, value: boolean): string {
  const excludeLabel = flagDef(name).excludeLabel;
  if (excludeLabel !== undefined && !value) return excludeLabel;
  return `${BOOL_FILTERS[name].label}: ${value ? "Ja" : "Nej"}`;
}

/** Every active filter other than industries and places, in a stable order. */
export function filterTexts(search: Search, refdata: SearchRefdata | null, orgName: string | null = null): string[] {
  const texts: string[] = [];
  if (search.text) texts.push(`”${search.text}”`);
  if (search.numeric.orgSeqNo !== undefined) texts.push(orgName ? `Företag: ${orgName}` : "Ett företag");
  for (const name of FLAT_CODE_SETS) {
    const labels = (codes: string[] | undefined) => (codes ?? []).map((code) => (refdata ? codeLabel(refdata, name, code) : code));
    const chosen = labels(search.codeSet[name]);
    const excluded = labels(search.excludeCodeSet[name]);
    if (chosen.length === 0 && excluded.length === 0) continue;
    const label = CODE_SETS[name].label;
    texts.push(withExclusions(chosen.length > 0 ? `${label}: ${chosen.join(", ")}` : label, excluded, excluded.length));
  }
  for (const field of RANGE_FIELD_NAMES) {
    const value = search.range[field];
    if (value !== undefined) texts.push(rangeText(field, value));
  }
  for (const name of BOOL_FILTER_NAMES) {
    const value = search.bool[name];
    if (value !== undefined) texts.push(boolText(name, value));
  }
  // Whether a list file includes or excludes companies changes the selection: the summary says which (issue 25).
  const included = search.numSet.includeFile?.length ?? 0;
  const excluded = search.numSet.excludeFile?.length ?? 0;
  if (included > 0) texts.push(countOf(included, "listfil inkluderad", "listfiler inkluderade"));
  if (excluded > 0) texts.push(countOf(excluded, "listfil exkluderad", "listfiler exkluderade"));
  return texts;
}

export interface SearchSummary {
  industries: string;
  places: string;
  filters: string;
}

/** "Aktiebolag utom …": the codes left out ("Uteslut", issue 46), the first `limit` of them, then 'm.fl.'. */
function withExclusions(text: string, excluded: readonly string[], limit: number): string {
  return excluded.length > 0 ? `${text} utom ${summarize(excluded, limit)}` : text;
}

/**
 * The three lines of the summary header; "Alla branscher" / "Hela Sverige" / "" when nothing is chosen. Excluded
 * industries and places follow as "utom …" ("Hela Sverige utom Stockholms län").
 */
export function searchSummary(search: Search, refdata: SearchRefdata | null, orgName: string | null = null): SearchSummary {
  const labels = (codes: string[] | undefined, set: "sni" | "location") =>
    (codes ?? []).map((code) => (refdata ? codeLabel(refdata, set, code) : code));
  const industries = labels(search.codeSet.sni, "sni");
  const places = labels(search.codeSet.location, "location");
  const chosen = (items: string[], limit: number, none: string) => (items.length ? summarize(items, limit) : none);
  return {
    industries: withExclusions(
      chosen(industries, SUMMARY_LIMITS.industries, "Alla branscher"),
      labels(search.excludeCodeSet.sni, "sni"),
      SUMMARY_LIMITS.industries,
    ),
    places: withExclusions(
      chosen(places, SUMMARY_LIMITS.places, "Hela Sverige"),
      labels(search.excludeCodeSet.location, "location"),
      SUMMARY_LIMITS.places,
    ),
    filters: summarize(filterTexts(search, refdata, orgName), SUMMARY_LIMITS.filters),
  };
}
