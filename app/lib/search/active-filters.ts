/**
 * How many filters of the sidebar are active (issue 29: the narrow screen's "Filter (3)" button): every chosen or
 * excluded code (industries, places, company forms, fiscal years, size classes), every range and yes/no filter, and each match
 * option turned on; the same numbers the sidebar's group badges add up to.
 */
import { BOOL_FILTER_NAMES, CODE_SET_NAMES, RANGE_FIELD_NAMES } from "#shared/search/search-fields";
import type { Search } from "#shared/search/search-schema";

export function activeFilterCount(search: Search): number {
  const codes = CODE_SET_NAMES.reduce(
    (sum, name) => sum + (search.codeSet[name]?.length ?? 0) + (search.excludeCodeSet[name]?.length ?? 0),
    0,
  );
  const ranges = RANGE_FIELD_NAMES.filter((field) => search.range[field] !== undefined).length;
  const bools = BOOL_FILTER_NAMES.filter((name) => search.bool[name] !== undefined).length;
  const matchOptions = (search.bool.useMainSni ? 0 : 1) + (search.bool.useLocation ? 0 : 1);
  return codes + ranges + bools + matchOptions;
}
