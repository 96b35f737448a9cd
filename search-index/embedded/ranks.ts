/** Dense ranks, permutations and binary searches over typed arrays. */
import { NULL_RANK } from "./index-types";

/** First position whose value is >= x. */
export function lowerBound(values: ArrayLike<number>, x: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((values[mid] ?? 0) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First position whose value is > x. */
export function upperBound(values: ArrayLike<number>, x: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((values[mid] ?? 0) <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Raw values (NaN = missing) → sorted distinct values and each record's dense rank among them. */
export function denseRanks(raw: Float64Array): { values: Float64Array; ranks: Uint32Array } {
  const present = raw.filter((v) => !Number.isNaN(v)).sort();
  let distinct = 0;
  for (let i = 0; i < present.length; i++) if (i === 0 || present[i] !== present[i - 1]) present[distinct++] = present[i] ?? 0;
  const values = present.slice(0, distinct);
  return { values, ranks: ranksIn(values, raw) };
}

/** Ranks of raw values within an existing sorted distinct table (values absent from it are treated as missing). */
export function ranksIn(values: Float64Array, raw: Float64Array): Uint32Array {
  const ranks = new Uint32Array(raw.length);
  for (let i = 0; i < raw.length; i++) {
    const v = raw[i] ?? Number.NaN;
    const r = Number.isNaN(v) ? -1 : lowerBound(values, v);
    ranks[i] = r >= 0 && values[r] === v ? r : NULL_RANK;
  }
  return ranks;
}

/** Dense ranks of strings by plain comparison (use nameSortKey for Swedish order); null sorts last. */
export function stringRanks(keys: readonly (string | null)[]): Uint32Array {
  const order = Array.from(keys.keys()).filter((i) => keys[i] !== null);
  order.sort((a, b) => {
    const x = keys[a] as string;
    const y = keys[b] as string;
    return x < y ? -1 : x > y ? 1 : 0;
  });
  const ranks = new Uint32Array(keys.length).fill(NULL_RANK);
  let rank = -1;
  let previous: string | null = null;
  for (const i of order) {
    if (keys[i] !== previous) rank++;
    previous = keys[i] ?? null;
    ranks[i] = rank;
  }
  return ranks;
}

type Typed = Uint8Array | Uint16Array | Uint32Array | Float64Array;

/** out[f] = source[order[f]]: reorders a column into final positions. */
export function permute<T extends Typed>(source: T, order: Uint32Array | null): T {
  if (!order) return source;
  const out = source.slice(0, order.length) as T;
  for (let f = 0; f < order.length; f++) out[f] = source[order[f] ?? 0] ?? 0;
  return out;
}

/** Reorders CSR rows into final positions. */
export function permuteCsr<T extends Uint8Array | Uint16Array | Uint32Array>(
  csr: { offsets: Uint32Array; values: T },
  order: Uint32Array | null,
): { offsets: Uint32Array; values: T } {
  if (!order) return csr;
  const offsets = new Uint32Array(order.length + 1);
  const values = csr.values.slice() as T;
  let k = 0;
  for (let f = 0; f < order.length; f++) {
    const i = order[f] ?? 0;
    for (let j = csr.offsets[i] ?? 0; j < (csr.offsets[i + 1] ?? 0); j++) values[k++] = csr.values[j] ?? 0;
    offsets[f + 1] = k;
  }
  return { offsets, values };
}

/** Positions sorted by key (stable), or null when already in order. */
export function sortOrder(keys: Float64Array): Uint32Array | null {
  let sorted = true;
  for (let i = 1; i < keys.length && sorted; i++) sorted = (keys[i - 1] ?? 0) <= (keys[i] ?? 0);
  if (sorted) return null;
  const order = Uint32Array.from(keys.keys());
  order.sort((a, b) => (keys[a] ?? 0) - (keys[b] ?? 0) || a - b);
  return order;
}
