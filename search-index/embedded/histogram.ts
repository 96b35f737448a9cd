/**
 * Range-filter histograms on the embedded index (issue 39, workers/shared/search/histogram.ts): one loop over the hits
 * reading the field's rank column through a rank → bin table, so a histogram costs a fraction of the search it rides
 * on. When the search constrains the field itself, the bins count the search without that range (its relaxed hits,
 * one more classifying pass); a search that then constrains nothing reads the whole-index bins, kept per version.
 */
import { binOf, type HistogramField } from "#shared/search/histogram";
import type { EntityIndex, SearchIndex } from "./index-types";
import type { Positions } from "./scan-count";

const binTables = new WeakMap<Float64Array, Map<string, Uint8Array>>();

/** Bin per dense rank of the field (its sorted distinct values), for these edges. */
export function rankBins(index: SearchIndex, field: HistogramField, edges: readonly number[]): Uint8Array {
  const values = index.values[field] ?? new Float64Array(0);
  let byEdges = binTables.get(values);
  if (!byEdges) binTables.set(values, (byEdges = new Map()));
  const key = edges.join(",");
  let table = byEdges.get(key);
  if (!table) {
    table = new Uint8Array(values.length);
    for (let r = 0; r < values.length; r++) table[r] = binOf(edges, values[r] as number);
    byEdges.set(key, table);
  }
  return table;
}

/** Bin counts of the listed positions (null: 0 … n-1); a missing value (NULL_RANK, past the table) counts nowhere. */
export function countBins(ranks: Uint32Array, table: Uint8Array, bins: number, list: Positions, n: number): number[] {
  const counts = new Uint32Array(bins);
  const size = table.length;
  for (let k = 0; k < n; k++) {
    const r = ranks[list === null ? k : (list[k] as number)] as number;
    if (r < size) {
      const bin = table[r] as number;
      counts[bin] = (counts[bin] as number) + 1;
    }
  }
  return Array.from(counts);
}

/** The field's rank column of an entity (an empty one when the entity lacks the field). */
export const rankColumn = (entity: EntityIndex, field: HistogramField): Uint32Array => entity.ranks[field] ?? new Uint32Array(0);
