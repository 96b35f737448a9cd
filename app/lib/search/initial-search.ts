/** What the /sok loader hands to the search screen (built in search-loader.server.ts). */
import type { SearchPageAnswer } from "#shared/api-contracts/search-api";
import type { Search } from "#shared/search/search-schema";
import type { SidebarRefdata } from "./search-refdata";

export const INVALID_SEARCH_NOTICE = "Sökningen i adressen kunde inte läsas. Du ser standardsökningen i stället.";

export interface InitialSearch {
  search: Search;
  /** The first page, or null when the browser must run the search. */
  answer: SearchPageAnswer | null;
  /** Shown above the results: an unreadable `vad`, a refused search, an inactive shared link. */
  notice: string | null;
  /**
   * The search failed on the server (the API answered 5xx, e.g. the search cluster is down or too slow): the screen
   * starts with its error card and 'Försök igen' instead of running the search again on arrival.
   */
  error: string | null;
  refdata: SidebarRefdata | null;
  /**
   * The companies of the first page the user watches, or null when the loader could not read them: the cards' watch
   * buttons then wait for the browser's own call (decision 0071).
   */
  watched: number[] | null;
}
