/**
 * A pure exclusion ("Alla branscher utom Bygg", docs/decisions/0064): one code set's excluded codes and no other
 * constraint. As it stands it counts nearly every record of the index, while its excluded side (the records with one
 * of the excluded codes) is usually small; both backends then count that side and take its counts from the whole
 * index's (es-query.ts excludedSide, embedded/excluded-side.ts). One definition for both, so they take the same path.
 */
import { BOOL_FILTER_NAMES, CODE_SET_NAMES, type CodeSetName } from "#shared/search/search-fields";
import type { ValidSearch } from "./search-model";

/**
 * The code set of a pure exclusion, or null: no text, no organisation number, no range, no list file, no yes/no
 * filter, no chosen code in any set and excluded codes in exactly one set. The matching options (useMainSni,
 * useLocation) only say which field the set is matched on.
 */
export function pureExclusion(search: ValidSearch): CodeSetName | null {
  if (search.textQuery || search.numeric.orgSeqNo !== undefined || Object.keys(search.range).length > 0) return null;
  if (Object.values(search.numSet).some((ids) => ids && ids.length > 0)) return null;
  if (BOOL_FILTER_NAMES.some((name) => search.bool[name] !== undefined)) return null;
  if (CODE_SET_NAMES.some((name) => (search.codeSet[name] ?? []).length > 0)) return null;
  const excluded = CODE_SET_NAMES.filter((name) => (search.excludeCodeSet[name] ?? []).length > 0);
  return excluded.length === 1 ? (excluded[0] as CodeSetName) : null;
}

/**
 * Whether counting the excluded side is the cheaper way: the excluded codes' whole-index counts (`allCounts`, the
 * set's `_all` counts; their sum bounds the side from above) are at most half of the index's `total` records.
 */
export function excludedSideIsSmall(excluded: readonly string[], allCounts: Record<string, number> | undefined, total: number): boolean {
  const bound = excluded.reduce((sum, code) => sum + (allCounts?.[code] ?? 0), 0);
  return bound * 2 <= total;
}
