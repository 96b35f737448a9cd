/** The start page's data as its loader gives it (start-loader.server.ts). */
import type { SearchPageAnswer } from "#shared/api-contracts/search-api";

/** One card of the industry grid: an SNI section and its company count. */
export interface IndustryCount {
  code: string;
  text: string;
  count: number;
}

export interface StartData {
  /** The grid's cards, or null when the browser must load the reference data. */
  industries: IndustryCount[] | null;
  /**
   * The default company search's first page as far as the start page reads it (no cards; of the counts only the
   * all-of-Sweden counts per place, for the map), or null when the browser must run it.
   */
  home: SearchPageAnswer | null;
}
