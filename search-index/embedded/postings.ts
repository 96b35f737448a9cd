/**
 * Positions per value of a node column (main SNI node, municipality), derived once per loaded index: a counting
 * sort, so each value's positions are ascending. A facet selecting a small share of the records then sets its pass
 * bits from its values' positions instead of reading the whole column (scan-bits.ts).
 */
export interface Postings {
  /** The positions of value v are positions[offsets[v] .. offsets[v + 1]). */
  offsets: Uint32Array;
  positions: Uint32Array;
}

const cache = new WeakMap<Uint16Array, Postings>();

export function postingsOf(column: Uint16Array): Postings {
  let postings = cache.get(column);
  if (postings) return postings;
  let size = 0;
  for (let i = 0; i < column.length; i++) size = Math.max(size, (column[i] as number) + 1);
  const offsets = new Uint32Array(size + 1);
  for (let i = 0; i < column.length; i++) offsets[(column[i] as number) + 1] = (offsets[(column[i] as number) + 1] as number) + 1;
  for (let v = 0; v < size; v++) offsets[v + 1] = (offsets[v + 1] as number) + (offsets[v] as number);
  const next = offsets.slice(0, size);
  const positions = new Uint32Array(column.length);
  for (let i = 0; i < column.length; i++) {
    const v = column[i] as number;
    positions[next[v] as number] = i;
    next[v] = (next[v] as number) + 1;
  }
  postings = { offsets, positions };
  cache.set(column, postings);
  return postings;
}

/** How many records have a value the mask selects. */
export function selectedCount(postings: Postings, mask: Uint8Array): number {
  const { offsets } = postings;
  const values = Math.min(mask.length, offsets.length - 1);
  let n = 0;
  for (let v = 0; v < values; v++) if (mask[v] === 1) n += (offsets[v + 1] as number) - (offsets[v] as number);
  return n;
}

/** Sets bit i of `out` (cleared first) for every record with a selected value. */
export function postingBits(postings: Postings, mask: Uint8Array, out: Int32Array): void {
  const { offsets, positions } = postings;
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
