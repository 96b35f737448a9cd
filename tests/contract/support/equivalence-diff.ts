/**
 * Comparing one search's answers from two backends, and saying readably where they differ: the hit count, the ids of
 * the page in order, the name of numeric.orgSeqNo, and every facet count (selection and `_all`). Also the coverage
 * keys of a compared search, so the test can show that the random searches reached every filter, sort and page kind.
 */
import type { SearchResults } from "#shared/search/result-schemas";
import { MAX_VISIBLE_RECORDS, PAGE_SIZE } from "#shared/search/search-fields";
import type { Search } from "#shared/search/search-schema";
import { parseOrgNoQuery } from "#search-index/text";
import { idsOf } from "./contract-helpers";

/** At most this many differing codes are shown per facet. */
const SHOWN_PER_FACET = 6;

/** The last page that holds visible records (0 when there are none). */
export function lastReachablePage(hitCount: number): number {
  return Math.max(0, Math.ceil(Math.min(hitCount, MAX_VISIBLE_RECORDS) / PAGE_SIZE) - 1);
}

function idDifference(a: (number | string)[], b: (number | string)[], names: [string, string]): string[] {
  const at = a.findIndex((id, i) => id !== b[i]);
  const first = at >= 0 ? at : a.length !== b.length ? Math.min(a.length, b.length) : -1;
  if (first < 0) return [];
  const around = (ids: (number | string)[]) => ids.slice(Math.max(0, first - 2), first + 4).join(", ");
  return [
    `ids differ from position ${first} of the page (${a.length} vs ${b.length} records):`,
    `  ${names[0]}: … ${around(a)} …`,
    `  ${names[1]}: … ${around(b)} …`,
  ];
}

function facetDifferences(a: SearchResults["aggregations"], b: SearchResults["aggregations"], names: [string, string]): string[] {
  const lines: string[] = [];
  for (const facet of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
    const x = a[facet];
    const y = b[facet];
    if (!x || !y) {
      lines.push(`facet ${facet}: only ${x ? names[0] : names[1]} has it`);
      continue;
    }
    const differing = [...new Set([...Object.keys(x), ...Object.keys(y)])].filter((code) => (x[code] ?? 0) !== (y[code] ?? 0)).sort();
    if (differing.length === 0) continue;
    const shown = differing.slice(0, SHOWN_PER_FACET).map((code) => `${code}: ${x[code] ?? "–"} vs ${y[code] ?? "–"}`);
    const more = differing.length > SHOWN_PER_FACET ? ` (+${differing.length - SHOWN_PER_FACET} more)` : "";
    lines.push(`facet ${facet} (${names[0]} vs ${names[1]}): ${shown.join("; ")}${more}`);
  }
  return lines;
}

/** Every difference between two answers to the same search and page, one line each (none: they agree). */
export function resultDifferences(a: SearchResults, b: SearchResults, names: [string, string]): string[] {
  const lines: string[] = [];
  if (a.hitCount !== b.hitCount) lines.push(`hitCount: ${names[0]} ${a.hitCount} vs ${names[1]} ${b.hitCount}`);
  lines.push(...idDifference(idsOf(a), idsOf(b), names));
  if (a.nameForOrgSeqNo !== b.nameForOrgSeqNo) lines.push(`nameForOrgSeqNo: ${a.nameForOrgSeqNo} vs ${b.nameForOrgSeqNo}`);
  lines.push(...facetDifferences(a.aggregations, b.aggregations, names));
  if (JSON.stringify(a.histogram) !== JSON.stringify(b.histogram))
    lines.push(`histogram: ${names[0]} ${JSON.stringify(a.histogram)} vs ${names[1]} ${JSON.stringify(b.histogram)}`);
  return lines;
}

/** What a compared search exercised, as keys like "sort:name:desc", "bool:fTax:false", "page:last-of-50". */
export function coverageKeys(search: Search, page: number, hitCount: number): string[] {
  const keys = Object.entries(search.codeSet)
    .filter(([, codes]) => codes && codes.length > 0)
    .map(([name]) => `codeSet:${name}`);
  for (const [name, codes] of Object.entries(search.excludeCodeSet)) {
    if (!codes?.length) continue;
    keys.push(`excludeCodeSet:${name}`);
    if (search.codeSet[name as keyof Search["codeSet"]]?.length) keys.push(`excludeCodeSet:${name}:with-chosen`);
  }
  for (const [name, value] of Object.entries(search.bool)) keys.push(`bool:${name}:${value}`);
  for (const name of Object.keys(search.range)) keys.push(`range:${name}`);
  for (const { field, ascending } of search.sort) keys.push(`sort:${field}:${ascending ? "asc" : "desc"}`);
  if (search.numeric.orgSeqNo !== undefined) keys.push("numeric:orgSeqNo");
  if (search.numSet.includeFile) keys.push("list:include");
  if (search.numSet.excludeFile) keys.push("list:exclude");
  if (search.numSet.includeFile && search.numSet.excludeFile) keys.push("list:both");
  const text = search.text?.trim() ?? "";
  if (text !== "") keys.push(parseOrgNoQuery(text) ? "text:orgNo" : "text:words");
  if (page > 0) keys.push("page:deep");
  if (page > 0 && page === lastReachablePage(hitCount)) keys.push(hitCount >= MAX_VISIBLE_RECORDS ? "page:last-of-50" : "page:last");
  if (hitCount === 0) keys.push("hits:none");
  return keys;
}
