/**
 * Company counts per county for the start-page map: the default company search's all-of-Sweden location counts
 * (POST /sapi/search/page/0 → results.aggregations.location_all), taken from the start page's own search when that is
 * the company search, asked for here only when it is not (worksites chosen). Failing here leaves the map without
 * numbers.
 */
import { useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { emptySearch } from "#shared/search/empty-search";
import { api } from "./api";
import type { SearchController } from "./search/search-controller";
import type { CodeCounts } from "./refdata-schemas";

/** The answer's schema loads with the call, not with the start page (decision 0063). */
const firstPageSchema = () => import("./county-counts-schema").then((schemas) => schemas.FirstPageSchema);

export function useCountyCounts(enabled = true): CodeCounts | null {
  const [counts, setCounts] = useState<CodeCounts | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let active = true;
    api
      .call("/sapi/search/page/0", { method: "POST", body: emptySearch("COMPANY"), schema: firstPageSchema(), retries: 1 })
      .then((page) => active && setCounts(page.results.aggregations.location_all))
      .catch((error: unknown) => console.warn(JSON.stringify({ level: "warn", msg: "county counts unavailable", error: String(error) })));
    return () => {
      active = false;
    };
  }, [enabled]);
  return counts;
}

/** The map's counts on the start page: from its own search (`home`) for companies, else asked for. */
export function useStartCountyCounts(home: SearchController): CodeCounts | null {
  const state = useSyncExternalStore(home.subscribe, home.getState, home.getState);
  const fromHome = state.search.resultType === "COMPANY";
  const asked = useCountyCounts(!fromHome);
  const counts = fromHome ? state.results?.aggregations.location_all : undefined;
  const own = useMemo(() => (counts ? new Map(Object.entries(counts)) : null), [counts]);
  return fromHome ? own : asked;
}
