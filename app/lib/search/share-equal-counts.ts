/**
 * The server-rendered /sok sends its first answer in the page (Remix's turbo-stream), which writes an object that
 * occurs twice only once. For a search that constrains a facet nothing beyond itself (the default search: every facet),
 * the facet's counts and its all-of-Sweden counts (`<facet>_all`) are equal, and in the answer two equal objects; one
 * object under both names halves that part of the page's data (issue 48 point 6: the default /sok's data 105 → 80 KB
 * of text). Nothing changes for the screen, which never changes the counts it is given.
 */
import type { Aggregations } from "#shared/search/result-schemas";

function equalCounts(a: Record<string, number>, b: Record<string, number>): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => b[key] === a[key]);
}

/** The aggregations with each `<facet>_all` that equals its facet's counts replaced by that same object. */
export function shareEqualCounts(aggregations: Aggregations): Aggregations {
  const shared: Aggregations = { ...aggregations };
  for (const [name, counts] of Object.entries(aggregations)) {
    if (!name.endsWith("_all")) continue;
    const own = aggregations[name.slice(0, -"_all".length)];
    if (own && equalCounts(own, counts)) shared[name] = own;
  }
  return shared;
}
