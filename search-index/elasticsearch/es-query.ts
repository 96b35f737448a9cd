/**
 * Pure request bodies for Elasticsearch: a search as one `_msearch` of a page of hits and size-0 counting requests
 * (each facet counted under every facet constraint but its own: disjunctive counts; planEsSearch), the whole-index
 * counts as a match_all request, sorts with missing values last and the id as tie-break, from/size within the 1000
 * visible records, and search_after bodies for exports on a point in time. Its parts by job: the constraints as
 * filters (es-filters.ts), the free text as scored clauses (es-text.ts), the facets' counting aggregations
 * (es-aggregations.ts) and a range's histogram (es-histograms.ts).
 */
import type { ListFileMap } from "../backend";
import type { Aggregations } from "#shared/search/result-schemas";
import { MAX_VISIBLE_RECORDS, PAGE_SIZE } from "#shared/search/search-fields";
import type { HistogramField } from "#shared/search/histogram";
import type { ValidSearch } from "../search-model";
import { excludedSideIsSmall, pureExclusion } from "../pure-exclusion";
import { RANDOM_SORT_SCRIPT, SORT_DOC_FIELDS } from "./es-fields";
import { facetTerms, groupAggregations, wholeIndexCountsBody } from "./es-aggregations";
import { codeSetField, facetFilters, hardFilters, termsExclusions, termsFilter } from "./es-filters";
import { histogramAggregations, wholeIndexHistogramBody } from "./es-histograms";

type Json = Record<string, unknown>;

/** Sorts with missing values last and the id as the final tie-break (a random sort by a seeded script). */
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
  /**
   * The request counts the excluded side of a pure exclusion (excludedSide): its counts and total are taken from the
   * whole index's to give the search's.
   */
  complement?: boolean;
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

/**
 * Where a histogram's bins come from (workers/shared/search/histogram.ts): the selection's, counted without the
 * search's own range on the field, from the counting request that already filters by every constraint (its index in
 * `counts`), from a size-0 request of its own, or, when nothing is left to constrain, from the whole-index bins; and
 * the whole-index bins themselves (a match_all request), when the backend does not hold them for this version yet.
 */
export interface EsHistogramPlan {
  /** `side`: the counting request is a pure exclusion's excluded side; the selection's bins are the whole index's less its. */
  selection: { count: number; side?: true } | { body: Json } | "wholeIndex";
  wholeIndex: Json | null;
}

export interface EsHistogramOptions {
  field: HistogramField;
  edges: readonly number[];
  /** The backend holds this version's whole-index bins of the field. */
  wholeIndexKnown: boolean;
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
  const request = counts[every];
  if (request) {
    request.body.aggs = { ...(request.body.aggs as Json), ...aggs };
    return { selection: request.complement ? { count: every, side: true as const } : { count: every }, wholeIndex };
  }
  const body = {
    size: 0,
    track_total_hits: false,
    query: { bool: { ...hard, filter: [...hard.filter, ...facets] } },
    aggs,
  };
  return { selection: { body }, wholeIndex };
}

/** The whole index's counts of the search's facet fields (`<facet>_all`) and its number of documents. */
export interface WholeIndex {
  counts: Aggregations;
  total: number;
}

export interface EsSearchOptions {
  page: number;
  listFiles?: ListFileMap;
  seed: number;
  /** The backend holds this version's whole-index counts of these facet fields (es-backend.ts). */
  wholeIndexKnown?: boolean;
  /** Those counts and the index's size, when the backend holds them: a pure exclusion is counted by its excluded side. */
  wholeIndex?: WholeIndex;
  /** Also a range filter's histogram (issue 39). */
  histogram?: EsHistogramOptions;
}

/**
 * A pure exclusion ("Alla branscher utom Bygg": one code set's excluded codes, no other constraint; pure-exclusion.ts)
 * aggregated as it stands counts nearly every document of the index; its excluded side is usually a small search. The
 * side's query, when counting it and taking its counts from the whole index's is the cheaper way: the whole index's
 * counts and size are known, and the excluded codes' whole-index counts (their sum bounds the side from above) are at
 * most half of it. Counts add over documents, so the difference is exact, multi-valued fields (every industry, every
 * place) included.
 */
function excludedSide(search: ValidSearch, whole: WholeIndex | undefined): Json | null {
  const name = pureExclusion(search);
  if (!whole || name === null) return null;
  const excluded = search.excludeCodeSet[name] ?? [];
  if (!excludedSideIsSmall(excluded, whole.counts[`${name}_all`], whole.total)) return null;
  return { terms: { [codeSetField(search, name)]: [...excluded].sort() } };
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
  const side = unconstrained ? excludedSide(search, options.wholeIndex) : null;
  const every = counts.find((request) => request.withTotal);
  if (side && every) {
    every.complement = true;
    every.body = { ...every.body, query: { bool: { filter: [side] } } };
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
