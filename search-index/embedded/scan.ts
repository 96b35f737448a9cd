/**
 * One search over an entity's columns. A classifying pass applies the hard constraints, then the soft (facet) ones:
 * a record failing none is a hit; a record failing exactly one facet's constraint goes to that facet's list
 * (disjunctive counting); booleans failing alone are counted on the spot. Then one tight loop per histogram counts
 * the hits and each facet's list, and the hits feed the top-k heap. With no constraint at all the first pass is
 * skipped. Written for V8: flat typed-array loops, fixed slots for the two small code facets.
 */
import { FLAG_COMBINATIONS, type EntityIndex } from "./index-types";
import type { ScanPlan } from "./scan-plan";
import { collectTop, countBytes, countColumn, countRows, type Positions } from "./scan-count";
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
}

const EMPTY16 = new Uint16Array(0);
const EMPTY32 = new Uint32Array(1);
const zeroColumns = new WeakMap<object, Uint8Array>();
const pairColumns = new WeakMap<object, Uint16Array>();

/** Both small codes of a record in one number (code0 * 16 + code1), so a hit costs one increment for the pair. */
function pairColumn(col0: Uint8Array, col1: Uint8Array): Uint16Array {
  let pairs = pairColumns.get(col0);
  if (!pairs) {
    pairs = new Uint16Array(col0.length);
    for (let i = 0; i < col0.length; i++) pairs[i] = ((col0[i] as number) << 4) | ((col1[i] as number) & 15);
    pairColumns.set(col0, pairs);
  }
  return pairs;
}

/** Adds the pair histogram of the hits to the two small facets' counts. */
function unfoldPairs(pairCounts: Uint32Array, small0: Uint32Array, small1: Uint32Array): void {
  for (let p = 0; p < pairCounts.length; p++) {
    const n = pairCounts[p] as number;
    if (n === 0) continue;
    small0[p >> 4] = (small0[p >> 4] as number) + n;
    small1[p & 15] = (small1[p & 15] as number) + n;
  }
}

function anyInMask(offsets: Uint32Array, values: Uint16Array, mask: Uint8Array, i: number): boolean {
  for (let k = offsets[i] as number, end = offsets[i + 1] as number; k < end; k++) if (mask[values[k] as number] === 1) return true;
  return false;
}

/** Reusable position lists per entity and slot (searches run one at a time in an isolate). */
const scratch = new WeakMap<EntityIndex, Uint32Array[]>();

