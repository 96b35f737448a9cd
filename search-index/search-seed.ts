/** The seed of the random sort: a hash of the search's constraints, so one search keeps one order across pages. */
import type { Search } from "#shared/search/search-schema";

/** FNV-1a over the search without its sort and session number, as an unsigned 32-bit number. */
export function searchSeed(search: Search): number {
  const { sort: _sort, numeric, ...constraints } = search;
  const { seqNo: _seqNo, ...numericConstraints } = numeric;
  const text = JSON.stringify({ ...constraints, numeric: numericConstraints });
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
