/**
 * The one pass over an entity's columns: hard constraints, then soft (facet) constraints with disjunctive counting
 * (a record failing exactly one facet's constraint is counted for that facet only), and a top-k heap of the hits.
 * Written for V8: flat typed-array loops, fixed slots for the two small code facets, small inlinable helpers.
 */
import { FLAG_COMBINATIONS, NULL_RANK } from "./index-types";
import type { ScanPlan } from "./scan-plan";
import { INVERT, type TopK } from "./top-k";

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

const FACET_SNI = 1;
const FACET_LOCATION = 2;
const FACET_SMALL0 = 3;
const FACET_SMALL1 = 4;

const EMPTY16 = new Uint16Array(0);
const EMPTY32 = new Uint32Array(1);
const zeroColumns = new WeakMap<object, Uint8Array>();

function anyInMask(offsets: Uint32Array, values: Uint16Array, mask: Uint8Array, i: number): boolean {
  for (let k = offsets[i] as number, end = offsets[i + 1] as number; k < end; k++) if (mask[values[k] as number] === 1) return true;
  return false;
}

function countNodes(counts: Uint32Array, offsets: Uint32Array, values: Uint16Array, i: number): void {
  for (let k = offsets[i] as number, end = offsets[i + 1] as number; k < end; k++) {
    const node = values[k] as number;
    counts[node] = (counts[node] as number) + 1;
  }
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
  const rangeRanks = plan.ranges.map((r) => r.ranks);
  const rangeLo = plan.ranges.map((r) => r.lo);
  const rangeHi = plan.ranges.map((r) => r.hi);
  const hasRanges = rangeRanks.length > 0;
  const ageLo = ownerAge?.lo ?? 0;
  const ageHi = ownerAge?.hi ?? 0;
  const hasSoft = sni !== null || location !== null || sel0 !== null || sel1 !== null || softMask !== 0;
  const sortRanks = top?.primaryRanks ?? null;
  const descending = top?.descending ?? false;
  const strict = top?.strict ?? true;
  const total = candidates ? candidates.length : entity.count;
  let hits = 0;

  for (let c = 0; c < total; c++) {
    const i = candidates === null ? c : (candidates[c] as number);
    const f = flags[i] as number;
    if ((f & hardMask) !== hardWant) continue;
    if (hasRanges && !passesRanges(rangeRanks, rangeLo, rangeHi, i)) continue;
    if (ownerAge !== null && !hasOwnerAge(owners.offsets, owners.values, ageLo, ageHi, i)) continue;
    if (exclude !== null && exclude[company === null ? i : (company[i] as number)] === 1) continue;

    let failed = 0;
    if (hasSoft) {
      if (sni !== null && (useMainSni ? sni[mainSni[i] as number] !== 1 : !anyInMask(sniAll.offsets, sniAll.values, sni, i)))
        failed = FACET_SNI;
      if (
        location !== null &&
        (useAllLocations ? !anyInMask(locationAll.offsets, locationAll.values, location, i) : location[municipality[i] as number] !== 1)
      ) {
        if (failed !== 0) continue;
        failed = FACET_LOCATION;
      }
      if (sel0 !== null && sel0[col0[i] as number] !== 1) {
        if (failed !== 0) continue;
        failed = FACET_SMALL0;
      }
      if (sel1 !== null && sel1[col1[i] as number] !== 1) {
        if (failed !== 0) continue;
        failed = FACET_SMALL1;
      }
      const diff = (f ^ softWant) & softMask;
      if (diff !== 0) {
        if (failed !== 0 || (diff & (diff - 1)) !== 0) continue;
        const bit = 31 - Math.clz32(diff);
        const slot = bit * 2 + ((f >> bit) & 1);
        boolOnly[slot] = (boolOnly[slot] as number) + 1;
        continue;
      }
    }

    if (failed === 0) {
      hits++;
      flagHist[f] = (flagHist[f] as number) + 1;
      if (top !== null) {
        let key: number;
        if (sortRanks !== null) {
          const r = sortRanks[i] as number;
          key = descending && r !== NULL_RANK ? INVERT - r : r;
        } else key = top.keyOf(i);
        if (key < top.limit || (!strict && key === top.limit)) top.offer(i, key);
      }
    }
    if (failed === 0 || failed === FACET_SNI) {
      if (useMainSni) {
        const node = mainSni[i] as number;
        sniCounts[node] = (sniCounts[node] as number) + 1;
      } else countNodes(sniCounts, sniAll.offsets, sniAll.values, i);
    }
    if (failed === 0 || failed === FACET_LOCATION) {
      if (useAllLocations) countNodes(locationCounts, locationAll.offsets, locationAll.values, i);
      else {
        const node = municipality[i] as number;
        locationCounts[node] = (locationCounts[node] as number) + 1;
      }
    }
    if (failed === 0 || failed === FACET_SMALL0) small0[col0[i] as number] = (small0[col0[i] as number] as number) + 1;
    if (failed === 0 || failed === FACET_SMALL1) small1[col1[i] as number] = (small1[col1[i] as number] as number) + 1;
  }
  counts.hitCount = hits;
  return counts;
}
