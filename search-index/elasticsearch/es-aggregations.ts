/**
 * The facets' counting aggregations: sni and location as terms aggregations over their tree fields, the small facets
 * as one terms aggregation over their `<facet>:<value>` keys (docs/decisions/0044), and the whole-index counts.
 */
import { BOOL_FILTER_NAMES, BOOL_FILTERS, codeSetDef, codeSetsOf, type TreeCodeSet } from "#shared/search/search-fields";
import type { ValidSearch } from "../search-model";
import { codeSetDocField, FACET_KEYS_FIELD, FACET_KEYS_SIZE, TREE_TERMS_SIZE } from "./es-fields";

type Json = Record<string, unknown>;

/** The terms aggregation of each facet of the result type; the small facets' count keys in FACET_KEYS_FIELD. */
export function facetTerms(search: ValidSearch): Record<string, Json> {
  const type = search.resultType;
  const terms: Record<string, Json> = {};
  for (const name of codeSetsOf(type))
    terms[name] =
      codeSetDef(name).kind === "tree"
        ? { terms: { field: codeSetDocField(name, search.bool), size: TREE_TERMS_SIZE[name as TreeCodeSet] } }
        : smallFacetTerms(name);
  for (const name of BOOL_FILTER_NAMES) if (BOOL_FILTERS[name].types.includes(type)) terms[name] = smallFacetTerms(name);
  return terms;
}

const SMALL_FACET_MARK = "smallFacet";
const smallFacetTerms = (name: string): Json => ({ [SMALL_FACET_MARK]: name });

/**
 * A group's aggregations: sni and location as they are, the small facets as one terms aggregation over their
 * `<facet>:<value>` keys, limited to the group's facets by a pattern.
 */
export function groupAggregations(terms: Record<string, Json>): Record<string, Json> {
  const aggs: Record<string, Json> = {};
  const small: string[] = [];
  for (const [name, agg] of Object.entries(terms)) {
    if (SMALL_FACET_MARK in agg) small.push(name);
    else aggs[name] = agg;
  }
  if (small.length > 0)
    aggs[FACET_KEYS_FIELD] = { terms: { field: FACET_KEYS_FIELD, size: FACET_KEYS_SIZE, include: `(${small.join("|")}):.*` } };
  return aggs;
}

/** The whole-index counts of every facet of the search's result type and facet fields. */
export function wholeIndexCountsBody(search: ValidSearch): Json {
  return { size: 0, track_total_hits: false, query: { match_all: {} }, aggs: groupAggregations(facetTerms(search)) };
}
