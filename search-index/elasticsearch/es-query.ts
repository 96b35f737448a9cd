/**
 * Pure request bodies for Elasticsearch: a search as one `_msearch` of a page of hits and size-0 counting requests
 * (each facet counted under every facet constraint but its own: disjunctive counts; planEsSearch), the whole-index
 * counts as a match_all request, sorts with missing values last and the id as tie-break, from/size within the 1000
 * visible records, and search_after bodies for exports on a point in time.
 */
import type { ListFileMap } from "../backend";
import {
  BOOL_FILTER_NAMES,
  BOOL_FILTERS,
  CODE_SETS,
  MAX_VISIBLE_RECORDS,
  PAGE_SIZE,
  RANGE_FIELDS,
  type RangeField,
  type ResultType,
} from "#shared/search/search-fields";
import type { RangeBounds } from "#shared/search/search-schema";
import type { HistogramField } from "#shared/search/histogram";
import type { ValidSearch } from "../search-model";
import { fuzzyScore, TEXT_SCORES, type ScoredCode, type TextQuery, type TextWord } from "../free-text";
import {
  FACET_KEYS_FIELD,
  FACET_KEYS_SIZE,
  RANDOM_SORT_SCRIPT,
  RANGE_DOC_FIELDS,
  SMALL_CODE_FACETS,
  SORT_DOC_FIELDS,
  TERMS_SIZE,
  TREE_FIELDS,
} from "./es-fields";
import { COMPANY_MAPPINGS, WORKSITE_MAPPINGS } from "./es-mappings";

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

const constantScore = (filter: Json, boost: number): Json => ({ constant_score: { filter, boost } });

/** A field's clauses for a word: the whole word (analysed by the field's analyzer) and, for a prefix, longer words. */
function fieldClauses(field: string, word: TextWord, scores: { exact: number; prefix: number }): Json[] {
  if (word.word === null) return [];
  const clauses = [constantScore({ match: { [field]: { query: word.word } } }, scores.exact)];
  if (word.prefix) clauses.push(constantScore({ prefix: { [field]: word.word } }, scores.prefix));
  // A forgiving retry's other spellings (forgiving.ts), at the field's prefix score: already normalised, so as terms.
  const variants = word.variants ?? [];
  if (variants.length > 0) {
    const score = scores.prefix; // free-text.ts variantScores
    clauses.push(constantScore({ terms: { [field]: [...variants] } }, score));
    if (word.prefix) for (const variant of variants) clauses.push(constantScore({ prefix: { [field]: variant } }, score));
  }
  // Its typing errors (fuzzy.ts): every indexed word within the edits, whole words, at free-text.ts fuzzyScore. The
  // constant-score rewrite takes every such word (no max_expansions cap), as the embedded index does.
  if ((word.fuzzy ?? 0) > 0) {
    const fuzzy = { value: word.word, fuzziness: word.fuzzy, transpositions: true, prefix_length: 0, rewrite: "constant_score" };
    clauses.push(constantScore({ fuzzy: { [field]: fuzzy } }, fuzzyScore(scores)));
  }
  return clauses;
}

/** Codes grouped by score, one terms clause each. */
function codeClauses(field: string, codes: readonly ScoredCode[]): Json[] {
  const byScore = new Map<number, string[]>();
  for (const { code, score } of codes) byScore.set(score, [...(byScore.get(score) ?? []), code]);
  return [...byScore].map(([score, list]) => constantScore({ terms: { [field]: list } }, score));
}

/** "5560360" → "556036-0": the digits as the start of an organisation number written with its dash. */
const orgNoPrefix = (digits: string) => (digits.length > 6 ? `${digits.slice(0, 6)}-${digits.slice(6)}` : digits);

/**
 * One clause per word of the text (free-text.ts): a dis_max over the fields, each a constant score, so a document
 * scores its best field per word and the sum over the words: the embedded index's relevance, exactly. A text without
 * searchable words matches nothing.
 */
