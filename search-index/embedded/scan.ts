/**
 * One search over an entity's columns. A classifying pass applies the hard constraints, then the soft (facet) ones:
 * a record failing none is a hit; a record failing exactly one facet's constraint goes to that facet's list
 * (disjunctive counting); booleans failing alone are counted on the spot. Then one tight loop per histogram counts
 * the hits and each facet's list, and the hits feed the top-k heap. With no constraint the first pass is skipped.
 * A full scan's hard constraints are a branch-free pass (scan-bits.ts hardList), and a broad domain's facets are
 * classified as bitsets (scan-bits.ts classifyBits; docs/decisions/0049); text and list-file searches, whose
 * candidates are few, go record by record. Written for V8: flat typed-array loops, everything the loop reads in
 * locals, fixed slots for two small facets.
 */
import { FLAG_COMBINATIONS, type EntityIndex } from "./index-types";
import type { ScanPlan } from "./scan-plan";
import { bitsPay, classifyBits, hardList, type SoftFacets, storeListLengths } from "./scan-bits";
import { collectTop, countBytes, countColumn, countRows, pairColumn, unfoldPairs, type Positions } from "./scan-count";
import type { TopK } from "./top-k";

export interface ScanCounts {
  hitCount: number;
  /** Per SNI node (+1 for unknown); in main-SNI mode only the records' own nodes (roll up afterwards). */
  sni: Uint32Array;
  location: Uint32Array;
  /** Per small code facet (plan.smallCodes order), per code index. */
  small: Uint32Array[];
  /** Hits per combination of flag bits. */
  flagHist: Uint32Array;
  /** Records failing only boolean filter `bit`, at [bit * 2 + value]. */
  boolOnly: Uint32Array;
  /**
   * The hits' positions (the first hitCount entries; null: every record), in a scratch list the next scan of the
   * entity overwrites.
   */
  hits: Positions;
  /** Records failing only the plan's ownRange (issue 39), the first ownRangeOnlyCount entries (scratch, like hits). */
  ownRangeOnly: Positions;
  ownRangeOnlyCount: number;
}

const EMPTY16 = new Uint16Array(0);
const EMPTY32 = new Uint32Array(1);
const zeroColumns = new WeakMap<EntityIndex, Uint8Array>();
/** Reusable position lists per entity and slot (searches run one at a time in an isolate). */
const scratch = new WeakMap<EntityIndex, Uint32Array[]>();

function scratchList(entity: EntityIndex, slot: number): Uint32Array {
  let lists = scratch.get(entity);
  if (!lists) scratch.set(entity, (lists = []));
  return (lists[slot] ??= new Uint32Array(entity.count));
}

/** Whether record i's CSR nodes pass a rows mask (scan-plan.ts nodeFilter): base OR their values is exactly 1. */
function rowsPass(offsets: Uint32Array, values: Uint16Array, mask: Uint8Array, base: number, i: number): boolean {
  let acc = base;
  for (let k = offsets[i] as number, end = offsets[i + 1] as number; k < end; k++) acc |= mask[values[k] as number] as number;
  return acc === 1;
}

function passesRanges(ranks: Uint32Array[], lo: number[], hi: number[], i: number): boolean {
  for (let r = 0; r < ranks.length; r++) {
    const v = (ranks[r] as Uint32Array)[i] as number;
    if (v < (lo[r] as number) || v > (hi[r] as number)) return false;
  }
  return true;
}

function hasOwnerAge(offsets: Uint32Array, ages: Uint8Array, lo: number, hi: number, i: number): boolean {
  for (let k = offsets[i] as number, end = offsets[i + 1] as number; k < end; k++) {
    const age = ages[k] as number;
    if (age >= lo && age <= hi) return true;
  }
  return false;
}

/** Whether the plan constrains nothing: every record is a hit, and its counts are the whole index's. */
export function isUnconstrained(plan: ScanPlan): boolean {
  const hasSoft =
    plan.sni !== null ||
    plan.location !== null ||
    plan.smallCodes.some((facet) => facet.selected !== null) ||
    plan.softMask !== 0 ||
    plan.ownRange !== null;
  return (
    !plan.empty &&
    plan.candidates === null &&
    plan.hardMask === 0 &&
    plan.ranges.length === 0 &&
    plan.ownerAge === null &&
    plan.excludeCompanies === null &&
    !hasSoft
  );
}