function scratchList(entity: EntityIndex, slot: number): Uint32Array {
  let lists = scratch.get(entity);
  if (!lists) scratch.set(entity, (lists = []));
  return (lists[slot] ??= new Uint32Array(entity.count));
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

/** Records passing hard constraints are visited; returns the counts and fills `top` with the hits. */
export function scan(plan: ScanPlan, top: TopK | null): ScanCounts {
  const {
    entity,
    candidates,
    hardMask,
    hardWant,
    softMask,
    softWant,
    sni,
    location,
    useMainSni,
    useAllLocations,
    excludeCompanies: exclude,
    ownerAge,
  } = plan;
  const { flags, mainSni, municipality, sniAll, company } = entity;
  const locationAll = entity.locationAll ?? { offsets: EMPTY32, values: EMPTY16 };
  const owners = entity.ownerAges ?? { offsets: EMPTY32, values: new Uint8Array(0) };
  let zeros = zeroColumns.get(entity);
  if (!zeros) zeroColumns.set(entity, (zeros = new Uint8Array(entity.count)));
  const [f0, f1] = plan.smallCodes;
  const col0 = f0?.column ?? zeros;
  const col1 = f1?.column ?? zeros;
  // Fiscal year (12 codes) fits in 4 bits; with one small facet the pair column is just that facet's code.
  const pairs = pairColumn(col0, f1 && plan.smallCodes[1]?.name === "fiscalYear" ? col1 : zeros);
  const pairCounts = new Uint32Array(4096);
  const sel0 = f0?.selected ?? null;
  const sel1 = f1?.selected ?? null;
  const counts: ScanCounts = {
    hitCount: 0,
    sni: new Uint32Array(plan.sniSize + 1),
    location: new Uint32Array(plan.locationSize + 1),
    small: plan.smallCodes.map(() => new Uint32Array(256)),
    flagHist: new Uint32Array(FLAG_COMBINATIONS),
    boolOnly: new Uint32Array(32),
  };
  if (plan.empty) return counts;
  const sniCounts = counts.sni;
  const locationCounts = counts.location;
  const small0 = counts.small[0] ?? new Uint32Array(256);
  const small1 = counts.small[1] ?? new Uint32Array(256);
  const { flagHist, boolOnly } = counts;
  // The first two ranges are checked inline; any further ones through passesRanges.
  const [range0, range1, ...moreRanges] = plan.ranges;
  const ranks0 = range0?.ranks ?? EMPTY32;
  const lo0 = range0?.lo ?? 0;
  const hi0 = range0?.hi ?? 0;
  const ranks1 = range1?.ranks ?? EMPTY32;
  const lo1 = range1?.lo ?? 0;
  const hi1 = range1?.hi ?? 0;
  const hasRange0 = range0 !== undefined;
  const span0 = hi0 - lo0;
  const span1 = hi1 - lo1;
  const hasRange1 = range1 !== undefined;
  const rangeRanks = moreRanges.map((r) => r.ranks);
  const rangeLo = moreRanges.map((r) => r.lo);
  const rangeHi = moreRanges.map((r) => r.hi);
  const hasMoreRanges = rangeRanks.length > 0;
  const ageLo = ownerAge?.lo ?? 0;
  const ageHi = ownerAge?.hi ?? 0;
  const hasSoft = sni !== null || location !== null || sel0 !== null || sel1 !== null || softMask !== 0;
  const total = candidates ? candidates.length : entity.count;
  const unconstrained = candidates === null && hardMask === 0 && !hasRange0 && ownerAge === null && exclude === null && !hasSoft;
  const hitList = unconstrained ? EMPTY32 : scratchList(entity, 0);
  const sniList = sni === null ? EMPTY32 : scratchList(entity, 1);
  const locationList = location === null ? EMPTY32 : scratchList(entity, 2);
  const small0List = sel0 === null ? EMPTY32 : scratchList(entity, 3);
  const small1List = sel1 === null ? EMPTY32 : scratchList(entity, 4);
  let hits = 0;
  let sniFails = 0;
  let locationFails = 0;
  let small0Fails = 0;
  let small1Fails = 0;

  for (let c = 0; c < (unconstrained ? 0 : total); c++) {
    const i = candidates === null ? c : (candidates[c] as number);
    const f = flags[i] as number;
    if ((f & hardMask) !== hardWant) continue;
    // One unsigned comparison per range: (v - lo) >>> 0 wraps values below lo past the span.
    if (hasRange0) {
      if (((ranks0[i] as number) - lo0) >>> 0 > span0) continue;
      if (hasRange1) {
        if (((ranks1[i] as number) - lo1) >>> 0 > span1) continue;
        if (hasMoreRanges && !passesRanges(rangeRanks, rangeLo, rangeHi, i)) continue;
      }
    }
    if (ownerAge !== null && !hasOwnerAge(owners.offsets, owners.values, ageLo, ageHi, i)) continue;
    if (exclude !== null && exclude[company === null ? i : (company[i] as number)] === 1) continue;

    // Failed facets as bits (1 SNI, 2 place, 4 and 8 the small codes), computed without data-dependent branches.
    let failedFacets = 0;
    if (sni !== null)
      failedFacets = useMainSni ? (sni[mainSni[i] as number] as number) ^ 1 : anyInMask(sniAll.offsets, sniAll.values, sni, i) ? 0 : 1;
    if (location !== null) {
      const ok = useAllLocations
        ? anyInMask(locationAll.offsets, locationAll.values, location, i)
          ? 1
          : 0
        : (location[municipality[i] as number] as number);
      failedFacets |= (ok ^ 1) << 1;
    }
    if (sel0 !== null) failedFacets |= ((sel0[col0[i] as number] as number) ^ 1) << 2;
    if (sel1 !== null) failedFacets |= ((sel1[col1[i] as number] as number) ^ 1) << 3;
    const failedBools = (f ^ softWant) & softMask;
    if ((failedFacets | failedBools) === 0) {
      hitList[hits++] = i;
    } else if (failedBools === 0) {
      if ((failedFacets & (failedFacets - 1)) !== 0) continue;
      if (failedFacets === 1) sniList[sniFails++] = i;
      else if (failedFacets === 2) locationList[locationFails++] = i;
      else if (failedFacets === 4) small0List[small0Fails++] = i;
      else small1List[small1Fails++] = i;
    } else if (failedFacets === 0 && (failedBools & (failedBools - 1)) === 0) {
      const bit = 31 - Math.clz32(failedBools);
      const slot = bit * 2 + ((f >> bit) & 1);
      boolOnly[slot] = (boolOnly[slot] as number) + 1;
    }
  }

  const hitPositions: Positions = unconstrained ? null : hitList;
  if (unconstrained) hits = total;
  countColumn(flags, hitPositions, hits, flagHist);
  countColumn(pairs, hitPositions, hits, pairCounts);
  for (const [list, n] of [
    [hitPositions, hits],
    [sniList, sniFails],
  ] as const) {
    if (useMainSni) countColumn(mainSni, list, n, sniCounts);
    else countRows(sniAll.offsets, sniAll.values, list, n, sniCounts);
  }
  for (const [list, n] of [
    [hitPositions, hits],
    [locationList, locationFails],
  ] as const) {
    if (useAllLocations) countRows(locationAll.offsets, locationAll.values, list, n, locationCounts);
    else countColumn(municipality, list, n, locationCounts);
  }
  countBytes(col0, small0List, small0Fails, small0);
  countBytes(col1, small1List, small1Fails, small1);
  if (top !== null) collectTop(top, hitPositions, hits);
  unfoldPairs(pairCounts, small0, f1 ? small1 : new Uint32Array(256));
  counts.hitCount = hits;
  return counts;
}