export function textClauses(query: TextQuery, type: ResultType): Json[] {
  if (query.words.length === 0) return [{ match_none: {} }];
  return query.words.map((word) => {
    const queries = [
      ...fieldClauses("name", word, TEXT_SCORES.name),
      ...fieldClauses("address", word, TEXT_SCORES.address),
      ...(type === "COMPANY" ? fieldClauses("people", word, TEXT_SCORES.person) : []),
      ...codeClauses(TREE_FIELDS.sni.any, word.industries),
      ...codeClauses(TREE_FIELDS.location.own, word.places),
    ];
    if (word.orgNo) {
      const { digits } = word.orgNo;
      queries.push(
        digits.length === 10
          ? constantScore({ term: { orgNo: `${digits.slice(0, 6)}-${digits.slice(6)}` } }, TEXT_SCORES.orgNo.exact)
          : constantScore({ prefix: { orgNo: orgNoPrefix(digits) } }, TEXT_SCORES.orgNo.prefix),
      );
    }
    return { dis_max: { queries, tie_breaker: 0 } };
  });
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

/** Facet constraints by facet name. */
export function facetFilters(search: ValidSearch): Record<string, Json> {
  const facets: Record<string, Json> = {};
  const sni = search.codeSet.sni ?? [];
  if (sni.length) facets.sni = { terms: { [search.bool.useMainSni ? TREE_FIELDS.sni.main : TREE_FIELDS.sni.any]: [...sni].sort() } };
  const places = search.codeSet.location ?? [];
  if (places.length)
    facets.location = { terms: { [search.bool.useLocation ? TREE_FIELDS.location.own : TREE_FIELDS.location.any]: [...places].sort() } };
  for (const name of SMALL_CODE_FACETS) {
    const codes = search.codeSet[name] ?? [];
    if (codes.length) facets[name] = { terms: { [name]: [...codes].sort() } };
  }
  for (const name of BOOL_FILTER_NAMES) {
    const want = search.bool[name];
    if (want !== undefined) facets[name] = { term: { [name]: want } };
  }
  return facets;
}

/** The terms aggregation of each facet of the result type; the small facets' count keys in FACET_KEYS_FIELD. */
export function facetTerms(search: ValidSearch): Record<string, Json> {
  const type = search.resultType;
  const terms: Record<string, Json> = {
    sni: { terms: { field: search.bool.useMainSni ? TREE_FIELDS.sni.main : TREE_FIELDS.sni.any, size: TERMS_SIZE.sni } },
    location: {
      terms: { field: search.bool.useLocation ? TREE_FIELDS.location.own : TREE_FIELDS.location.any, size: TERMS_SIZE.location },
    },
  };
  for (const name of SMALL_CODE_FACETS) if (CODE_SETS[name].types.includes(type)) terms[name] = smallFacetTerms(name);
  for (const name of BOOL_FILTER_NAMES) if (BOOL_FILTERS[name].types.includes(type)) terms[name] = smallFacetTerms(name);
  return terms;
}

const SMALL_FACET_MARK = "smallFacet";
const smallFacetTerms = (name: string): Json => ({ [SMALL_FACET_MARK]: name });

/**
 * A group's aggregations: sni and location as they are, the small facets as one terms aggregation over their
 * `<facet>:<value>` keys, limited to the group's facets by a pattern.
 */
function groupAggregations(terms: Record<string, Json>): Record<string, Json> {
  const aggs: Record<string, Json> = {};
  const small: string[] = [];
  for (const [name, agg] of Object.entries(terms)) {
    if (SMALL_FACET_MARK in agg) small.push(name);
    else aggs[name] = agg;
  }
  if (small.length > 0)
    aggs[FACET_KEYS_FIELD] = { terms: { field: FACET_KEYS_FIELD, size: FACET_KEYS_SIZE, include: `(${small.join("|")}):.*` } };
  return aggs;
}

export function sortClauses(search: ValidSearch, seed: number): Json[] {
  const sorts: Json[] = search.sort.flatMap(({ field, ascending }): Json[] => {
    const order = ascending ? "asc" : "desc";
    if (field === "relevance") return [{ _score: { order: "desc" } }, { turnover: { order: "desc", missing: "_last" } }];
    if (field === "random")
      return [{ _script: { type: "number", order, script: { lang: "painless", source: RANDOM_SORT_SCRIPT, params: { seed: seed | 0 } } } }];
    return [{ [SORT_DOC_FIELDS[field]]: { order, missing: "_last" } }];
  });
  return [...sorts, { id: { order: "asc" } }];
}

/**
 * One size-0 request counting some facets: the hard constraints and `others` (facet constraints) as filters. The
 * request that counts the facets without a constraint of their own filters by every facet constraint, so its exact
 * total is the search's hit count.
 */
export interface EsCountRequest {
  facets: string[];
  withTotal: boolean;
  body: Json;
}

/**
 * A search as separate requests for one `_msearch` (docs/decisions/0044): the page of hits, and its counts as size-0
 * requests that the shard request cache can answer again. Each facet counts under every facet constraint but its own,
 * so facets whose other constraints are the same share one request: every facet without a constraint of its own
 * counts under all of them, and each constrained facet under the others (k active facets: at most k + 1 counting
 * requests). A facet whose counts have no constraint at all (no hard constraint, no other facet) reads the
 * whole-index counts, which the backend keeps per index version (`wholeIndex`, docs/decisions/0035); a search without
 * any constraint counts nothing.
 */
export interface EsSearchPlan {
  hits: Json;
  counts: EsCountRequest[];
  /** The whole-index counts (a match_all request of every facet), when the backend does not hold them yet. */
  wholeIndex: Json | null;
  /** Facets whose counts are the whole-index counts. */
  fromWholeIndex: string[];
  /** True when the hits request carries the exact total (no count request does). */
  totalFromHits: boolean;
  /** The range filter's histogram, when the search asked for one. */
  histogram: EsHistogramPlan | null;
}

/** The aggregation name of a histogram's bins in whichever request counts them. */
export const HISTOGRAM_AGG = "histogram";
/** Beside it, the records without a value for the field ("uppgift saknas"). */
export const HISTOGRAM_MISSING_AGG = "histogram_missing";

/**
 * Where a histogram's bins come from (workers/shared/search/histogram.ts): the selection's, counted without the
 * search's own range on the field, from the counting request that already filters by every constraint (its index in
 * `counts`), from a size-0 request of its own, or, when nothing is left to constrain, from the whole-index bins; and
 * the whole-index bins themselves (a match_all request), when the backend does not hold them for this version yet.
 */
export interface EsHistogramPlan {
  selection: { count: number } | { body: Json } | "wholeIndex";
  wholeIndex: Json | null;
}

export interface EsHistogramOptions {
  field: HistogramField;
  edges: readonly number[];
  /** The backend holds this version's whole-index bins of the field. */
  wholeIndexKnown: boolean;
}

/** A `range` aggregation of the bins: below the first edge, between each two, from the last edge up. */
export function histogramAggregation(field: HistogramField, edges: readonly number[]): Json {
  const ranges: Json[] = [{ to: edges[0] }];
  for (let k = 1; k < edges.length; k++) ranges.push({ from: edges[k - 1], to: edges[k] });
  ranges.push({ from: edges.at(-1) });
  return { range: { field: RANGE_DOC_FIELDS[field], ranges } };
}

/** The bins and the records without a value, as the aggregations of one request. */
export function histogramAggregations(field: HistogramField, edges: readonly number[]): Json {
  return { [HISTOGRAM_AGG]: histogramAggregation(field, edges), [HISTOGRAM_MISSING_AGG]: { missing: { field: RANGE_DOC_FIELDS[field] } } };
}

/** The whole-index bins of a field. */
export function wholeIndexHistogramBody(field: HistogramField, edges: readonly number[]): Json {
  return { size: 0, track_total_hits: false, query: { match_all: {} }, aggs: histogramAggregations(field, edges) };
}

/** Where the selection's bins are counted: the search's own constraints but the field's range (see EsHistogramPlan). */
function planHistogram(search: ValidSearch, counts: EsCountRequest[], options: EsSearchOptions & { histogram: EsHistogramOptions }) {
  const { field, edges, wholeIndexKnown } = options.histogram;
  const aggs = histogramAggregations(field, edges);
  const wholeIndex = wholeIndexKnown ? null : wholeIndexHistogramBody(field, edges);
  const { [field]: own, ...others } = search.range;
  const relaxed = own ? { ...search, range: others } : search;
  const hard = hardFilters(relaxed, options.listFiles);
  const facets = Object.values(facetFilters(relaxed));
  if (hard.filter.length + hard.must.length + hard.must_not.length + facets.length === 0)
    return { selection: "wholeIndex" as const, wholeIndex };
  const every = own ? -1 : counts.findIndex((request) => request.withTotal);
  if (every >= 0) {
    const body = counts[every]?.body as Json;
    body.aggs = { ...(body.aggs as Json), ...aggs };
    return { selection: { count: every }, wholeIndex };
  }
  const body = {
    size: 0,
    track_total_hits: false,
    query: { bool: { ...hard, filter: [...hard.filter, ...facets] } },
    aggs,
  };
  return { selection: { body }, wholeIndex };
}

export interface EsSearchOptions {
  page: number;
  listFiles?: ListFileMap;
  seed: number;
  /** The backend holds this version's whole-index counts of these facet fields (es-backend.ts). */
  wholeIndexKnown?: boolean;
  /** Also a range filter's histogram (issue 39). */
  histogram?: EsHistogramOptions;
}

/** The whole-index counts of every facet of the search's result type and facet fields. */
export function wholeIndexCountsBody(search: ValidSearch): Json {
  return { size: 0, track_total_hits: false, query: { match_all: {} }, aggs: groupAggregations(facetTerms(search)) };
}

export function planEsSearch(search: ValidSearch, options: EsSearchOptions): EsSearchPlan {
  const facets = facetFilters(search);
  const terms = facetTerms(search);
  const hard = hardFilters(search, options.listFiles);
  const unconstrained = hard.filter.length === 0 && hard.must.length === 0 && hard.must_not.length === 0;
  const active = Object.keys(facets);
  const groups = new Map<string, string[]>();
  const fromWholeIndex: string[] = [];
  for (const name of Object.keys(terms)) {
    const others = active.filter((facet) => facet !== name);
    if (unconstrained && others.length === 0) fromWholeIndex.push(name);
    else {
      const key = others.join(",");
      groups.set(key, [...(groups.get(key) ?? []), name]);
    }
  }
  const counts: EsCountRequest[] = [];
  const everyConstraint = active.join(",");
  // The hit count: from the request filtering by every facet constraint (a facet without its own constraint is
  // counted there), or a request of its own when every facet of the type is constrained.
  if (!unconstrained || active.length > 0) {
    if (!groups.has(everyConstraint)) groups.set(everyConstraint, []);
  }
  for (const [key, names] of groups) {
    const others = key === "" ? [] : key.split(",");
    const withTotal = key === everyConstraint;
    counts.push({
      facets: names,
      withTotal,
      body: {
        size: 0,
        track_total_hits: withTotal,
        query: { bool: { ...hard, filter: [...hard.filter, ...others.map((facet) => facets[facet] as Json)] } },
        aggs: groupAggregations(Object.fromEntries(names.map((name) => [name, terms[name] as Json]))),
      },
    });
  }
  const from = options.page * PAGE_SIZE;
  const totalFromHits = !counts.some((request) => request.withTotal);
  const hits = {
    track_total_hits: totalFromHits,
    from,
    size: Math.max(0, Math.min(PAGE_SIZE, MAX_VISIBLE_RECORDS - from)),
    _source: ["record"],
    query: { bool: { ...hard, filter: [...hard.filter, ...Object.values(facets)] } },
    sort: sortClauses(search, options.seed),
  };
  const wholeIndex = options.wholeIndexKnown ? null : wholeIndexCountsBody(search);
  const histogram = options.histogram ? planHistogram(search, counts, { ...options, histogram: options.histogram }) : null;
  return { hits, counts, wholeIndex, fromWholeIndex, totalFromHits, histogram };
}

/** The best `limit` hits of a text search, without counts (the header box's suggestions). */
export function buildEsSuggestQuery(search: ValidSearch, limit: number): Json {
  return {
    track_total_hits: false,
    size: Math.max(0, limit),
    _source: ["record"],
    query: { bool: hardFilters(search) },
    post_filter: { bool: { filter: Object.values(facetFilters(search)) } },
    sort: sortClauses(search, search.seed),
  };
}

export interface EsExportOptions {
  pitId: string;
  size: number;
  searchAfter: unknown[] | null;
  listFiles?: ListFileMap;
  seed: number;
  /** Ids (orgSeqNo or cfarNo) to keep (exclude false) or drop (exclude true). */
  idNumbers?: readonly (string | number)[];
  exclude?: boolean;
}

/** One page of an export read on a point in time, continuing after the previous page's last sort values. */
export function buildEsExportQuery(search: ValidSearch, options: EsExportOptions): Json {
  const { filter, must_not, must } = hardFilters(search, options.listFiles);
  const ids = (options.idNumbers ?? []).map(Number);
  if (options.idNumbers && !options.exclude) filter.push(termsFilter("id", ids));
  if (options.idNumbers && options.exclude) must_not.push(...termsExclusions("id", ids));
  return {
    size: options.size,
    _source: ["record"],
    track_total_hits: false,
    pit: { id: options.pitId, keep_alive: "2m" },
    query: { bool: { must, filter: [...filter, ...Object.values(facetFilters(search))], must_not } },
    sort: sortClauses(search, options.seed),
    ...(options.searchAfter ? { search_after: options.searchAfter } : {}),
  };
}

/**
 * A saved search as a percolator query (Bevakning, docs/decisions/0024): the search's hard constraints and facet
 * constraints (the post-filter folded in) in one filter-only bool, which a company document matches exactly when it
 * is among the search's hits. The list-file constraints are left out: their numbers live in the user's files, which
 * may change or go after the search is saved; the reindex applies them to the percolated matches itself.
 */
export function buildPercolatorQuery(search: ValidSearch): Json {
  const { filter, must_not, must } = hardFilters({ ...search, numSet: {} });
  return { bool: { filter: [...must, ...filter, ...Object.values(facetFilters(search))], must_not } };
}
