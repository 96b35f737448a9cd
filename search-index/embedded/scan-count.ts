/**
 * Counting loops over a list of positions (null: every position 0..n-1). One histogram per loop: interleaving several
 * dependent increments per record costs about twice as much in V8 (measured, see docs/decisions 0017).
 */
import { NULL_RANK } from "./index-types";
import { INVERT, type TopK } from "./top-k";

export type Positions = Uint32Array | null;

const pairColumns = new WeakMap<object, Uint16Array>();

/** Both small codes of a record in one number (code0 * 16 + code1), so a hit costs one increment for the pair. */
export function pairColumn(col0: Uint8Array, col1: Uint8Array): Uint16Array {
  let pairs = pairColumns.get(col0);
  if (!pairs) {
    pairs = new Uint16Array(col0.length);
    for (let i = 0; i < col0.length; i++) pairs[i] = ((col0[i] as number) << 4) | ((col1[i] as number) & 15);
    pairColumns.set(col0, pairs);
  }
  return pairs;
}

/** Adds the pair histogram of the hits to the two small facets' counts. */
export function unfoldPairs(pairCounts: Uint32Array, small0: Uint32Array, small1: Uint32Array): void {
  for (let p = 0; p < pairCounts.length; p++) {
    const n = pairCounts[p] as number;
    if (n === 0) continue;
    small0[p >> 4] = (small0[p >> 4] as number) + n;
    small1[p & 15] = (small1[p & 15] as number) + n;
  }
}

/** counts[column[i]] += 1 for every listed position. */
export function countColumn(column: Uint16Array, list: Positions, n: number, counts: Uint32Array): void {
  if (list === null) {
    for (let i = 0; i < n; i++) {
      const v = column[i] as number;
      counts[v] = (counts[v] as number) + 1;
    }
  } else {
    for (let k = 0; k < n; k++) {
      const v = column[list[k] as number] as number;
      counts[v] = (counts[v] as number) + 1;
    }
  }
}

/** The same for a byte column. */
export function countBytes(column: Uint8Array, list: Positions, n: number, counts: Uint32Array): void {
  for (let k = 0; k < n; k++) {
    const v = column[list === null ? k : (list[k] as number)] as number;
    counts[v] = (counts[v] as number) + 1;
  }
}

/** Every value of each listed record's CSR row (values are distinct per row). */
export function countRows(offsets: Uint32Array, values: Uint16Array, list: Positions, n: number, counts: Uint32Array): void {
  for (let k = 0; k < n; k++) {
    const i = list === null ? k : (list[k] as number);
    for (let j = offsets[i] as number, end = offsets[i + 1] as number; j < end; j++) {
      const v = values[j] as number;
      counts[v] = (counts[v] as number) + 1;
    }
  }
}

/** Offers the listed positions to the heap; the primary key is checked against the heap's limit first. */
export function collectTop(top: TopK, list: Positions, n: number): void {
  const ranks = top.primaryRanks;
  const strict = top.strict;
  let limit = top.limit;
  if (ranks === null) {
    for (let k = 0; k < n; k++) {
      const i = list === null ? k : (list[k] as number);
      const key = top.keyOf(i);
      if (key < limit || (!strict && key === limit)) {
        top.offer(i, key);
        limit = top.limit;
      }
    }
    return;
  }
  const descending = top.descending;
  for (let k = 0; k < n; k++) {
    const i = list === null ? k : (list[k] as number);
    // Branch-free descending key in int32: (INVERT - r) & NULL_RANK keeps a missing rank last.
    const r = ranks[i] as number;
    const key = descending ? (INVERT - r) & NULL_RANK : r;
    if (key < limit || (!strict && key === limit)) {
      top.offer(i, key);
      limit = top.limit;
    }
  }
}
