/**
 * Counting loops over a list of positions (null: every position 0..n-1). One histogram per loop: interleaving several
 * dependent increments per record costs about twice as much in V8 (measured, see docs/decisions 0017).
 */
import { NULL_RANK } from "./index-types";
import { INVERT, type TopK } from "./top-k";

export type Positions = Uint32Array | null;

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
