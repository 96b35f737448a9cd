/**
 * Range-filter histograms on the embedded index (issue 39, workers/shared/search/histogram.ts): one loop over the hits
 * reading a byte column of each record's bin (built once per field, edges and index version from the field's ranks),
 * so a histogram costs a fraction of the search it rides on. When the search ranges the field itself, the bins count
 * the search without that range (the plan's ownRange, or a relaxed pass); a search that then constrains nothing reads
 * the whole-index bins, kept per version.
 */
import { binOf, type HistogramField } from "#shared/search/histogram";
import { RANGE_FIELDS } from "#shared/search/search-fields";
import type { EntityIndex, SearchIndex } from "./index-types";
import { countBytes, type Positions } from "./scan-count";

/** The bin column's value of a record without a value: counted nowhere. */
const NO_BIN = 0xff;

const binColumns = new WeakMap<EntityIndex, Map<string, Uint8Array>>();

/** Each record's bin of the field for these edges (NO_BIN when it has no value). */
export function binColumn(index: SearchIndex, entity: EntityIndex, field: HistogramField, edges: readonly number[]): Uint8Array {
  let byField = binColumns.get(entity);
  if (!byField) binColumns.set(entity, (byField = new Map()));
  const key = `${field}:${edges.join(",")}`;
  let column = byField.get(key);
  if (!column) {
    const stored = RANGE_FIELDS[field].column;
    const values = index.values[stored] ?? new Float64Array(0);
    const table = new Uint8Array(values.length);
    for (let r = 0; r < values.length; r++) table[r] = binOf(edges, values[r] as number);
    const ranks = entity.ranks[stored] ?? new Uint32Array(0);
    column = new Uint8Array(entity.count).fill(NO_BIN);
    for (let i = 0; i < ranks.length; i++) {
      const r = ranks[i] as number;
      if (r < table.length) column[i] = table[r] as number;
    }
    byField.set(key, column);
  }
  return column;
}

/**
 * Bin counts of the listed positions (null: 0 … n-1), and after the last bin the records without a value (NO_BIN):
 * `bins + 1` numbers. With about 20 bins, neighbouring
 * records often share one, and each increment would wait for the one before it to the same counter: four records at
 * a time go to four count tables, summed at the end (about 20 % faster over 290 000 hits, measured).
 */
export function countBins(column: Uint8Array, bins: number, list: Positions, n: number): number[] {
  const counts = new Uint32Array(256);
  if (list === null) {
    countBytes(column, null, n, counts);
    return [...Array.from(counts.subarray(0, bins)), counts[NO_BIN] as number];
  }
  const c1 = new Uint32Array(256);
  const c2 = new Uint32Array(256);
  const c3 = new Uint32Array(256);
  let k = 0;
  for (; k + 4 <= n; k += 4) {
    const v0 = column[list[k] as number] as number;
    const v1 = column[list[k + 1] as number] as number;
    const v2 = column[list[k + 2] as number] as number;
    const v3 = column[list[k + 3] as number] as number;
    counts[v0] = (counts[v0] as number) + 1;
    c1[v1] = (c1[v1] as number) + 1;
    c2[v2] = (c2[v2] as number) + 1;
    c3[v3] = (c3[v3] as number) + 1;
  }
  for (; k < n; k++) {
    const v = column[list[k] as number] as number;
    counts[v] = (counts[v] as number) + 1;
  }
  const total = (bin: number) => (counts[bin] as number) + (c1[bin] as number) + (c2[bin] as number) + (c3[bin] as number);
  return [...Array.from({ length: bins }, (_, bin) => total(bin)), total(NO_BIN)];
}
