/**
 * The record whose detail pane is open, kept in the address beside the search (issue 38, detail-address.ts): opening a
 * card pushes /sok?vad=…&visa=<id>, so Back closes the pane (or returns to the record shown before, such as the
 * worksite whose "Visa företaget …" link was followed) and Forward opens it again; a reloaded or copied address opens
 * the same record. Closing with the pane's own button or Escape steps back over the entry its opening pushed, so no
 * stale entry is left behind (as the phone's sheet did before, issue 29); when that entry is not the current one (a
 * search was made meanwhile) the address is replaced instead. The pane closing by itself because its record left the
 * new results (spec §4) writes nothing while the new search's own address is on its way (that one carries no record);
 * after Back or Forward to such a search it replaces the address.
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
  /** A user's choice (a card, a link, the close button, Escape): the address follows. */
  openDetail: (id: string | null) => void;
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
    (id: string | null) => {
      const before = current.current;
      if (id === before) return;
      showDetail(id);
      if (id !== null) {
        navigate(addressWith(id), { preventScrollReset: true, state: { [OPENED_FROM_CLOSED]: before === null } });
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
