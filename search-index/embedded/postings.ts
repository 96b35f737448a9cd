/**
 * Positions per value of a node column (main SNI node, municipality), derived once per loaded index by a counting
 * sort, so each value's positions are ascending. The free text finds a place's records through it (text-match.ts),
 * and a facet selecting a small share of the records sets its pass bits from it instead of reading the whole column
 * (scan-bits.ts).
 */
import type { Csr } from "./index-types";

const cache = new WeakMap<Uint16Array, Csr<Uint32Array>>();

/** The positions of value v are values[offsets[v] .. offsets[v + 1]); `size` values (a tree's nodes + 1 unknown). */
export function postingsOf(column: Uint16Array, size: number): Csr<Uint32Array> {
  let postings = cache.get(column);
  if (postings && postings.offsets.length === size + 1) return postings;
  const offsets = new Uint32Array(size + 1);
  for (let i = 0; i < column.length; i++) offsets[(column[i] as number) + 1] = (offsets[(column[i] as number) + 1] as number) + 1;
  for (let v = 0; v < size; v++) offsets[v + 1] = (offsets[v + 1] as number) + (offsets[v] as number);
  const next = offsets.slice(0, size);
  const values = new Uint32Array(column.length);
  for (let i = 0; i < column.length; i++) {
    const v = column[i] as number;
    values[next[v] as number] = i;
    next[v] = (next[v] as number) + 1;
  }
  postings = { offsets, values };
  cache.set(column, postings);
  return postings;
}

/** How many records have a value the mask selects. */
export function selectedCount(postings: Csr<Uint32Array>, mask: Uint8Array): number {
  const { offsets } = postings;
  const values = Math.min(mask.length, offsets.length - 1);
  let n = 0;
  for (let v = 0; v < values; v++) if (mask[v] === 1) n += (offsets[v + 1] as number) - (offsets[v] as number);
  return n;
}

/** Sets bit i of `out` (cleared first) for every record with a selected value. */
export function postingBits(postings: Csr<Uint32Array>, mask: Uint8Array, out: Int32Array): void {
  const { offsets, values: positions } = postings;
  out.fill(0);
  const values = Math.min(mask.length, offsets.length - 1);
  for (let v = 0; v < values; v++) {
    if (mask[v] !== 1) continue;
    for (let k = offsets[v] as number, end = offsets[v + 1] as number; k < end; k++) {
      const i = positions[k] as number;
      out[i >>> 5] = (out[i >>> 5] as number) | (1 << (i & 31));
    }
  }
}
