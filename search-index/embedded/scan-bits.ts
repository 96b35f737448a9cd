/**
 * The facet pass of a broad search as bitsets (docs/decisions/0049). Each soft constraint gets one tight loop that
 * writes a pass bit per record of the domain (every record, or the positions that passed the hard constraints), then
 * one loop over 32-record words combines them: a record passing every facet is a hit, one failing exactly one facet
 * goes to that facet's list, and booleans failing alone are counted. The result is the same as softPass's (scan.ts),
 * in the same ascending order, without softPass's data-dependent branch per record, which mispredicts on every
 * broad search (about 6 ns per record against about 1 ns per record and facet here, measured).
 */
import type { EntityIndex } from "./index-types";
import { postingBits, postingsOf, selectedCount } from "./postings";
import type { RangeConstraint } from "./scan-plan";

/** The soft constraints of one scan, resolved to columns (scan.ts prepares them). */
export interface SoftFacets {
  entity: EntityIndex;
  /** SNI: a node mask over the main node column, or over every node of the record (scan-plan.ts nodeFilter). */
  sni: Uint8Array | null;
  sniBase: number;
  useMainSni: boolean;
  location: Uint8Array | null;
  locationBase: number;
  locationRows: { offsets: Uint32Array; values: Uint16Array } | null;
  col0: Uint8Array;
  col1: Uint8Array;
  sel0: Uint8Array | null;
  sel1: Uint8Array | null;
  own: RangeConstraint | null;
  softMask: number;
  softWant: number;
}

/** The lists the pass fills: [hits, SNI-only, place-only, small0-only, small1-only, own-range-only]. */
export type FacetLists = readonly [Uint32Array, Uint32Array, Uint32Array, Uint32Array, Uint32Array, Uint32Array];

const SLOTS = 8;
const scratch = new WeakMap<EntityIndex, { bits: Int32Array[]; ones: Int32Array; zeros: Int32Array }>();

/**
 * Reusable bitsets per entity (searches run one at a time in an isolate): the domain, the five facets, the booleans'
 * two (see classifyBits), and an all-ones and an all-zeros set for what the search leaves free.
 */
function bitsetsOf(entity: EntityIndex) {
  let sets = scratch.get(entity);
  if (!sets) {
    const words = (entity.count + 31) >>> 5;
    sets = {
      bits: Array.from({ length: SLOTS }, () => new Int32Array(words)),
      ones: new Int32Array(words).fill(-1),
      zeros: new Int32Array(words),
    };
    scratch.set(entity, sets);
  }
  return sets;
}

/** Whether the bitset pass is cheaper than softPass: the domain is at least 1/32 of the records. */
export function bitsPay(domainSize: number, count: number): boolean {
  return domainSize * 32 >= count;
}

/** The domain's bits: the first `total` records (domain null), or the listed positions. */
function domainBits(domain: Uint32Array | null, total: number, out: Int32Array): void {
  if (domain === null) {
    const full = total >>> 5;
    out.fill(-1, 0, full);
    if (full < out.length) out.fill(0, full);
    if ((total & 31) !== 0) out[full] = (1 << (total & 31)) - 1;
    return;
  }
  out.fill(0);
  for (let k = 0; k < total; k++) {
    const i = domain[k] as number;
    out[i >>> 5] = (out[i >>> 5] as number) | (1 << (i & 31));
  }
}

/**
 * mask[column[i]] as bit i over the domain: a Uint16 column (SNI or municipality nodes) or a byte column (the small
 * code sets). One function for both kinds of column costs nothing measurable (two kinds of load, one per search).
 */
function nodeBits(column: Uint16Array | Uint8Array, mask: Uint8Array, domain: Uint32Array | null, total: number, out: Int32Array): void {
  if (domain === null) {
    for (let w = 0, base = 0; base < total; w++, base += 32) {
      const end = Math.min(total, base + 32);
      let word = 0;
      for (let i = base; i < end; i++) word |= (mask[column[i] as number] as number) << (i - base);
      out[w] = word;
    }
    return;
  }
  out.fill(0);
  for (let k = 0; k < total; k++) {
    const i = domain[k] as number;
    out[i >>> 5] = (out[i >>> 5] as number) | ((mask[column[i] as number] as number) << (i & 31));
  }
}

/**
 * A node column's pass bits: from the selected values' positions when they are fewer than the records the column
 * would be read for (bits outside the domain do not matter: the combining pass masks them), else from the column.
 */
function columnBits(column: Uint16Array, mask: Uint8Array, domain: Uint32Array | null, total: number, out: Int32Array): void {
  // The mask has a slot per node and one for an unknown node: as many values as the column can hold.
  const postings = postingsOf(column, mask.length);
  if (selectedCount(postings, mask) < (domain === null ? total / 2 : total)) postingBits(postings, mask, out);
  else nodeBits(column, mask, domain, total, out);
}

