/**
 * The search screen's state and its pure reducer (spec §4 "Search", "Selection mode"). Every search carries
 * the request counter it was started with; an answer or failure for any other counter is ignored, so only the response
 * to the latest request is ever used. Loading more appends the next page; a hit count that changed between pages is
 * only logged (by the controller).
 */
import type { SearchPageAnswer } from "#shared/api-contracts/search-api";
import type { Histogram, HistogramField } from "#shared/search/histogram";
import type { FacetLevels } from "#shared/search/facet-levels";
import type { Aggregations, SearchResults } from "#shared/search/result-schemas";
import type { Search } from "#shared/search/search-schema";

export interface SelectionState {
  /** Selection mode: cards show checkboxes (spec §4 "Selection mode"). */
  active: boolean;
  /** Marked record ids (orgSeqNo or cfarNo as strings), in marking order. */
  ids: string[];
  /** Whether marked rows are left out of (true) or make up (false) the export. */
  exclude: boolean;
}

export interface SearchState {
  /** The search on screen: the latest one asked for (its answer may still be on the way). */
  search: Search;
  /** `vad` of the search whose results are shown; null before the first answer. */
  serializedSearch: string | null;
  results: SearchResults | null;
  /** Last page loaded (0-based). */
  page: number;
  /** Counter of the latest request; answers to other counters are ignored. */
  latestRequest: number;
  loading: boolean;
  loadingMore: boolean;
  /** The slow-search spinner is showing. */
  spinner: boolean;
  /** Spec §8: the search error, cleared by the next success. */
  error: string | null;
  /**
   * The search on screen failed, so `results` (hit count, counts) are an earlier search's: shown as outdated until an
   * answer arrives (issue 25).
   */
  resultsOutdated: boolean;
  selection: SelectionState;
  /**
   * The range field whose panel is open (issue 39): its distribution is asked for with each search and drawn above
   * its slider (results.histogram). Null while no range panel is open, and then no search asks for one.
   */
  histogramField: HistogramField | null;
  /**
   * A tree editor or the map is open (issue 48 point 6): searches ask for every level of the tree counts. Otherwise
   * they ask for the top level and the search's own codes (`?facets=top`, workers/shared/search/facet-levels.ts).
   */
  deepFacets: boolean;
  /** How deep the tree counts of `results` go. */
  facetLevels: FacetLevels;
}

export type SearchAction =
  | { type: "started"; search: Search; requestId: number }
  | { type: "succeeded"; requestId: number; answer: SearchPageAnswer }
  | { type: "failed"; requestId: number; message: string }
  | { type: "moreStarted"; requestId: number }
  | { type: "moreSucceeded"; requestId: number; answer: SearchPageAnswer }
  | { type: "moreFailed"; requestId: number; message: string }
  | { type: "spinner"; visible: boolean }
  | { type: "histogramField"; field: HistogramField | null }
  | { type: "histogram"; requestId: number; histogram: Histogram }
  | { type: "deepFacets"; wanted: boolean }
  | { type: "facets"; requestId: number; aggregations: Aggregations }
  | { type: "selectionMode"; active: boolean }
  | { type: "toggleMarked"; id: string }
  | { type: "excludeMarked"; exclude: boolean };

export const EMPTY_SELECTION: SelectionState = { active: false, ids: [], exclude: false };

/** The screen's first state: the server's answer, or (error) its failure, or neither (the browser runs the search). */
export function initialSearchState(search: Search, answer: SearchPageAnswer | null, error: string | null = null): SearchState {
  return {
    search: answer?.search ?? search,
    serializedSearch: answer?.serializedSearch ?? null,
    results: answer?.results ?? null,
    page: answer?.page ?? 0,
    latestRequest: 0,
    loading: answer === null && error === null,
    loadingMore: false,
    spinner: false,
    error: answer === null ? error : null,
    resultsOutdated: false,
    selection: EMPTY_SELECTION,
    histogramField: null,
    deepFacets: false,
    facetLevels: answer?.facetLevels ?? "all",
  };
}

function appendPage(state: SearchState, answer: SearchPageAnswer): SearchState {
  if (!state.results) return state;
  const records = [...state.results.records, ...answer.results.records] as SearchResults["records"];
  return { ...state, results: { ...state.results, records }, page: answer.page, loadingMore: false };
}

/** A new type drops the selection (spec §4 "Switching result type"); marks of records gone from view stay marked. */
function selectionAfter(state: SearchState, search: Search): SelectionState {
  return search.resultType === state.search.resultType ? state.selection : EMPTY_SELECTION;
}

function selectionReducer(selection: SelectionState, action: SearchAction): SelectionState {
  switch (action.type) {
    case "selectionMode":
      // Turning selection mode off clears the marked ids.
      return action.active ? { ...selection, active: true } : EMPTY_SELECTION;
    case "toggleMarked":
      if (!selection.active) return selection;
      return selection.ids.includes(action.id)
        ? { ...selection, ids: selection.ids.filter((id) => id !== action.id) }
        : { ...selection, ids: [...selection.ids, action.id] };
    case "excludeMarked":
      return { ...selection, exclude: action.exclude };
    default:
      return selection;
  }
}

export function searchReducer(state: SearchState, action: SearchAction): SearchState {
  switch (action.type) {
    case "started":
      return {
        ...state,
        search: action.search,
        selection: selectionAfter(state, action.search),
        latestRequest: action.requestId,
        loading: true,
        loadingMore: false,
      };
    case "succeeded":
      if (action.requestId !== state.latestRequest) return state;
      return {
        ...state,
        search: action.answer.search,
        serializedSearch: action.answer.serializedSearch,
        results: action.answer.results,
        page: action.answer.page,
        loading: false,
        error: null,
        resultsOutdated: false,
        facetLevels: action.answer.facetLevels,
      };
    case "failed":
      if (action.requestId !== state.latestRequest) return state;
      return { ...state, loading: false, error: action.message, resultsOutdated: state.results !== null };
    case "moreStarted":
      return action.requestId === state.latestRequest ? { ...state, loadingMore: true } : state;
    case "moreSucceeded":
      return action.requestId === state.latestRequest ? appendPage(state, action.answer) : state;
    case "moreFailed":
      return action.requestId === state.latestRequest ? { ...state, loadingMore: false, error: action.message } : state;
    case "spinner":
      return { ...state, spinner: action.visible };
    case "histogramField":
      return { ...state, histogramField: action.field };
    case "histogram":
      // The distribution of the search on screen, asked for after its answer (the panel opened later).
      if (action.requestId !== state.latestRequest || !state.results || state.loading) return state;
      return { ...state, results: { ...state.results, histogram: action.histogram } };
    case "deepFacets":
      return { ...state, deepFacets: action.wanted };
    case "facets":
      // Every level of the tree counts of the search on screen, asked for after its answer (an editor or the map opened).
      if (action.requestId !== state.latestRequest || !state.results || state.loading) return state;
      return { ...state, results: { ...state.results, aggregations: action.aggregations }, facetLevels: "all" };
    default:
      return { ...state, selection: selectionReducer(state.selection, action) };
  }
}

/** The records' ids as the export selection uses them (orgSeqNo for companies, cfarNo for worksites). */
export function recordId(record: SearchResults["records"][number]): string {
  return "cfarNo" in record ? record.cfarNo : String(record.orgSeqNo);
}
