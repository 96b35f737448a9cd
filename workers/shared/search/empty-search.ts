/**
 * The empty search of a result type: no constraints, default sort; what SearchSchema makes of `{ resultType }`
 * (empty-search.test.ts holds them equal), built without zod for the browser's first load (decision 0063).
 */
import type { ResultType } from "./search-fields";
import type { Search } from "./search-schema";
import { DEFAULT_SORT } from "./search-values";

export function emptySearch(resultType: ResultType = "COMPANY"): Search {
  return {
    resultType,
    text: null,
    numeric: {},
    range: {},
    bool: { useMainSni: true, useLocation: true },
    codeSet: {},
    excludeCodeSet: {},
    numSet: {},
    sort: DEFAULT_SORT.map((entry) => ({ ...entry })),
  };
}