/** Bit i set when record i's CSR values pass a rows mask: `base` OR-ed with their mask values is exactly 1. */
function rowBits(
  offsets: Uint32Array,
  values: Uint16Array,
  mask: Uint8Array,
  base: number,
  domain: Uint32Array | null,
  total: number,
  out: Int32Array,
): void {
  out.fill(0);
  for (let k = 0; k < total; k++) {
    const i = domain === null ? k : (domain[k] as number);
    let hit = base;
    for (let j = offsets[i] as number, end = offsets[i + 1] as number; j < end; j++) hit |= mask[values[j] as number] as number;
    out[i >>> 5] = (out[i >>> 5] as number) | (+(hit === 1) << (i & 31));
  }
}

/** Bit i set when rank[i] lies in [lo, hi] (an empty range, hi < lo, sets none). */
function rangeBits(ranks: Uint32Array, lo: number, hi: number, domain: Uint32Array | null, total: number, out: Int32Array): void {
  const span = hi - lo;
  if (domain === null) {
    for (let w = 0, base = 0; base < total; w++, base += 32) {
      const end = Math.min(total, base + 32);
      let word = 0;
      for (let i = base; i < end; i++) word |= +(((ranks[i] as number) - lo) >>> 0 <= span) << (i - base);
      out[w] = word;
    }
    return;
  }
  out.fill(0);
  for (let k = 0; k < total; k++) {
    const i = domain[k] as number;
    out[i >>> 5] = (out[i >>> 5] as number) | (+(((ranks[i] as number) - lo) >>> 0 <= span) << (i & 31));
  }
}

/** The boolean filters: `pass` where none fails, `one` where exactly one fails. */
function boolBits(
  flags: Uint16Array,
  softMask: number,
  softWant: number,
  domain: Uint32Array | null,
  total: number,
  pass: Int32Array,
  one: Int32Array,
): void {
  pass.fill(0);
  one.fill(0);
  for (let k = 0; k < total; k++) {
    const i = domain === null ? k : (domain[k] as number);
    const failed = ((flags[i] as number) ^ softWant) & softMask;
    const w = i >>> 5;
    const bit = 1 << (i & 31);
    pass[w] = (pass[w] as number) | (+(failed === 0) * bit);
    one[w] = (one[w] as number) | (+(failed !== 0 && (failed & (failed - 1)) === 0) * bit);
  }
}

/**
 * Classifies the domain (null: the first `total` records; otherwise `total` ascending positions) into the lists, with
 * their lengths in `lengths` and the records failing one boolean alone in `boolOnly` [bit * 2 + the record's value].
 */
export function classifyBits(
  facets: SoftFacets,
  domain: Uint32Array | null,
  total: number,
  lists: FacetLists,
  lengths: Uint32Array,
  boolOnly: Uint32Array,
): void {
  const { entity } = facets;
  const { bits, ones, zeros } = bitsetsOf(entity);
  const [D, S0, L0, X0, Y0, O0, BP0, B10] = bits as [
    Int32Array,
    Int32Array,
    Int32Array,
    Int32Array,
    Int32Array,
    Int32Array,
    Int32Array,
    Int32Array,
  ];
  domainBits(domain, total, D);
  let S = ones;
  if (facets.sni !== null) {
    S = S0;
    if (facets.useMainSni) columnBits(entity.mainSni, facets.sni, domain, total, S);
    else rowBits(entity.sniAll.offsets, entity.sniAll.values, facets.sni, facets.sniBase, domain, total, S);
  }
  let L = ones;
  if (facets.location !== null) {
    L = L0;
    if (facets.locationRows !== null)
      rowBits(facets.locationRows.offsets, facets.locationRows.values, facets.location, facets.locationBase, domain, total, L);
    else columnBits(entity.municipality, facets.location, domain, total, L);
  }
  let X = ones;
  if (facets.sel0 !== null) nodeBits(facets.col0, facets.sel0, domain, total, (X = X0));
  let Y = ones;
  if (facets.sel1 !== null) nodeBits(facets.col1, facets.sel1, domain, total, (Y = Y0));
  let O = ones;
  if (facets.own !== null) rangeBits(facets.own.ranks, facets.own.lo, facets.own.hi, domain, total, (O = O0));
  let BP = ones;
  let B1 = zeros;
  const { softMask, softWant } = facets;
  if (softMask !== 0) boolBits(entity.flags, softMask, softWant, domain, total, (BP = BP0), (B1 = B10));
  lengths.fill(0, 0, 6);
  const sets: WordSets = [D, S, L, X, Y, O, BP, B1];
  for (let from = 0; from < D.length; from += CHUNK_WORDS) {
    combine(sets, from, Math.min(D.length, from + CHUNK_WORDS), lists, lengths, entity.flags, softMask, softWant, boolOnly);
  }
}

type WordSets = [Int32Array, Int32Array, Int32Array, Int32Array, Int32Array, Int32Array, Int32Array, Int32Array];

/**
 * Words per combine call. One call over every word was compiled on stack replacement, and its code was thrown away
 * at the end of each search (as softPass's, scan.ts); in chunks the function is optimised as a whole.
 */
const CHUNK_WORDS = 1 << 11;

/**
 * Combines words [from, to) of the bitsets (domain, SNI, place, small0, small1, own range, booleans pass, one boolean
 * fails) into the lists, appending from `lengths`.
 */
