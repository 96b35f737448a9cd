/** Scan counts → the aggregations of spec §3: codes (every tree level) → count, booleans "true"/"false" → count. */
import type { Aggregations } from "../../workers/shared/search/result-schemas";
import { BOOL_FILTER_NAMES, BOOL_FILTERS, CODE_SETS, type ResultType } from "../../workers/shared/search/search-fields";
import { FLAG_BITS, FLAG_COMBINATIONS, type SearchIndex } from "./index-types";
import type { ScanCounts } from "./scan";
import type { ScanPlan } from "./scan-plan";
import { countsByCode, rollUp, type TreeIndex } from "./tree-index";

function treeCounts(tree: TreeIndex, counts: Uint32Array, needsRollUp: boolean): Record<string, number> {
  const own = Float64Array.from(counts.subarray(0, tree.codes.length));
  return countsByCode(tree, needsRollUp ? rollUp(tree, own) : own);
}

function boolCounts(counts: ScanCounts, bit: number): Record<string, number> {
  let yes = counts.boolOnly[bit * 2 + 1] ?? 0;
  let no = counts.boolOnly[bit * 2] ?? 0;
  for (let h = 0; h < FLAG_COMBINATIONS; h++) {
    const n = counts.flagHist[h] ?? 0;
    if (n === 0) continue;
    if ((h >> bit) & 1) yes += n;
    else no += n;
  }
  return { true: yes, false: no };
}

/** Aggregations of one scan, each key suffixed (e.g. "_all"). */
export function toAggregations(index: SearchIndex, type: ResultType, plan: ScanPlan, counts: ScanCounts, suffix = ""): Aggregations {
  const out: Aggregations = {};
  if (CODE_SETS.sni.types.includes(type)) out[`sni${suffix}`] = treeCounts(index.sni, counts.sni, plan.useMainSni);
  if (CODE_SETS.location.types.includes(type))
    out[`location${suffix}`] = treeCounts(index.location, counts.location, !plan.useAllLocations);
  plan.smallCodes.forEach((facet, s) => {
    const codes = index.codeLists[facet.name];
    const byCode: Record<string, number> = {};
    (counts.small[s] ?? new Uint32Array(0)).forEach((n, k) => {
      if (n > 0 && codes[k] !== undefined) byCode[codes[k]] = n;
    });
    out[`${facet.name}${suffix}`] = byCode;
  });
  for (const name of BOOL_FILTER_NAMES) {
    if (BOOL_FILTERS[name].types.includes(type)) out[`${name}${suffix}`] = boolCounts(counts, FLAG_BITS[name]);
  }
  return out;
}
