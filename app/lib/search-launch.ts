/**
 * How the shell starts searches (start page links, the header's free-text box): it builds a spec §3 search object and
 * opens the search route with it serialised in `vad`; the search screen runs it. The current result type is a tiny
 * shared store the search screen updates; the header box may be taken over by the search screen (setTextSearchHandler)
 * so that on /sok it updates the screen's own state instead of navigating. Elsewhere a header search that should open a
 * record's detail pane names the record in the address (`visa`, search/detail-address.ts).
 */
import type { ResultType } from "#shared/search/search-fields";
import type { Search } from "#shared/search/search-schema";
import { emptySearch } from "#shared/search/empty-search";
import { serializeSearch } from "#shared/search/search-codec";
import { DETAIL_PARAM } from "./search/detail-address";
import { withOnlyText } from "./search/search-edit";
import { useStoreInTransition } from "./transition-store";

export const SEARCH_PATH = "/sok";

/** The search route for a serialized search: /sok?vad=…, with `&visa=<id>` when record `detailId`'s pane is open. */
export function searchPath(serializedSearch: string, detailId: string | null = null): string {
  return `${SEARCH_PATH}?vad=${serializedSearch}${detailId === null ? "" : `&${DETAIL_PARAM}=${detailId}`}`;
}

/** The search route for a search (see searchPath). */
export function searchHref(search: Search, detailId: string | null = null): string {
  return searchPath(serializeSearch(search), detailId);
}

/** A search with no constraints except the given code set (e.g. one SNI section or one county). */
export function searchForCodes(resultType: ResultType, codeSet: "sni" | "location", codes: string[]): Search {
  const search = emptySearch(resultType);
  return { ...search, codeSet: { [codeSet]: codes } };
}

/** Spec §2: the header's free text clears all constraints, sets the text and runs the search (by relevance, issue 26). */
export function searchForText(resultType: ResultType, text: string): Search {
  return withOnlyText(emptySearch(resultType), text);
}

let resultType: ResultType = "COMPANY";
const listeners = new Set<() => void>();

export function setCurrentResultType(next: ResultType): void {
  if (next === resultType) return;
  resultType = next;
  for (const listener of listeners) listener();
}

const subscribeResultType = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const currentResultType = () => resultType;

/**
 * The result type for the shell (the header box, the start page), in a transition: the search screen sets it from an
 * effect when it mounts, which would otherwise re-render the header in the task that hydrates the page (decision 0070).
 */
export function useCurrentResultType(): ResultType {
  return useStoreInTransition(subscribeResultType, currentResultType);
}

/**
 * The free text of the search on screen, for the header box (issue 48 point 8): a search opened from a link, a shared
 * link or "Menade du" shows its text there too. Undefined off the search screen; null for a search without text.
 */
let screenText: string | null | undefined;
const textListeners = new Set<() => void>();

export function setScreenSearchText(next: string | null | undefined): void {
  if (next === screenText) return;
  screenText = next;
  for (const listener of textListeners) listener();
}

const subscribeScreenText = (listener: () => void) => {
  textListeners.add(listener);
  return () => textListeners.delete(listener);
};
const currentScreenText = () => screenText;

/** In a transition, as useCurrentResultType: the search screen sets it from an effect when it mounts. */
export function useScreenSearchText(): string | null | undefined {
  return useStoreInTransition(subscribeScreenText, currentScreenText);
}

/** Builds the header's search from the one on screen (or from an empty one of the current type elsewhere). */
export type BuildSearch = (base: Search) => Search;
/** Runs a header search on the search screen, opening the detail pane of record `detailId` when it is not null. */
type TextSearchHandler = (build: BuildSearch, detailId: string | null) => void;
let textSearchHandler: TextSearchHandler | undefined;

/** The search screen takes over the header box while it is mounted; returns the function that gives it back. */
export function setTextSearchHandler(handler: TextSearchHandler): () => void {
  textSearchHandler = handler;
  return () => {
    if (textSearchHandler === handler) textSearchHandler = undefined;
  };
}

/**
 * Runs a header search: on the search screen through its handler, elsewhere by opening /sok with it; `detailId`
 * names a record whose detail pane opens with the results.
 */
export function launchHeaderSearch(
  navigate: (to: string) => void,
  resultType: ResultType,
  build: BuildSearch,
  detailId: string | null = null,
) {
  const handler = textSearchHandler;
  if (handler) return handler(build, detailId);
  navigate(searchHref(build(emptySearch(resultType)), detailId));
}