function combine(
  sets: WordSets,
  from: number,
  to: number,
  lists: FacetLists,
  lengths: Uint32Array,
  flags: Uint16Array,
  softMask: number,
  softWant: number,
  boolOnly: Uint32Array,
): void {
  const [D, S, L, X, Y, O, BP, B1] = sets;
  const [hitList, sniList, locationList, small0List, small1List, ownList] = lists;
  let hits = lengths[0] as number;
  let sniFails = lengths[1] as number;
  let locationFails = lengths[2] as number;
  let small0Fails = lengths[3] as number;
  let small1Fails = lengths[4] as number;
  let ownFails = lengths[5] as number;
  for (let w = from; w < to; w++) {
    const d = D[w] as number;
    if (d === 0) continue;
    const s = S[w] as number;
    const l = L[w] as number;
    const x = X[w] as number;
    const y = Y[w] as number;
    const o = O[w] as number;
    const base = w << 5;
    const xyo = x & y & o;
    const sl = s & l;
    const all = sl & xyo;
    const db = d & (BP[w] as number);
    // Each list's word, its set bits appended in ascending order (lowest bit first).
    for (let rest = db & all; rest !== 0; rest &= rest - 1) hitList[hits++] = base + 31 - Math.clz32(rest & -rest);
    for (let rest = db & ~s & l & xyo; rest !== 0; rest &= rest - 1) sniList[sniFails++] = base + 31 - Math.clz32(rest & -rest);
    for (let rest = db & s & ~l & xyo; rest !== 0; rest &= rest - 1) locationList[locationFails++] = base + 31 - Math.clz32(rest & -rest);
    for (let rest = db & sl & ~x & y & o; rest !== 0; rest &= rest - 1) small0List[small0Fails++] = base + 31 - Math.clz32(rest & -rest);
    for (let rest = db & sl & x & ~y & o; rest !== 0; rest &= rest - 1) small1List[small1Fails++] = base + 31 - Math.clz32(rest & -rest);
    for (let rest = db & sl & x & y & ~o; rest !== 0; rest &= rest - 1) ownList[ownFails++] = base + 31 - Math.clz32(rest & -rest);
    for (let rest = d & (B1[w] as number) & all; rest !== 0; rest &= rest - 1) {
      const f = flags[base + 31 - Math.clz32(rest & -rest)] as number;
      const failed = (f ^ softWant) & softMask;
      const bit = 31 - Math.clz32(failed);
      const slot = bit * 2 + ((f >> bit) & 1);
      boolOnly[slot] = (boolOnly[slot] as number) + 1;
    }
  }
  storeListLengths(lengths, hits, sniFails, locationFails, small0Fails, small1Fails, ownFails);
}

/**
 * Where a classifying pass leaves off (this file's combine and scan.ts softPass): each list's length, in FacetLists
 * order, so that the next chunk or pass appends after it. The passes keep the lengths in locals while they run.
 */
export function storeListLengths(
  lengths: Uint32Array,
  hits: number,
  sniFails: number,
  locationFails: number,
  small0Fails: number,
  small1Fails: number,
  ownFails: number,
): void {
  lengths[0] = hits;
  lengths[1] = sniFails;
  lengths[2] = locationFails;
  lengths[3] = small0Fails;
  lengths[4] = small1Fails;
  lengths[5] = ownFails;
}

/**
 * The hard flags and ranges over every record, writing the positions that pass to `out` (ascending); returns their
 * number. Branch-free: every record is written and the length advances only when it passes. The record-by-record
 * pass with a branch (scan.ts hardPass) mispredicts whenever a range keeps a good share of the records: 8.9 against
 * 1.6 ms for turnover 1–50 M over 1.3 M companies (measured). Further ranges narrow the list in place.
 */
export function hardList(
  flags: Uint16Array,
  hardMask: number,
  hardWant: number,
  ranges: readonly RangeConstraint[],
  total: number,
  out: Uint32Array,
): number {
  const [first, ...more] = ranges;
  let n = 0;
  if (first === undefined) {
    for (let i = 0; i < total; i++) {
      out[n] = i;
      n += +(((flags[i] as number) & hardMask) === hardWant);
    }
  } else {
    const { ranks, lo } = first;
    const span = first.hi - lo;
    if (hardMask === 0) {
      for (let i = 0; i < total; i++) {
        out[n] = i;
        n += +(((ranks[i] as number) - lo) >>> 0 <= span);
      }
    } else {
      for (let i = 0; i < total; i++) {
        out[n] = i;
        n += +(((flags[i] as number) & hardMask) === hardWant) & +(((ranks[i] as number) - lo) >>> 0 <= span);
      }
    }
  }
  for (const { ranks, lo, hi } of more) {
    const span = hi - lo;
    let kept = 0;
    for (let k = 0; k < n; k++) {
      const i = out[k] as number;
      out[kept] = i;
      kept += +(((ranks[i] as number) - lo) >>> 0 <= span);
    }
    n = kept;
  }
  return n;
}
