/**
 * Company counts per county for the start-page map: the default company search's all-of-Sweden location counts
 * (POST /sapi/search/page/0 → results.aggregations.location_all), taken from the start page's own search when that is
 * the company search, asked for here only when it is not (worksites chosen). Failing here leaves the map without
 * numbers.
 */
import { startTransition, useEffect, useMemo, useState } from "react";
import { emptySearch } from "#shared/search/empty-search";
import { api } from "./api";
import type { SearchController } from "./search/search-controller";
import type { SearchPageAnswer } from "#shared/api-contracts/search-api";
import type { CodeCounts } from "./refdata-types";
import { useStoreInTransition } from "./transition-store";

const countsOf = (counts: Record<string, number> | undefined): CodeCounts | null => (counts ? new Map(Object.entries(counts)) : null);

export function useCountyCounts(enabled = true): CodeCounts | null {
  const [counts, setCounts] = useState<CodeCounts | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let active = true;
    api
      // Read as the API checked it, as the start page's own search (decision 0063).
      .call<SearchPageAnswer>("/sapi/search/page/0", { method: "POST", body: emptySearch("COMPANY"), retries: 1 })
      .then((page) => active && startTransition(() => setCounts(countsOf(page.results.aggregations.location_all))))
      .catch((error: unknown) => console.warn(JSON.stringify({ level: "warn", msg: "county counts unavailable", error: String(error) })));
    return () => {
      active = false;
    };
  }, [enabled]);
  return counts;
}

/** The map's counts on the start page: from its own search (`home`) for companies, else asked for. */
export function useStartCountyCounts(home: SearchController): CodeCounts | null {
  const state = useStoreInTransition(home.subscribe, home.getState);
  const fromHome = state.search.resultType === "COMPANY";
  const asked = useCountyCounts(!fromHome);
  const counts = fromHome ? state.results?.aggregations.location_all : undefined;
  const own = useMemo(() => countsOf(counts), [counts]);
  return fromHome ? own : asked;
}
