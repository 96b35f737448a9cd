/**
 * The constraints of a search as Elasticsearch filters (es-query.ts builds the requests from them): the hard
 * constraints every counted document must pass (ranges, list files, the text's scored clauses) and each facet's
 * constraint, with `terms` queries chunked below the cluster's limit and integer ranges clamped to their type.
 */
import type { ListFileMap } from "../backend";
import { BOOL_FILTER_NAMES, CODE_SET_NAMES, RANGE_FIELDS, type CodeSetName, type RangeField } from "#shared/search/search-fields";
import type { RangeBounds } from "#shared/search/search-schema";
import type { ValidSearch } from "../search-model";
import { codeSetDocField, RANGE_DOC_FIELDS } from "./es-fields";
import { COMPANY_MAPPINGS, WORKSITE_MAPPINGS } from "./es-mappings";
import { textClauses } from "./es-text";

type Json = Record<string, unknown>;

/** Elasticsearch refuses a `terms` query of more values than `index.max_terms_count` (65 536 by default). */
export const MAX_TERMS_PER_QUERY = 65_536;

/** `terms` queries of at most MAX_TERMS_PER_QUERY values each, covering `values` together. */
function termsChunks(field: string, values: readonly (string | number)[]): Json[] {
  const chunks: Json[] = [];
  for (let at = 0; at < values.length; at += MAX_TERMS_PER_QUERY) {
    chunks.push({ terms: { [field]: values.slice(at, at + MAX_TERMS_PER_QUERY) } });
  }
  return chunks;
}

/** A document passes when its `field` is one of `values` (one `terms` query, or a `should` of chunks beyond the limit). */
export function termsFilter(field: string, values: readonly (string | number)[]): Json {
  const chunks = termsChunks(field, values);
  if (chunks.length <= 1) return { terms: { [field]: [...values] } };
  return { bool: { should: chunks, minimum_should_match: 1 } };
}

/** must_not clauses dropping every document whose `field` is one of `values` (chunked beyond the limit). */
export const termsExclusions = (field: string, values: readonly (string | number)[]): Json[] => termsChunks(field, values);

function listNumbers(ids: readonly number[] | undefined, listFiles: ListFileMap | undefined): string[] {
  return [...new Set((ids ?? []).flatMap((id) => listFiles?.get(id) ?? []))];
}

/** Document fields mapped as 32-bit `integer` (es-mappings.ts): the cluster refuses a range bound beyond that type. */
const INTEGER_FIELDS = new Set(
  Object.entries({ ...COMPANY_MAPPINGS.properties, ...WORKSITE_MAPPINGS.properties })
    .filter(([, mapping]) => "type" in mapping && mapping.type === "integer")
    .map(([name]) => name),
);
const INT_MIN = -(2 ** 31);
const INT_MAX = 2 ** 31 - 1;

/**
 * A range filter, inclusive at both ends. The search model allows bounds of 15 digits; on an `integer` field a bound
 * beyond 32 bits is clamped to the type's end (it still excludes documents without a value, as a bound does), or, when
 * no 32-bit value can lie in the range, the filter matches nothing: the answer the embedded backend gives.
 */
function rangeFilter(field: string, bounds: RangeBounds): Json {
  let { from, to } = bounds;
  if (INTEGER_FIELDS.has(field)) {
    if ((from !== null && from > INT_MAX) || (to !== null && to < INT_MIN)) return { match_none: {} };
    if (from !== null && from < INT_MIN) from = INT_MIN;
    if (to !== null && to > INT_MAX) to = INT_MAX;
  }
  return { range: { [field]: { ...(from === null ? {} : { gte: from }), ...(to === null ? {} : { lte: to }) } } };
}

/**
 * Constraints every counted document must pass (not facets): `must` holds the text's scored clauses, the rest are
 * filters.
 */
export function hardFilters(search: ValidSearch, listFiles?: ListFileMap): { filter: Json[]; must_not: Json[]; must: Json[] } {
  const filter: Json[] = [];
  const mustNot: Json[] = [];
  const must = search.textQuery ? textClauses(search.textQuery, search.resultType) : [];
  if (search.numeric.orgSeqNo !== undefined) filter.push({ term: { orgSeqNo: search.numeric.orgSeqNo } });
  if (search.numSet.includeFile?.length) filter.push(termsFilter("orgNo", listNumbers(search.numSet.includeFile, listFiles)));
  mustNot.push(...termsExclusions("orgNo", listNumbers(search.numSet.excludeFile, listFiles)));
  let limitedOnly = false;
  for (const [field, bounds] of Object.entries(search.range) as [RangeField, RangeBounds][]) {
    limitedOnly ||= RANGE_FIELDS[field].limitedCompanyOnly;
    filter.push(rangeFilter(RANGE_DOC_FIELDS[field], bounds));
  }
  if (limitedOnly) filter.push({ term: { limited: true } });
  return { filter, must_not: mustNot, must };
}

/** The document field a code set is matched on (a tree's holds every code on each path, so a code matches its subtree). */
export function codeSetField(search: ValidSearch, name: CodeSetName): string {
  return codeSetDocField(name, search.bool);
}

/**
 * A code set's constraint: one of the chosen codes, and none of the excluded ones (docs/decisions/0064), or null
 * when the search sets neither.
 */
function codeSetFilter(search: ValidSearch, name: CodeSetName): Json | null {
  const field = codeSetField(search, name);
  const chosen = search.codeSet[name] ?? [];
  const excluded = search.excludeCodeSet[name] ?? [];
  const include = chosen.length ? { terms: { [field]: [...chosen].sort() } } : null;
  if (!excluded.length) return include;
  const exclude = { terms: { [field]: [...excluded].sort() } };
  return { bool: { ...(include ? { filter: [include] } : {}), must_not: [exclude] } };
}

/** Facet constraints by facet name. */
export function facetFilters(search: ValidSearch): Record<string, Json> {
  const facets: Record<string, Json> = {};
  for (const name of CODE_SET_NAMES) {
    const filter = codeSetFilter(search, name);
    if (filter) facets[name] = filter;
  }
  for (const name of BOOL_FILTER_NAMES) {
    const want = search.bool[name];
    if (want !== undefined) facets[name] = { term: { [name]: want } };
  }
  return facets;
}