/** What one scan reads: the plan resolved to columns, masks and scratch lists. */
function prepare(plan: ScanPlan) {
  const entity = plan.entity;
  let zeros = zeroColumns.get(entity);
  if (!zeros) zeroColumns.set(entity, (zeros = new Uint8Array(entity.count)));
  const [f0, f1] = plan.smallCodes;
  const col0 = f0?.column ?? zeros;
  const col1 = f1?.column ?? zeros;
  const [range0, range1, ...more] = plan.ranges;
  const sel0 = f0?.selected ?? null;
  const sel1 = f1?.selected ?? null;
  const unconstrained = isUnconstrained(plan);
  return {
    plan,
    entity,
    locationAll: entity.locationAll ?? { offsets: EMPTY32, values: EMPTY16 },
    owners: entity.ownerAges ?? { offsets: EMPTY32, values: new Uint8Array(0) },
    col0,
    col1,
    sel0,
    sel1,
    // The second flat code set's codes fit in 4 bits (at most 15 and NO_CODE; field-declarations.test.ts checks the
    // declarations); with one small facet the pair column is just that facet's code.
    pairs: pairColumn(col0, col1),
    range0: range0 ?? { ranks: EMPTY32, lo: 0, hi: 0 },
    range1: range1 ?? { ranks: EMPTY32, lo: 0, hi: 0 },
    hasRange0: range0 !== undefined,
    hasRange1: range1 !== undefined,
    more,
    unconstrained,
    hardList: unconstrained ? EMPTY32 : scratchList(entity, 5),
    ownRange: plan.ownRange ?? { ranks: EMPTY32, lo: 0, hi: 0 },
    hasOwnRange: plan.ownRange !== null,
    lists: [0, 1, 2, 3, 4, 6].map((slot) =>
      unconstrained || (slot === 6 && plan.ownRange === null) ? EMPTY32 : scratchList(entity, slot),
    ) as [Uint32Array, Uint32Array, Uint32Array, Uint32Array, Uint32Array, Uint32Array],
  };
}

type Prepared = ReturnType<typeof prepare>;

/** Records per pass call: V8 then optimises each pass as a whole after a few calls (see classify). */
const CHUNK = 1 << 16;

/** Runs `pass` over [0, total) in chunks, threading its running count through. */
function chunked(total: number, pass: (from: number, to: number, count: number) => number): number {
  let count = 0;
  for (let from = 0; from < total; from += CHUNK) count = pass(from, Math.min(total, from + CHUNK), count);
  return count;
}

/** Whether the plan has constraints every counted record must pass (beyond the candidate list). */
function hasHardConstraints(p: Prepared): boolean {
  return p.plan.hardMask !== 0 || p.hasRange0 || p.plan.ownerAge !== null || p.plan.excludeCompanies !== null;
}

/**
 * The hard constraints (flags every record must have, ranges, owner age, excluded companies) as a pass of their own
 * over the candidates, writing the positions that pass to `out`. Kept apart from the facet pass so that each loop
 * tests only what the search uses (V8 does not unswitch loops: unused checks cost about 20 %, measured).
 */
function hardPass(p: Prepared, out: Uint32Array, from: number, to: number, count: number): number {
  const { candidates, hardMask, hardWant, ownerAge } = p.plan;
  const { flags, company } = p.entity;
  const { owners, hasRange0, hasRange1 } = p;
  const exclude = p.plan.excludeCompanies;
  const { ranks: ranks0, lo: lo0 } = p.range0;
  const { ranks: ranks1, lo: lo1 } = p.range1;
  const span0 = p.range0.hi - lo0;
  const span1 = p.range1.hi - lo1;
  const moreRanks = p.more.map((r) => r.ranks);
  const moreLo = p.more.map((r) => r.lo);
  const moreHi = p.more.map((r) => r.hi);
  const ageLo = ownerAge?.lo ?? 0;
  const ageHi = ownerAge?.hi ?? 0;
  let n = count;
  for (let c = from; c < to; c++) {
    const i = candidates === null ? c : (candidates[c] as number);
    if (((flags[i] as number) & hardMask) !== hardWant) continue;
    // One unsigned comparison per range: (v - lo) >>> 0 wraps values below lo past the span.
    if (hasRange0) {
      if (((ranks0[i] as number) - lo0) >>> 0 > span0) continue;
      if (hasRange1 && ((ranks1[i] as number) - lo1) >>> 0 > span1) continue;
      if (moreRanks.length > 0 && !passesRanges(moreRanks, moreLo, moreHi, i)) continue;
    }
    if (ownerAge !== null && !hasOwnerAge(owners.offsets, owners.values, ageLo, ageHi, i)) continue;
    if (exclude !== null && exclude[company === null ? i : (company[i] as number)] === 1) continue;
    out[n++] = i;
  }
  return n;
}

