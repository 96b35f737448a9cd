/**
 * Runs searches for the search screen (spec §4 "Search"): each search increments the request counter, sends it in
 * X-Search-Request-Id, and only the answer to the latest counter is used (older requests are left to finish and their
 * answers dropped). After a successful search the route is updated with the serialised search unless the caller says not to.
 * The spinner appears after the slow-search delay and stays for a minimum time. A small external store, so React
 * components subscribe with useSyncExternalStore and tests drive it with a fake API call and fake timers. A search
 * sorted by relevance that has lost its text runs with the default sort (issue 26).
 *
 * While a range panel is open (issue 39), each search also asks for that field's distribution (`?histogram=`), so one
 * request answers both under the same latest-wins rule; a panel opened after the answer asks once for the search on
 * screen. With no panel open the request is exactly as before. In the same way, the tree counts below the top level
 * (issue 48 point 6) are asked for only while a tree editor or the map is open (`?facets=top` otherwise), and once for
 * the search on screen when one opens after its answer.
 */
import type { SearchPageAnswer } from "#shared/api-contracts/search-api";
import type { FacetLevels } from "#shared/search/facet-levels";
import { histogramApplies, type HistogramField } from "#shared/search/histogram-fields";
import type { SearchResults } from "#shared/search/result-schemas";
import type { Search } from "#shared/search/search-schema";
import { serializeSearch } from "#shared/search/search-codec";
import { withSortFittingText } from "./search-edit";
import { initialSearchState, searchReducer, type SearchAction, type SearchState } from "./search-state";

/** Spec §9 names the constants 300 and 500 without their use: the spinner shows after 300 ms, for at least 500 ms. */
export const SLOW_SEARCH_DELAY_MS = 300;
export const SPINNER_MIN_MS = 500;

export type RouteMode = "push" | "replace" | "none";

/**
 * Issue 48 point 7: a text that finds nothing while its forgiving retry ("Menade du …?") does is run corrected at once,
 * as web search engines do. The corrected search (by its `vad`) → the text the user typed, for the line "Visar
 * träffar för malmö. Sök i stället efter malmo".
 */
const corrections = new Map<string, string>();

/** The typed text a search on screen was corrected from, or null. */
export function correctedFrom(search: Search): string | null {
  return corrections.size === 0 ? null : (corrections.get(serializeSearch(search)) ?? null);
}

