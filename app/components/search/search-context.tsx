/**
 * The search screen's shared state for its components: the controller (runs searches), its current state, the
 * reference data, which tree editor is open and which record the detail pane shows.
 */
import { createContext, useContext, useDeferredValue, useSyncExternalStore } from "react";
import type { TreeCodeSet } from "#shared/search/search-fields";
import type { Search } from "#shared/search/search-schema";
import type { SearchController } from "../../lib/search/search-controller";
import type { SearchRefdata } from "../../lib/search/search-refdata";
import type { SearchState } from "../../lib/search/search-state";

export type TreePanel = "sni" | "location" | null;

export interface SearchScreenContext {
  controller: SearchController;
  refdata: SearchRefdata | null;
  /** Loads what a tree's editor needs ahead of the need (its opener, the map; use-screen-refdata.ts). */
  wantFullRefdata: (set: TreeCodeSet) => void;
  /** Runs an edited search (spec §4: any change to the criteria triggers a new search). */
  update: (search: Search) => void;
  /** Runs `change` applied to the search on screen; stable, so memoised filters need not re-render per search. */
  edit: (change: (search: Search) => Search) => void;
  panel: TreePanel;
  setPanel: (panel: TreePanel) => void;
  /** The record whose detail pane is open (orgSeqNo or cfarNo), or null. */
  detailId: string | null;
  /**
   * Opens (or with null closes) the pane at the user's request; the address follows (use-detail-route.ts). `push`: a
   * history entry of its own even when another record is open (a link from one record to another).
   */
  openDetail: (id: string | null, options?: { push?: boolean }) => void;
  /** The pane closes by itself: its record is not among the new results (spec §4). */
  detailLeftResults: () => void;
}

const Context = createContext<SearchScreenContext | null>(null);
export const SearchContextProvider = Context.Provider;

export function useSearchScreen(): SearchScreenContext {
  const value = useContext(Context);
  if (!value) throw new Error("useSearchScreen outside the search screen");
  return value;
}

export function useSearchState(): SearchState {
  const { controller } = useSearchScreen();
  return useSyncExternalStore(controller.subscribe, controller.getState, controller.getState);
}

/**
 * The current state plus a deferred copy for the heavy parts: React renders filter counts and result cards from the
 * deferred copy right after the urgent update, so a new answer's hit count is painted first and the lists follow in the
 * next frame. Controls (checkboxes, selects, inputs) must use the current state, or a click would flicker back.
 */
export function useSearchStates(): { current: SearchState; deferred: SearchState } {
  const current = useSearchState();
  return { current, deferred: useDeferredValue(current) };
}