/**
 * The facet pass over `positions` (null: every record) [from, to): a record failing no facet is a hit, one failing
 * exactly one facet goes to that facet's list, booleans failing alone are counted on the spot. Running counts live in
 * `lengths` ([hits, SNI-only, place-only, small0-only, small1-only, own-range-only]). Chunked: one loop over every
 * record was compiled on stack replacement before the function had ever returned, and the code after the loop,
 * lacking type feedback, threw the optimised code away at the end of every search.
 */
function softPass(p: Prepared, positions: Uint32Array | null, boolOnly: Uint32Array, lengths: Uint32Array, from: number, to: number): void {
  const { softMask, softWant, sni, location, useMainSni, useAllLocations, sniBase, locationBase } = p.plan;
  const { flags, mainSni, municipality, sniAll } = p.entity;
  const { locationAll, col0, col1, sel0, sel1, hasOwnRange } = p;
  const { ranks: ownRanks, lo: ownLo } = p.ownRange;
  const ownSpan = p.ownRange.hi - ownLo;
  const [hitList, sniList, locationList, small0List, small1List, ownList] = p.lists;
  let hits = lengths[0] as number;
  let sniFails = lengths[1] as number;
  let locationFails = lengths[2] as number;
  let small0Fails = lengths[3] as number;
  let small1Fails = lengths[4] as number;
  let ownFails = lengths[5] as number;
  for (let c = from; c < to; c++) {
    const i = positions === null ? c : (positions[c] as number);
    const f = flags[i] as number;
    // Failed facets as bits (1 SNI, 2 place, 4 and 8 the small codes), computed without data-dependent branches.
    let failed = 0;
    if (sni !== null)
      failed = useMainSni ? (sni[mainSni[i] as number] as number) ^ 1 : +!rowsPass(sniAll.offsets, sniAll.values, sni, sniBase, i);
    if (location !== null) {
      const miss = useAllLocations
        ? +!rowsPass(locationAll.offsets, locationAll.values, location, locationBase, i)
        : (location[municipality[i] as number] as number) ^ 1;
      failed |= miss << 1;
    }
    if (sel0 !== null) failed |= ((sel0[col0[i] as number] as number) ^ 1) << 2;
    if (sel1 !== null) failed |= ((sel1[col1[i] as number] as number) ^ 1) << 3;
    // A histogram's own range (an empty one has a negative span: every record fails it).
    if (hasOwnRange) failed |= +(((ownRanks[i] as number) - ownLo) >>> 0 > ownSpan) << 4;
    const failedBools = (f ^ softWant) & softMask;
    if ((failed | failedBools) === 0) hitList[hits++] = i;
    else if (failedBools === 0) {
      if (failed === 1) sniList[sniFails++] = i;
      else if (failed === 2) locationList[locationFails++] = i;
      else if (failed === 4) small0List[small0Fails++] = i;
      else if (failed === 8) small1List[small1Fails++] = i;
      else if (failed === 16) ownList[ownFails++] = i;
    } else if (failed === 0 && (failedBools & (failedBools - 1)) === 0) {
      const bit = 31 - Math.clz32(failedBools);
      const slot = bit * 2 + ((f >> bit) & 1);
      boolOnly[slot] = (boolOnly[slot] as number) + 1;
    }
  }
  storeListLengths(lengths, hits, sniFails, locationFails, small0Fails, small1Fails, ownFails);
}

/** The soft constraints for the bitset pass (scan-bits.ts). */
function softFacets(p: Prepared): SoftFacets {
  const { plan } = p;
  return {
    entity: p.entity,
    sni: plan.sni,
    sniBase: plan.sniBase,
    useMainSni: plan.useMainSni,
    location: plan.location,
    locationBase: plan.locationBase,
    locationRows: plan.useAllLocations ? p.locationAll : null,
    col0: p.col0,
    col1: p.col1,
    sel0: p.sel0,
    sel1: p.sel1,
    own: plan.ownRange,
    softMask: plan.softMask,
    softWant: plan.softWant,
  };
}

/**
 * The classifying passes: the hard constraints first when the search has any (branch-free over every record when
 * they are flags and ranges, record by record over candidates or with owner ages and excluded companies), then the
 * facets, as bitsets when the remaining domain is broad (scan-bits.ts), record by record otherwise.
 */
