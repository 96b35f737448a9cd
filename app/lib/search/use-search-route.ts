/**
 * Keeps the search and the address in step (spec §2 route /sok, §4 "Search"): a successful search pushes
 * /sok?vad=<serialised search>; back and forward (or any link to /sok?vad=) run the search of the address; a page the
 * server could not search (answer null) runs it in the browser; `referens` and non-canonical addresses are replaced
 * by the canonical `vad`. The open detail pane rides along as `visa` (detail-address.ts, use-detail-route.ts): every
 * address written here carries the record open at that moment.
 */
import { type NavigateFunction, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { serializeSearch } from "#shared/search/search-codec";
import { searchPath } from "../search-launch";
import type { SearchController } from "./search-controller";
import type { InitialSearch } from "./initial-search";

/**
 * The route update of the controller: push or replace without reloading any loader (see shouldRevalidate), with the
 * record whose pane is open when the answer arrives.
 */
export function routeUpdater(navigate: { current: NavigateFunction }, openDetailId: () => string | null) {
  return (serializedSearch: string, mode: "push" | "replace") => {
    const path = searchPath(serializedSearch, openDetailId());
    if (window.location.pathname + window.location.search === path) return;
    navigate.current(path, { replace: mode === "replace", preventScrollReset: true });
  };
}

export function useSearchRoute(controller: SearchController, initial: InitialSearch, openDetailId: () => string | null) {
  const location = useLocation();
  const first = useRef(true);
  const lastSearch = useRef(location.search);

  useEffect(() => {
    if (!first.current) return;
    first.current = false;
    const params = new URLSearchParams(location.search);
    // A search that failed on the server shows its error card; 'Försök igen' runs it again.
    if (!initial.answer) {
      if (!initial.error) void controller.run(initial.search, "replace");
    } else if (params.get("vad") !== initial.answer.serializedSearch)
      writeCanonicalAddress(searchPath(initial.answer.serializedSearch, openDetailId()));
  }, [controller, initial, location.search, openDetailId]);

  // Runs when the address changes after mount: back, forward, or a link to another search.
  useEffect(() => {
    if (lastSearch.current === location.search) return;
    lastSearch.current = location.search;
    runAddress(controller, location.search, () => lastSearch.current === location.search);
  }, [controller, location.search]);

  // Back and forward straight from the browser as well: the router renders its locations in a transition, and one that
  // a quick Back interrupts is never rendered, so the effect above saw the address go from A to A while the screen
  // showed the search B pushed in between (the search-url e2e's Back right after a search, in a fresh-clone run).
  useEffect(() => {
    const onPop = () => {
      const search = window.location.search;
      runAddress(controller, search, () => window.location.search === search);
    };
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, [controller]);
}

/**
 * Replaces a `referens` or non-canonical address with the canonical one in place, without a router navigation: the
 * search, the route and its data stay as they are, and a navigation re-rendered the page and rebuilt the router's
 * matches in the task that hydrated it (decision 0070). The router keeps the old address as its location until the
 * next navigation; everything here compares with `window.location`, and Back to this entry reads the written one.
 */
function writeCanonicalAddress(path: string): void {
  window.history.replaceState(window.history.state, "", path);
}

/** Runs the search of an address unless it is the one on screen or on its way; `current` says it is still the address. */
function runAddress(controller: SearchController, address: string, current: () => boolean): void {
  const vad = new URLSearchParams(address).get("vad");
  if (!vad || isShown(controller, vad)) return;
  // The reading checks the search with zod, which the page's first load leaves out (decision 0063).
  void import("#shared/search/search-serialize").then(({ deserializeSearch }) => {
    if (!current() || isShown(controller, vad)) return;
    const parsed = deserializeSearch(vad);
    if (parsed.success) void controller.run(parsed.data, "none");
  });
}

/** The search of `vad` is the answer on screen, or the search on its way (a popstate and its route effect alike). */
function isShown(controller: SearchController, vad: string): boolean {
  const state = controller.getState();
  return vad === state.serializedSearch || (state.loading && vad === serializeSearch(state.search));
}