export interface SearchControllerDeps {
  fetchPage: (
    search: Search,
    page: number,
    requestId: number,
    signal: AbortSignal,
    histogram?: HistogramField,
    facets?: FacetLevels,
  ) => Promise<SearchPageAnswer>;
  /** Called after a successful search with its `vad`. */
  onRoute: (serializedSearch: string, mode: Exclude<RouteMode, "none">) => void;
  /** The message to show for a failure (spec §8 extraction). */
  messageOf: (error: unknown) => string;
  log: (message: string, fields: Record<string, unknown>) => void;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export class SearchController {
  private state: SearchState;
  private readonly listeners = new Set<() => void>();
  private counter = 0;
  /** Aborts everything in flight when the screen goes away. */
  private readonly lifetime = new AbortController();
  private spinnerTimer: unknown = null;
  private spinnerShownAt = 0;
  /** `requestId:field` of the distribution being fetched on its own, so a panel re-rendering asks only once. */
  private histogramInFlight: string | null = null;
  /** The request counter whose deeper tree counts are being fetched, so an editor re-rendering asks only once. */
  private deepFacetsInFlight: number | null = null;
  private readonly now: () => number;
  private readonly setTimer: (run: () => void, ms: number) => unknown;
  private readonly clearTimer: (timer: unknown) => void;

  constructor(
    private readonly deps: SearchControllerDeps,
    search: Search,
    answer: SearchPageAnswer | null,
    error: string | null = null,
  ) {
    this.state = initialSearchState(search, answer, error);
    this.now = deps.now ?? (() => performance.now());
    this.setTimer = deps.setTimer ?? ((run, ms) => setTimeout(run, ms));
    this.clearTimer = deps.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  }

  getState = (): SearchState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  dispatch(action: SearchAction): void {
    const next = searchReducer(this.state, action);
    if (next === this.state) return;
    this.state = next;
    for (const listener of this.listeners) listener();
  }

  /** Searches the user chose to run as typed ("Sök i stället efter …"): never corrected. */
  private readonly asTyped = new Set<string>();

  /**
   * Runs a search (page 0). Resolves when its answer (or a newer search) has settled. `asTyped`: the user asked for the
   * text as typed, so an empty answer is not corrected.
   */
  async run(edited: Search, route: RouteMode = "push", options: { asTyped?: boolean; correcting?: string } = {}): Promise<void> {
    const search = withSortFittingText(edited);
    const key = serializeSearch(search);
    if (options.asTyped) this.asTyped.add(key);
    // Run by the user (not corrected by us), a search says nothing of a correction, even if it once was one.
    if (options.correcting !== undefined) corrections.set(key, options.correcting);
    else corrections.delete(key);
    const requestId = ++this.counter;
    this.dispatch({ type: "started", search, requestId });
    this.startSpinner();
    try {
      const answer = await this.deps.fetchPage(search, 0, requestId, this.lifetime.signal, this.histogramFor(search), this.facets());
      // The answer names its request; anything but the latest is dropped (spec §4).
      if (answer.requestId !== requestId || requestId !== this.counter) return;
      const corrected = this.correctionOf(search, key, answer.results);
      if (corrected) return await this.run(corrected, route, { correcting: search.text ?? "" });
      this.dispatch({ type: "succeeded", requestId, answer });
      // A panel opened (or switched), or an editor or the map, while the search was on its way.
      void this.loadHistogram();
      void this.loadDeepFacets();
      // The address changes after the new results have been painted: a navigation re-renders every route, and the
      // hit count should not wait for that. Only while no newer search has started: written after one, the older
      // address would read as a link to it and run it again over the newer one (a quick 'Rensa filter och urval'
      // after 'Byt till arbetsställen' brought the switched filters back).
      if (route !== "none")
        this.afterPaint(() => {
          if (requestId === this.counter) this.deps.onRoute(answer.serializedSearch, route);
        });
    } catch (error) {
      if (requestId !== this.counter) return;
      this.deps.log("search failed", { requestId, error: String(error) });
      this.dispatch({ type: "failed", requestId, message: this.deps.messageOf(error) });
    } finally {
      if (requestId === this.counter) this.stopSpinner();
    }
  }

  /** The search with the offered text when the typed one found nothing and the user did not ask for it as typed. */
  private correctionOf(search: Search, key: string, results: SearchResults): Search | null {
    const offered = results.didYouMean;
    if (results.hitCount > 0 || !offered || !search.text || offered === search.text) return null;
    if (this.asTyped.has(key) || corrections.has(key)) return null;
    return { ...search, text: offered };
  }

  /** The first page came from the server (a link or an address): corrected like any other search, in place. */
  correctInitial(): void {
    const { search, results } = this.state;
    if (!results || this.counter > 0) return;
    const corrected = this.correctionOf(search, serializeSearch(search), results);
    if (corrected) void this.run(corrected, "replace", { correcting: search.text ?? "" });
  }

  /** Runs the search on screen again (the error card's 'Försök igen'). */
  retry(): Promise<void> {
    return this.run(this.state.search, "replace");
  }

  /** 'Visa fler företag': the next page, appended (spec §4). */
  async loadMore(): Promise<void> {
    const { results, page, loadingMore, loading } = this.state;
    if (!results || loadingMore || loading) return;
    const requestId = this.counter;
    this.dispatch({ type: "moreStarted", requestId });
    try {
      const answer = await this.deps.fetchPage(this.state.search, page + 1, requestId, this.lifetime.signal, undefined, "top");
      if (requestId !== this.counter) return;
      if (answer.results.hitCount !== results.hitCount)
        this.deps.log("hit count changed between pages", { before: results.hitCount, after: answer.results.hitCount });
      this.dispatch({ type: "moreSucceeded", requestId, answer });
    } catch (error) {
      if (requestId !== this.counter) return;
      this.deps.log("loading more failed", { error: String(error) });
      this.dispatch({ type: "moreFailed", requestId, message: this.deps.messageOf(error) });
    }
  }

  /** The range panel `field` opened (null: none is open); the most recently opened one is drawn. */
  showHistogram(field: HistogramField | null): void {
    if (this.state.histogramField === field) return;
    this.dispatch({ type: "histogramField", field });
    void this.loadHistogram();
  }

  /** Panels of `fields` closed: the distribution is no longer asked for if it was one of theirs. */
  hideHistogram(fields: readonly string[]): void {
    const field = this.state.histogramField;
    if (field !== null && fields.includes(field)) this.showHistogram(null);
  }

  private histogramFor(search: Search): HistogramField | undefined {
    const field = this.state.histogramField;
    return field !== null && histogramApplies(field, search.resultType) ? field : undefined;
  }

  /** Asks for the open panel's distribution of the search on screen, when its answer has none (one search call). */
  private async loadHistogram(): Promise<void> {
    const { results, loading, resultsOutdated, search } = this.state;
    const field = this.histogramFor(search);
    if (!field || !results || loading || resultsOutdated || results.histogram?.field === field) return;
    const requestId = this.counter;
    const key = `${requestId}:${field}`;
    if (this.histogramInFlight === key) return;
    this.histogramInFlight = key;
    try {
      const answer = await this.deps.fetchPage(search, 0, requestId, this.lifetime.signal, field, this.facets());
      if (requestId !== this.counter || this.state.histogramField !== field || !answer.results.histogram) return;
      this.dispatch({ type: "histogram", requestId, histogram: answer.results.histogram });
    } catch (error) {
      // The bars stay empty; the search itself is unaffected.
      if (requestId === this.counter) this.deps.log("histogram failed", { requestId, field, error: String(error) });
    } finally {
      if (this.histogramInFlight === key) this.histogramInFlight = null;
    }
  }

  /** How deep the next answer's tree counts go: every level only while a tree editor or the map shows them. */
  private facets(): FacetLevels {
    return this.state.deepFacets ? "all" : "top";
  }

  /** What shows the deeper tree counts now (a tree editor, the map): searches ask for them while anything does. */
  private readonly deepFacetViews = new Set<string>();

  /** `view` (a tree editor, the map) opened (true) or closed (false). */
  showDeepFacets(view: string, shown: boolean): void {
    if (shown) this.deepFacetViews.add(view);
    else this.deepFacetViews.delete(view);
    const wanted = this.deepFacetViews.size > 0;
    if (this.state.deepFacets === wanted) return;
    this.dispatch({ type: "deepFacets", wanted });
    void this.loadDeepFacets();
  }

  /** Asks for every level of the tree counts of the search on screen, when its answer has only the top (one call). */
  private async loadDeepFacets(): Promise<void> {
    const { results, loading, resultsOutdated, search, deepFacets, facetLevels } = this.state;
    if (!deepFacets || facetLevels === "all" || !results || loading || resultsOutdated) return;
    const requestId = this.counter;
    if (this.deepFacetsInFlight === requestId) return;
    this.deepFacetsInFlight = requestId;
    try {
      const answer = await this.deps.fetchPage(search, 0, requestId, this.lifetime.signal, undefined, "all");
      if (requestId !== this.counter || !this.state.deepFacets) return;
      this.dispatch({ type: "facets", requestId, aggregations: answer.results.aggregations });
    } catch (error) {
      // The editor's or the map's counts stay as they are, shown as outdated; the search itself is unaffected.
      if (requestId === this.counter) this.deps.log("tree counts failed", { requestId, error: String(error) });
    } finally {
      if (this.deepFacetsInFlight === requestId) this.deepFacetsInFlight = null;
    }
  }

  /**
   * Runs `run` once the answer's first frame (the hit count) and the next (the deferred cards and counts, when they are
   * quick) have been painted: a route update re-renders every route and, on a slow phone, would otherwise take the
   * frame the cards were to be painted in (issue 48 point 6).
   */
  private afterPaint(run: () => void): void {
    if (typeof requestAnimationFrame === "function") requestAnimationFrame(() => requestAnimationFrame(() => this.setTimer(run, 0)));
    else run();
  }

  private startSpinner(): void {
    if (this.spinnerTimer !== null || this.state.spinner) return;
    this.spinnerTimer = this.setTimer(() => {
      this.spinnerTimer = null;
      this.spinnerShownAt = this.now();
      this.dispatch({ type: "spinner", visible: true });
    }, SLOW_SEARCH_DELAY_MS);
  }

  private stopSpinner(): void {
    if (this.spinnerTimer !== null) {
      this.clearTimer(this.spinnerTimer);
      this.spinnerTimer = null;
    }
    if (!this.state.spinner) return;
    const remaining = SPINNER_MIN_MS - (this.now() - this.spinnerShownAt);
    const hide = () => {
      // A search started meanwhile keeps it.
      if (!this.state.loading) this.dispatch({ type: "spinner", visible: false });
    };
    if (remaining <= 0) hide();
    else this.setTimer(hide, remaining);
  }

  dispose(): void {
    this.lifetime.abort();
    if (this.spinnerTimer !== null) this.clearTimer(this.spinnerTimer);
    this.listeners.clear();
  }
}