function classify(p: Prepared, boolOnly: Uint32Array, lengths: Uint32Array): void {
  let positions = p.plan.candidates;
  let total = positions ? positions.length : p.entity.count;
  if (hasHardConstraints(p)) {
    const { candidates, ownerAge, excludeCompanies, hardMask, hardWant, ranges } = p.plan;
    const passed = p.hardList;
    if (candidates === null && ownerAge === null && excludeCompanies === null)
      total = hardList(p.entity.flags, hardMask, hardWant, ranges, total, passed);
    else total = chunked(total, (from, to, count) => hardPass(p, passed, from, to, count));
    positions = passed;
  }
  if (bitsPay(total, p.entity.count)) {
    classifyBits(softFacets(p), positions, total, p.lists, lengths, boolOnly);
    return;
  }
  for (let from = 0; from < total; from += CHUNK) softPass(p, positions, boolOnly, lengths, from, Math.min(total, from + CHUNK));
}

/** One loop per histogram over the hits and each facet's own list; the hits also feed the heap. */
function tally(p: Prepared, lengths: Uint32Array, counts: ScanCounts, top: TopK | null): void {
  const { useMainSni, useAllLocations } = p.plan;
  const { flags, mainSni, municipality, sniAll } = p.entity;
  const [hitList, sniList, locationList, small0List, small1List] = p.lists;
  const [hits = 0, sniFails = 0, locationFails = 0, small0Fails = 0, small1Fails = 0] = lengths;
  const hitPositions: Positions = p.unconstrained ? null : hitList;
  const pairCounts = new Uint32Array(4096);
  countColumn(flags, hitPositions, hits, counts.flagHist);
  countColumn(p.pairs, hitPositions, hits, pairCounts);
  for (const [list, n] of [
    [hitPositions, hits],
    [sniList, sniFails],
  ] as const) {
    if (useMainSni) countColumn(mainSni, list, n, counts.sni);
    else countRows(sniAll.offsets, sniAll.values, list, n, counts.sni);
  }
  for (const [list, n] of [
    [hitPositions, hits],
    [locationList, locationFails],
  ] as const) {
    if (useAllLocations) countRows(p.locationAll.offsets, p.locationAll.values, list, n, counts.location);
    else countColumn(municipality, list, n, counts.location);
  }
  const small0 = counts.small[0] ?? new Uint32Array(256);
  const small1 = counts.small[1] ?? new Uint32Array(256);
  countBytes(p.col0, small0List, small0Fails, small0);
  countBytes(p.col1, small1List, small1Fails, small1);
  unfoldPairs(pairCounts, small0, small1);
  if (top !== null) collectTop(top, hitPositions, hits);
  counts.hitCount = hits;
  counts.hits = hitPositions;
  counts.ownRangeOnly = p.lists[5];
  counts.ownRangeOnlyCount = lengths[5] ?? 0;
}

/**
 * Only the plan's hits, without counting anything (a histogram's relaxed search, histogram.ts): the classifying
 * passes, in a scratch list the next scan of the entity overwrites; null positions mean every record.
 */
export function scanHits(plan: ScanPlan): { positions: Positions; count: number } {
  if (plan.empty) return { positions: EMPTY32, count: 0 };
  const prepared = prepare(plan);
  if (prepared.unconstrained) return { positions: null, count: plan.entity.count };
  const lengths = new Uint32Array(6);
  classify(prepared, new Uint32Array(32), lengths);
  return { positions: prepared.lists[0], count: lengths[0] as number };
}

/** A plan's counts, all zero (excluded-side.ts counts a pure exclusion's side into them). */
export const emptyCounts = (plan: ScanPlan): ScanCounts => ({
  hitCount: 0,
  sni: new Uint32Array(plan.sniSize + 1),
  location: new Uint32Array(plan.locationSize + 1),
  small: plan.smallCodes.map(() => new Uint32Array(256)),
  flagHist: new Uint32Array(FLAG_COMBINATIONS),
  boolOnly: new Uint32Array(32),
  hits: EMPTY32,
  ownRangeOnly: EMPTY32,
  ownRangeOnlyCount: 0,
});

/**
 * An unconstrained plan's counts without counting (isUnconstrained): every record is a hit, and the caller reads the
 * counts from the whole index's, which it keeps per version, and its best records from its own kept lists. The count
 * arrays stay empty.
 */
export function unconstrainedCounts(plan: ScanPlan): ScanCounts {
  const counts = emptyCounts(plan);
  counts.hitCount = plan.entity.count;
  counts.hits = null;
  return counts;
}

/** Counts the plan's hits and facets and fills `top` with the best hits. */
export function scan(plan: ScanPlan, top: TopK | null): ScanCounts {
  const counts = emptyCounts(plan);
  if (plan.empty) return counts;
  const prepared = prepare(plan);
  const lengths = new Uint32Array(6);
  if (prepared.unconstrained) lengths[0] = plan.entity.count;
  else classify(prepared, counts.boolOnly, lengths);
  tally(prepared, lengths, counts, top);
  return counts;
}
