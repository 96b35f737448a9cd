/** The headers of the search call (POST /sapi/search/page/{n}), without zod for the browser's first load. */
export const SEARCH_REQUEST_ID_HEADER = "X-Search-Request-Id";

/** Response header of POST /sapi/search/page/{n}: the search index version the whole answer came from. */
export const INDEX_VERSION_HEADER = "X-Index-Version";
/**
 * Request header of POST /sapi/search/page/{n} (issue 48 point 6): the index version whose all-of-Sweden counts
 * (`<facet>_all` in results.aggregations) the client already holds. When the answer comes from that version, they are
 * left out (answer.allCounts "omitted"); else the answer has them as always.
 */
export const HELD_INDEX_VERSION_HEADER = "X-Held-Index-Version";
