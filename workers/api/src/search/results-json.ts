/**
 * A search page's `results` as cached text in two parts (issue 48 point 6, docs/decisions/0060): everything but the
 * all-of-Sweden counts (`<facet>_all`), and those counts. The all-of-Sweden counts are the same for every search on one
 * index version (about 22 KB of a 55 KB answer), so a client that holds them for the answer's version gets the answer
 * without them; anyone else gets the whole. Both forms are spliced from the cached text, never serialised again.
 *
 * The cached text is `<results without the _all counts>` NUL `<the _all counts' members>`: JSON.stringify escapes every
 * control character, so a raw NUL never occurs inside either part. The results are written with `aggregations` last,
 * so the first part ends in `}}` (the aggregations', then the results' brace) and the counts go in front of them.
 */
import type { SearchResults } from "#shared/search/result-schemas";

const SEPARATOR = "\u0000";
/** Part of the result caches' keys: text of another shape (the whole results, before the split) is never read. */
export const RESULTS_TEXT_SHAPE = "split1";
const ALL_SUFFIX = "_all";

/** The results as cached text (see above). */
export function cachedResultsText(results: SearchResults): string {
  const { aggregations, ...rest } = results;
  const own: SearchResults["aggregations"] = {};
  const all: SearchResults["aggregations"] = {};
  for (const [name, counts] of Object.entries(aggregations)) (name.endsWith(ALL_SUFFIX) ? all : own)[name] = counts;
  const ownText = JSON.stringify({ ...rest, aggregations: own });
  return `${ownText}${SEPARATOR}${JSON.stringify(all).slice(1, -1)}`;
}

/**
 * The results' JSON from the cached text, and whether the all-of-Sweden counts are in it: left out only when the
 * client holds them (`withAllCounts` false) and there are some. Text without the separator is taken as the whole
 * results (the caches' keys name the shape, so none should reach here).
 */
export function resultsJson(cached: string, withAllCounts: boolean): { json: string; allCounts: "included" | "omitted" } {
  const at = cached.indexOf(SEPARATOR);
  if (at < 0) return { json: cached, allCounts: "included" };
  const own = cached.slice(0, at);
  const allMembers = cached.slice(at + 1);
  if (allMembers === "") return { json: own, allCounts: "included" };
  if (!withAllCounts) return { json: own, allCounts: "omitted" };
  // own ends with `}}`; an aggregations object with no members of its own ends with `{}}`.
  const head = own.slice(0, -2);
  return { json: `${head}${head.endsWith("{") ? "" : ","}${allMembers}}}`, allCounts: "included" };
}
