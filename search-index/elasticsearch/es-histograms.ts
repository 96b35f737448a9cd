/**
 * A range filter's histogram as aggregations (docs/decisions/0047, 0048): its half-open bins and the records without
 * a value, in whichever request counts them, and the whole-index bins.
 */
import type { HistogramField } from "#shared/search/histogram";
import { RANGE_DOC_FIELDS } from "./es-fields";

type Json = Record<string, unknown>;

/** The aggregation name of a histogram's bins in whichever request counts them. */
export const HISTOGRAM_AGG = "histogram";
/** Beside it, the records without a value for the field ("uppgift saknas"). */
export const HISTOGRAM_MISSING_AGG = "histogram_missing";

/** A `range` aggregation of the bins: below the first edge, between each two, from the last edge up. */
export function histogramAggregation(field: HistogramField, edges: readonly number[]): Json {
  const ranges: Json[] = [{ to: edges[0] }];
  for (let k = 1; k < edges.length; k++) ranges.push({ from: edges[k - 1], to: edges[k] });
  ranges.push({ from: edges.at(-1) });
  return { range: { field: RANGE_DOC_FIELDS[field], ranges } };
}

/** The bins and the records without a value, as the aggregations of one request. */
export function histogramAggregations(field: HistogramField, edges: readonly number[]): Json {
  return { [HISTOGRAM_AGG]: histogramAggregation(field, edges), [HISTOGRAM_MISSING_AGG]: { missing: { field: RANGE_DOC_FIELDS[field] } } };
}

/** The whole-index bins of a field. */
export function wholeIndexHistogramBody(field: HistogramField, edges: readonly number[]): Json {
  return { size: 0, track_total_hits: false, query: { match_all: {} }, aggs: histogramAggregations(field, edges) };
}
