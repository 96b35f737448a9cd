/**
 * A pure exclusion on the embedded index counted by its excluded side (docs/decisions/0064; the cluster does the same,
 * es-query.ts excludedSide). "Every industry but G" as it stands is a scan of nearly every record, where the empty
 * search scans nothing (its counts are the whole index's, kept per version). Its excluded side, the records with one
 * of the excluded codes, is found by one pass over the set's column (the plan's own mask, so a record is on the side
 * exactly when the scan would leave it out: any excluded code of a record's every industry or place), and only the
 * side is counted. The answer is then the whole index less the side:
 * - the hit count is the index's size less the side's;
 * - each facet's counts are its whole-index counts less the side's, but the excluded set's own, which leave out its
 *   own constraint (disjunctive counts) and so are the whole index's;
 * - a histogram's bins are the whole index's less the side's (backend: the search has no range of its own);
 * - the page of hits is the first records in the sort order that are not on the side: the kept best records of the
 *   empty search with the side's left out, or, when too few are left (or the order is random), one pass over every
 *   record off the side into the heap.
 * Counts add over records, so the difference is exact. Taken only when the excluded codes' whole-index counts are at
 * most half of the index (pure-exclusion.ts excludedSideIsSmall, the cluster's test); otherwise the search scans.
 */
import type { Aggregations } from "#shared/search/result-schemas";
import { BOOL_FILTER_NAMES, type CodeSetName, type ResultType } from "#shared/search/search-fields";
import { excludedSideIsSmall, pureExclusion } from "../pure-exclusion";
import type { ValidSearch } from "../search-model";
import { toAggregations } from "./aggregate";
import { type Csr, type EntityIndex, type SearchIndex } from "./index-types";
import { emptyCounts, type ScanCounts } from "./scan";
import { collectTop, countBytes, countColumn, countRows } from "./scan-count";
import type { ScanPlan } from "./scan-plan";
import { TopK } from "./top-k";

export interface ExcludedSide {
  /** The excluded code set. */
  name: CodeSetName;
  /** The side's counts: its records as hits (ascending, in a scratch list the next side of the entity overwrites). */
  counts: ScanCounts;
  /** Whether the record at a position is on the side. */
  has: (position: number) => boolean;
}

/** Reusable position lists per entity: [the side, the records off it]. */
const scratch = new WeakMap<EntityIndex, Uint32Array[]>();

function scratchList(entity: EntityIndex, slot: number): Uint32Array {
  let lists = scratch.get(entity);
  if (!lists) scratch.set(entity, (lists = []));
  return (lists[slot] ??= new Uint32Array(entity.count));
}

/**
 * A record's nodes against a rows mask (scan-plan.ts nodeFilter): the scan's test (scan.ts rowsPass), base OR the
 * nodes' values is exactly 1; with nothing chosen a record fails it exactly when one of its nodes is excluded.
 */
function rowsFail(rows: Csr<Uint16Array>, mask: Uint8Array, base: number, i: number): boolean {
  let acc = base;
  for (let k = rows.offsets[i] as number, end = rows.offsets[i + 1] as number; k < end; k++)
    acc |= mask[rows.values[k] as number] as number;
  return acc !== 1;
}

/**
 * The side's test, read from the plan's own masks (the ones the scan tests): a node column or a small code column
 * where the mask says 0 (excluded), or a record's every node (rows) failing the rows test.
 */
function sideTest(
  plan: ScanPlan,
  name: CodeSetName,
): { column: Uint8Array | Uint16Array; mask: Uint8Array } | { rows: Csr<Uint16Array>; mask: Uint8Array; base: number } | null {
  const entity = plan.entity;
  if (name === "sni") {
    if (plan.sni === null) return null;
    return plan.useMainSni ? { column: entity.mainSni, mask: plan.sni } : { rows: entity.sniAll, mask: plan.sni, base: plan.sniBase };
  }
  if (name === "location") {
    if (plan.location === null) return null;
    if (plan.useAllLocations && entity.locationAll) return { rows: entity.locationAll, mask: plan.location, base: plan.locationBase };
    return { column: entity.municipality, mask: plan.location };
  }
  const facet = plan.smallCodes.find((small) => small.name === name);
  return facet?.selected ? { column: facet.column, mask: facet.selected } : null;
}

