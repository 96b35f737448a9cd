/**
 * The record whose detail pane is open, kept in the address beside the search (issue 38, detail-address.ts): opening
 * the pane pushes /sok?vad=…&visa=<id>, so Back closes it and Forward opens it again; a reloaded or copied address
 * opens the same record. Another card takes the open one's place in the same history entry (Back still closes the
 * pane, not card after card); a company opened from a worksite's or a group tree's link (company-link.tsx) pushes an
 * entry of its own, so Back returns to the record it was opened from. Closing with the pane's own button or Escape steps
 * back over the entry that opened the pane, so no stale entry is left behind (as the phone's sheet did before, issue
 * 29); when the current entry is not that one (a search was made meanwhile) the address is replaced instead. The pane
 * closing by itself because its record left the new results (spec §4) writes nothing while the new search's own
 * address is on its way (that one carries no record); after Back or Forward to such a search it replaces the address.
 */
import { type NavigateFunction, useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { SEARCH_PATH, searchPath } from "../search-launch";
import { detailIdOf, withDetail } from "./detail-address";
import type { SearchController } from "./search-controller";

/** History state of an entry pushed by opening the pane while it was closed: closing may step back over it. */
const OPENED_FROM_CLOSED = "urvalDetailOpened";

function openedFromClosed(state: unknown): boolean {
  return typeof state === "object" && state !== null && (state as Record<string, unknown>)[OPENED_FROM_CLOSED] === true;
}

export interface DetailRoute {
  detailId: string | null;
  /** The id of the open record now (also between a change and its render): for the controller's route updates. */
  currentDetailId: () => string | null;
  /**
   * A user's choice (a card, the close button, Escape): the address follows. `push` gives the record an entry of its
   * own even when another one is open (a link from one record to another).
   */
  openDetail: (id: string | null, options?: { push?: boolean }) => void;
  /** Opens without writing the address, for a search about to push its own (the header's suggestions, a reload). */
  showDetail: (id: string | null) => void;
  /** The pane closed itself: its record is not among the new results. */
  detailLeftResults: () => void;
}

export function useDetailRoute(initialId: string | null, controller: SearchController, navigate: NavigateFunction): DetailRoute {
  const location = useLocation();
  const [detailId, setDetailId] = useState<string | null>(initialId);
  const current = useRef(detailId);
  const historyState = useRef<unknown>(location.state);
  const lastSearch = useRef(location.search);
  useEffect(() => {
    historyState.current = location.state;
  }, [location.state]);

  const showDetail = useCallback((id: string | null) => {
    current.current = id;
    setDetailId(id);
  }, []);

  // The address of the search on screen with record `id` open (the search's own `vad` once it has one, so that its
  // pending route update finds the address already written).
  const addressWith = useCallback(
    (id: string | null) => {
      const serialized = controller.getState().serializedSearch;
      return serialized ? searchPath(serialized, id) : SEARCH_PATH + withDetail(window.location.search, id);
    },
    [controller],
  );

  const openDetail = useCallback(
    (id: string | null, options: { push?: boolean } = {}) => {
      const before = current.current;
      if (id === before) return;
      showDetail(id);
      if (id !== null) {
        const push = before === null || options.push === true;
        // Replacing keeps the entry's mark: closing may still step back over it.
        const fromClosed = push ? before === null : openedFromClosed(historyState.current);
        navigate(addressWith(id), { replace: !push, preventScrollReset: true, state: { [OPENED_FROM_CLOSED]: fromClosed } });
      } else if (openedFromClosed(historyState.current) && detailIdOf(window.location.search) === before) {
        navigate(-1);
      } else {
        navigate(addressWith(null), { replace: true, preventScrollReset: true });
      }
    },
    [addressWith, navigate, showDetail],
  );

  const detailLeftResults = useCallback(() => {
    showDetail(null);
    // After the route update of the search that brought the new results (scheduled after the paint, before this).
    requestAnimationFrame(() =>
      setTimeout(() => {
        const params = new URLSearchParams(window.location.search);
        if (current.current !== null || detailIdOf(window.location.search) === null) return;
        if (params.get("vad") !== controller.getState().serializedSearch) return;
        navigate(addressWith(null), { replace: true, preventScrollReset: true });
      }, 0),
    );
  }, [addressWith, controller, navigate, showDetail]);

  // Back, Forward or a link on /sok: the pane follows the address.
  useEffect(() => {
    if (lastSearch.current === location.search) return;
    lastSearch.current = location.search;
    const id = detailIdOf(location.search);
    if (id !== current.current) showDetail(id);
  }, [location.search, showDetail]);

  return { detailId, currentDetailId: useCallback(() => current.current, []), openDetail, showDetail, detailLeftResults };
}
