/**
 * The one pass over an entity's columns: hard constraints, then soft (facet) constraints with disjunctive counting
 * (a record failing exactly one facet's constraint is counted for that facet only), and a top-k heap of the hits.
 */
import { FLAG_COMBINATIONS } from "./index-types";
import type { ScanPlan } from "./scan-plan";
import type { TopK } from "./top-k";

export interface ScanCounts {
  hitCount: number;
  /** Per SNI node; in main-SNI mode only the records' own nodes (roll up afterwards). */
  sni: Uint32Array;
  location: Uint32Array;
  /** Per small code facet (plan.smallCodes order), per code index. */
  small: Uint32Array[];
  /** Hits per combination of flag bits. */
  flagHist: Uint32Array;
  /** Records failing only boolean filter `bit`, at [bit * 2 + value]. */
  boolOnly: Uint32Array;
}

const NODE_SPACE = 0x10000;
const FACET_SNI = 1;
const FACET_LOCATION = 2;
const FACET_SMALL = 4;
const FACET_BOOL = 16;

function emptyCounts(plan: ScanPlan): ScanCounts {
  return {
    hitCount: 0,
    sni: new Uint32Array(NODE_SPACE),
    location: new Uint32Array(NODE_SPACE),
    small: plan.smallCodes.map(() => new Uint32Array(256)),
    flagHist: new Uint32Array(FLAG_COMBINATIONS),
    boolOnly: new Uint32Array(32),
  };
}

function inc(counts: Uint32Array, index: number): void {
  counts[index] = (counts[index] as number) + 1;
}

function anyInMask(offsets: Uint32Array, values: Uint16Array, mask: Uint8Array, i: number): boolean {
  for (let k = offsets[i] ?? 0, end = offsets[i + 1] ?? 0; k < end; k++) if (mask[values[k] ?? 0] === 1) return true;
  return false;
}

function countNodes(counts: Uint32Array, offsets: Uint32Array, values: Uint16Array, i: number): void {
  for (let k = offsets[i] ?? 0, end = offsets[i + 1] ?? 0; k < end; k++) inc(counts, values[k] ?? 0);
}

/** Records passing hard constraints are visited; returns the counts and fills `top` with the hits. */
export function scan(plan: ScanPlan, top: TopK | null): ScanCounts {
  const counts = emptyCounts(plan);
  if (plan.empty) return counts;
  const { entity, candidates, hardMask, hardWant, softMask, softWant, sni, location, useMainSni, useAllLocations } = plan;
  const { flags, mainSni, municipality, sniAll, company } = entity;
  const locationAll = entity.locationAll ?? { offsets: new Uint32Array(0), values: new Uint16Array(0) };
  const ownerAges = entity.ownerAges ?? { offsets: new Uint32Array(0), values: new Uint8Array(0) };
  const rangeRanks = plan.ranges.map((r) => r.ranks);
  const rangeLo = plan.ranges.map((r) => r.lo);
  const rangeHi = plan.ranges.map((r) => r.hi);
  const nRanges = rangeRanks.length;
  const exclude = plan.excludeCompanies;
  const ownerAge = plan.ownerAge;
  const smallColumns = plan.smallCodes.map((f) => f.column);
  const smallSelected = plan.smallCodes.map((f) => f.selected);
  const nSmall = smallColumns.length;
  const { sni: sniCounts, location: locationCounts, small: smallCounts, flagHist, boolOnly } = counts;
  const total = candidates ? candidates.length : entity.count;
  let hits = 0;

  records: for (let c = 0; c < total; c++) {
    const i = candidates ? (candidates[c] ?? 0) : c;
    const f = flags[i] ?? 0;
    if ((f & hardMask) !== hardWant) continue;
    for (let r = 0; r < nRanges; r++) {
      const v = (rangeRanks[r] as Uint32Array)[i] ?? 0;
      if (v < (rangeLo[r] ?? 0) || v > (rangeHi[r] ?? 0)) continue records;
    }
    if (ownerAge) {
      let found = false;
      for (let k = ownerAges.offsets[i] ?? 0, end = ownerAges.offsets[i + 1] ?? 0; k < end && !found; k++) {
        const age = ownerAges.values[k] ?? 0;
        found = age >= ownerAge.lo && age <= ownerAge.hi;
      }
      if (!found) continue;
    }
    if (exclude && exclude[company ? (company[i] ?? 0) : i] === 1) continue;

    let fails = 0;
    let failed = 0;
    if (sni && (useMainSni ? sni[mainSni[i] ?? 0] !== 1 : !anyInMask(sniAll.offsets, sniAll.values, sni, i))) {
      fails = 1;
      failed = FACET_SNI;
    }
    if (
      location &&
      (useAllLocations ? !anyInMask(locationAll.offsets, locationAll.values, location, i) : location[municipality[i] ?? 0] !== 1)
    ) {
      if (++fails > 1) continue;
      failed = FACET_LOCATION;
    }
    for (let s = 0; s < nSmall; s++) {
      const selected = smallSelected[s];
      if (selected && selected[(smallColumns[s] as Uint8Array)[i] ?? 0] !== 1) {
        if (++fails > 1) continue records;
        failed = FACET_SMALL + s;
      }
    }
    const diff = (f ^ softWant) & softMask;
    if (diff !== 0) {
      if (fails > 0 || (diff & (diff - 1)) !== 0) continue;
      fails = 1;
      failed = FACET_BOOL + 31 - Math.clz32(diff);
    }

    if (fails === 0) {
      hits++;
      inc(flagHist, f);
      top?.offer(i);
    } else if (failed >= FACET_BOOL) {
      const bit = failed - FACET_BOOL;
      inc(boolOnly, bit * 2 + ((f >> bit) & 1));
      continue;
    }
    if (fails === 0 || failed === FACET_SNI) {
      if (useMainSni) inc(sniCounts, mainSni[i] ?? 0);
      else countNodes(sniCounts, sniAll.offsets, sniAll.values, i);
    }
    if (fails === 0 || failed === FACET_LOCATION) {
      if (useAllLocations) countNodes(locationCounts, locationAll.offsets, locationAll.values, i);
      else inc(locationCounts, municipality[i] ?? 0);
    }
    for (let s = 0; s < nSmall; s++) {
      if (fails === 0 || failed === FACET_SMALL + s) inc(smallCounts[s] as Uint32Array, (smallColumns[s] as Uint8Array)[i] ?? 0);
    }
  }
  counts.hitCount = hits;
  return counts;
}
