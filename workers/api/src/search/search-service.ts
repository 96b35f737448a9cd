/**
 * POST /sapi/search/page/{n} (spec §3 "Search response", §7): resolves the search's list files for the user, gets the
 * page's results (hit count, records, disjunctive aggregations with `_all`, nameForOrgSeqNo) from the isolate's result
 * cache, the location's (edge-search-cache.ts) or the SearchBackend, and writes the answer with the normalised search, its `vad` serialisation and the client's
 * request id. Both parts are checked against the shared contract; the results once, when they are computed. The `_all`
 * counts are left out when the client holds them for the answer's index version (results-json.ts).
 */
import { forgivingOffer, type ListFileMap, onOneVersion, type SearchBackend, type ValidSearch, type VisiblePage } from "#search-index";
import { SearchPageAnswerSchema } from "#shared/api-contracts/search-api";
import { serializeSearch } from "#shared/search/search-serialize";
import { rangeFieldDef, type RangeField, swedishToday } from "#shared/search/search-fields";
import type { Search } from "#shared/search/search-schema";
import { CLIENT_VERSION } from "#shared/version";
import { type FacetLevels, topFacetLevels } from "#shared/search/facet-levels";
import type { HistogramField } from "#shared/search/histogram";
import { listFilesForSearch } from "../list-files/list-file-numbers";
import { checkAnswer } from "../http/contract-answer";
import { cachedResultsText, RESULTS_TEXT_SHAPE, resultsJson } from "./results-json";
import type { EdgeSearchCache } from "./edge-search-cache";
import { SearchResultCache } from "./search-result-cache";
import { elapsedMs } from "./timed-backend";

export interface SearchPageInput {
  userId: string;
  /** Parsed at the edge (routes/search.ts), as is the page. */
  search: ValidSearch;
  page: VisiblePage;
  /** Also the distribution behind this range filter (issue 39); checked against the result type at the edge. */
  histogram?: HistogramField;
  /** "top": the tree sets' own counts cut to the top level and the search's own codes (facet-levels.ts). */
  facets?: FacetLevels;
  /** The client's X-Search-Request-Id, echoed. */
  requestId: number | null;
  /** The client's X-Held-Index-Version: the all-of-Sweden counts of this version are left out of its answer. */
  heldIndexVersion?: number | null;
  /** This call's X-Request-Id. */
  serverRequestId: string;
  /** Skip the result caches (the request said Cache-Control: no-cache). */
  bypassCache?: boolean;
  /** The location's shared result cache (edge-search-cache.ts), when there is one. */
  edgeCache?: EdgeSearchCache | null;
  /** Work that may finish after the answer (the edge cache's write). */
  waitUntil?: (work: Promise<unknown>) => void;
  /** Show whether the results were cached and the backend's time in the answer (SEARCH_CACHE_DIAGNOSTICS). */
  diagnostics?: boolean;
}

const ResultsSchema = SearchPageAnswerSchema.shape.results;
const PageMetaSchema = SearchPageAnswerSchema.omit({ results: true });
const cache = new SearchResultCache();

export interface SearchPageJson {
  /** The answer as JSON text (SearchPageAnswerSchema). */
  json: string;
  /** The index version that answered (sent as X-Index-Version: every answer comes from exactly one version). */
  indexVersion: number;
  /** Where the results came from (sent as X-Search-Cache): this isolate's cache, the location's, or the backend. */
  cache: "isolate" | "location" | "miss";
}

/**
 * The key of a page of results in the isolate's and the location's caches. The answer's contract version too: the
 * location's cache outlives a deploy, and an older shape must not be served. RESULTS_TEXT_SHAPE: the cached text's own
 * shape (results-json.ts), so text cached before the split is never read. A search with a range derived from today
 * (company age: "yngre än 2 år") names the Swedish day it was answered for, so tomorrow's asks again.
 */
export function searchCacheKey(
  at: {
    backend: string;
    version: number;
    page: number;
    histogram?: HistogramField | undefined;
    facets?: FacetLevels | undefined;
    serializedSearch: string;
    search: Search;
  },
  now = new Date(),
): string {
  const derived = (Object.entries(at.search.range) as [RangeField, string | undefined][]).some(([f, v]) => v && rangeFieldDef(f).derive);
  const day = derived ? swedishToday(now) : "";
  const levels = at.facets === "top" ? ":top" : "";
  return `c${CLIENT_VERSION}:${RESULTS_TEXT_SHAPE}:${at.backend}:${at.version}:${at.page}:${at.histogram ?? ""}${levels}:${day}:${at.serializedSearch}`;
}

/** The answer as JSON text: cached results are spliced in without re-serialising them. */
export async function searchPageJson(db: D1Database, backend: SearchBackend, input: SearchPageInput): Promise<SearchPageJson> {
  const listFiles = await listFilesForSearch(db, input.userId, input.search.numSet);
  return onOneVersion(() => pageJsonAt(backend, input, listFiles));
}

async function pageJsonAt(backend: SearchBackend, input: SearchPageInput, listFiles: ListFileMap | undefined): Promise<SearchPageJson> {
  const serializedSearch = serializeSearch(input.search.normalised);
  const info = await backend.info();
  let backendMs = 0;
  let shared = false;
  const facets = input.facets ?? "all";
  const key = searchCacheKey({
    ...info,
    page: input.page,
    histogram: input.histogram,
    facets,
    serializedSearch,
    search: input.search.normalised,
  });
  // Results that depend on a user's own list files stay in this isolate (keyed by file ids the user owns).
  const edge = listFiles && listFiles.size > 0 ? null : (input.edgeCache ?? null);
  const compute = async () => {
    const kept = edge && !input.bypassCache ? await edge.get(key).catch(() => undefined) : undefined;
    if (kept !== undefined) {
      shared = true;
      return kept;
    }
    const started = performance.now();
    const results = await backend.search(input.search, {
      page: input.page,
      listFiles,
      ...(input.histogram ? { histogram: input.histogram } : {}),
    });
    // Issue 38: a text that found nothing is retried as the user probably meant it, and that text is offered.
    const offer = results.hitCount === 0 && input.page === 0 ? await forgivingOffer(backend, input.search, 1, { listFiles }) : null;
    if (offer) results.didYouMean = offer.text;
    if (facets === "top") results.aggregations = topFacetLevels(results.aggregations, input.search.normalised);
    backendMs = elapsedMs(started);
    const text = cachedResultsText(checkAnswer(ResultsSchema, results, "search results"));
    if (edge) input.waitUntil?.(edge.put(key, text).catch(() => {}));
    return text;
  };
  const { value: cachedText, hit: local } = await cache.getOrCompute(key, compute, input.bypassCache);
  const results = resultsJson(cachedText, input.heldIndexVersion !== info.version);
  const hit = local || shared;
  const meta = checkAnswer(
    PageMetaSchema,
    {
      page: input.page,
      search: input.search.normalised,
      serializedSearch,
      requestId: input.requestId,
      // Whether the results were cached, and the backend's time (0 for a hit), tell a subscriber what others searched:
      // only with diagnostics on (issue 48 point 3).
      response: { serverRequestId: input.serverRequestId, ...(input.diagnostics ? { backendMs, cached: hit } : {}) },
      indexVersion: info.version,
      allCounts: results.allCounts,
      facetLevels: facets,
    },
    "search page",
  );
  const from = shared ? "location" : local ? "isolate" : "miss";
  return { json: `{"results":${results.json},${JSON.stringify(meta).slice(1)}`, indexVersion: info.version, cache: from };
}
