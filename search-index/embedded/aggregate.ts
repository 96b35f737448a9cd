/** Scan counts → the aggregations of spec §3: codes (every tree level) → count, booleans "true"/"false" → count. */
import type { Aggregations } from "#shared/search/result-schemas";
import { BOOL_FILTER_NAMES, BOOL_FILTERS, CODE_SETS, type ResultType } from "#shared/search/search-fields";
import { FLAG_BITS, FLAG_COMBINATIONS, KNOWN_BITS, type SearchIndex } from "./index-types";
import type { ScanCounts } from "./scan";
import type { ScanPlan } from "./scan-plan";
import { countsByCode, rollUp, type TreeIndex } from "./tree-index";

function treeCounts(tree: TreeIndex, counts: Uint32Array, needsRollUp: boolean): Record<string, number> {
  const own = Float64Array.from(counts.subarray(0, tree.codes.length));
  return countsByCode(tree, needsRollUp ? rollUp(tree, own) : own);
}

const FLAG_COUNT = BOOL_FILTER_NAMES.length;
/** Per flag bit, the known bit a 'Nej' needs (0 for a flag that is always known). */
const KNOWN_MASKS = BOOL_FILTER_NAMES.map((name) => {
  const known = KNOWN_BITS[name];
  return known === undefined ? 0 : 1 << known;
});

/** true/false counts per flag bit: the hits' histogram (non-empty cells only) plus single-failure records. */
function boolCountsByBit(counts: ScanCounts): { yes: Float64Array; no: Float64Array } {
  const yes = new Float64Array(16);
  const no = new Float64Array(16);
  for (let bit = 0; bit < 16; bit++) {
    yes[bit] = counts.boolOnly[bit * 2 + 1] ?? 0;
    no[bit] = counts.boolOnly[bit * 2] ?? 0;
  }
  for (let h = 0; h < FLAG_COMBINATIONS; h++) {
    const n = counts.flagHist[h] ?? 0;
    if (n === 0) continue;
    for (let bit = 0; bit < FLAG_COUNT; bit++) {
      if ((h >> bit) & 1) yes[bit] = (yes[bit] ?? 0) + n;
      else if ((h & (KNOWN_MASKS[bit] as number)) === KNOWN_MASKS[bit]) no[bit] = (no[bit] ?? 0) + n;
    }
  }
  return { yes, no };
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
  const { yes, no } = boolCountsByBit(counts);
  for (const name of BOOL_FILTER_NAMES) {
    if (BOOL_FILTERS[name].types.includes(type))
      out[`${name}${suffix}`] = { true: yes[FLAG_BITS[name]] ?? 0, false: no[FLAG_BITS[name]] ?? 0 };
  }
  return out;
}