/**
 * The excluded side of a pure exclusion, found and counted (every facet but the excluded set's own), when the search is
 * one and its side is small (the excluded codes' whole-index counts, from `all`, at most half of the index); else null.
 */
export function excludedSide(search: ValidSearch, plan: ScanPlan, all: Aggregations): ExcludedSide | null {
  const name = pureExclusion(search);
  const entity = plan.entity;
  if (name === null || plan.empty || plan.candidates !== null || plan.ownRange !== null) return null;
  if (!excludedSideIsSmall(search.excludeCodeSet[name] ?? [], all[`${name}_all`], entity.count)) return null;
  const test = sideTest(plan, name);
  if (test === null) return null;
  const side = scratchList(entity, 0);
  let n = 0;
  let has: (position: number) => boolean;
  if ("rows" in test) {
    const { rows, mask, base } = test;
    for (let i = 0; i < entity.count; i++) if (rowsFail(rows, mask, base, i)) side[n++] = i;
    has = (i) => rowsFail(rows, mask, base, i);
  } else {
    const { column, mask } = test;
    for (let i = 0; i < entity.count; i++) if (mask[column[i] as number] === 0) side[n++] = i;
    has = (i) => mask[column[i] as number] === 0;
  }
  const counts = emptyCounts(plan);
  counts.hitCount = n;
  counts.hits = side;
  countColumn(entity.flags, side, n, counts.flagHist);
  if (name !== "sni") {
    if (plan.useMainSni) countColumn(entity.mainSni, side, n, counts.sni);
    else countRows(entity.sniAll.offsets, entity.sniAll.values, side, n, counts.sni);
  }
  if (name !== "location") {
    if (plan.useAllLocations && entity.locationAll)
      countRows(entity.locationAll.offsets, entity.locationAll.values, side, n, counts.location);
    else countColumn(entity.municipality, side, n, counts.location);
  }
  plan.smallCodes.forEach((facet, s) => {
    if (facet.name !== name) countBytes(facet.column, side, n, counts.small[s] as Uint32Array);
  });
  return { name, counts, has };
}

const BOOLS = new Set<string>(BOOL_FILTER_NAMES);

/**
 * The search's own aggregations: the whole index's (`all`, the `_all` counts) less the side's, each facet in the order
 * and with the keys the scan gives (a code's count left out at 0, a yes/no filter's "true" and "false" always); the
 * excluded set's own are the whole index's.
 */
export function complementAggregations(
  index: SearchIndex,
  type: ResultType,
  plan: ScanPlan,
  side: ExcludedSide,
  all: Aggregations,
): Aggregations {
  const less = toAggregations(index, type, plan, side.counts);
  const own: Aggregations = {};
  for (const [key, counts] of Object.entries(all)) {
    const name = key.replace(/_all$/, "");
    // A copy of the whole index's (in its order), less the side's counts (a count left at 0 goes, as in the scan's).
    const out = { ...counts };
    if (name !== side.name) {
      const keepZero = BOOLS.has(name);
      for (const [code, n] of Object.entries(less[name] ?? {})) {
        const left = (out[code] ?? 0) - n;
        if (left > 0 || keepZero) out[code] = left;
        else delete out[code];
      }
    }
    own[name] = out;
  }
  return own;
}

/**
 * The best `k` records off the side, best first: from `best` (the empty search's best records in the same order, null
 * when not kept) with the side's left out when enough are left (or `best` holds every record), else one pass over
 * every record off the side into the heap.
 */
export function complementTop(
  search: ValidSearch,
  plan: ScanPlan,
  side: ExcludedSide,
  k: number,
  best: readonly number[] | null,
): number[] {
  const entity = plan.entity;
  if (best) {
    const kept = best.filter((p) => !side.has(p));
    if (kept.length >= k || best.length >= entity.count) return kept.slice(0, k);
  }
  const { hits, hitCount } = side.counts;
  const sideList = hits as Uint32Array;
  const off = scratchList(entity, 1);
  let n = 0;
  let s = 0;
  for (let i = 0; i < entity.count; i++) {
    if (s < hitCount && sideList[s] === i) s++;
    else off[n++] = i;
  }
  const top = new TopK(k, entity, search.sort, search.seed, plan.textScores);
  collectTop(top, off, n);
  return top.sorted();
}
