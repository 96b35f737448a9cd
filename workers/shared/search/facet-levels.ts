/**
 * How deep a search answer's tree counts go (issue 48 point 6). The sidebar shows a tree set's top level (the SNI
 * sections, the counties) and the codes the search chose or left out; only the tree editors and the map show the levels
 * below. Those are most of an answer: 1 754 industry codes and 311 places, about 26 of a click's 29 KB. A search
 * screen with neither open asks for `top` (`?facets=top`): the answer's own counts of each tree set keep the top level
 * and the search's own codes, and say so (`facetLevels`). The all-of-Sweden counts (`<set>_all`) stay whole: the browser
 * holds them per index version (decision 0060), so they are sent once.
 */
import type { Aggregations } from "./result-schemas";
import { CODE_SET_NAMES, CODE_SETS, type CodeSetDef } from "./search-fields";
import type { Search } from "./search-schema";

export const FACET_LEVELS = ["top", "all"] as const;
export type FacetLevels = (typeof FACET_LEVELS)[number];

/** Each tree set with the length of its top level's codes (search-fields.ts CODE_SETS `topCodeLength`). */
const TREE_TOPS = CODE_SET_NAMES.flatMap((name) => {
  const def: CodeSetDef = CODE_SETS[name];
  return def.kind === "tree" && def.topCodeLength !== undefined ? [{ set: name, topLength: def.topCodeLength }] : [];
});

/** The aggregations with the counts under `nameOf(set)` of each tree set cut to its top level and the search's codes. */
function cutTrees(
  aggregations: Aggregations,
  search: Pick<Search, "codeSet" | "excludeCodeSet">,
  nameOf: (set: string) => string,
): Aggregations {
  const trimmed: Aggregations = { ...aggregations };
  for (const { set, topLength } of TREE_TOPS) {
    const name = nameOf(set);
    const counts = aggregations[name];
    if (!counts) continue;
    const own = new Set([...(search.codeSet[set] ?? []), ...(search.excludeCodeSet[set] ?? [])]);
    const kept: Record<string, number> = {};
    for (const [code, count] of Object.entries(counts)) if (code.length <= topLength || own.has(code)) kept[code] = count;
    trimmed[name] = kept;
  }
  return trimmed;
}

/** The aggregations with each tree set's own counts cut to its top level and the search's chosen and excluded codes. */
export function topFacetLevels(aggregations: Aggregations, search: Pick<Search, "codeSet" | "excludeCodeSet">): Aggregations {
  return cutTrees(aggregations, search, (set) => set);
}

/**
 * The all-of-Sweden counts of each tree set (`<set>_all`) cut the same way: what the sidebar shows of them, for the data
 * of the search screen's server-rendered page (decision 0071). Never for an answer the browser holds as whole.
 */
export function topAllCounts(aggregations: Aggregations, search: Pick<Search, "codeSet" | "excludeCodeSet">): Aggregations {
  return cutTrees(aggregations, search, (set) => `${set}_all`);
}
