/**
 * Company counts per county for the start-page map: the default search's all-of-Sweden location counts
 * (POST /sapi/search/page/0 → results.aggregations.location_all). Failing here leaves the map without numbers.
 */
import { useEffect, useState } from "react";
import { z } from "zod";
import { emptySearch } from "#shared/search/empty-search";
import { api } from "./api";
import { type CodeCounts, CodeCountsSchema } from "./refdata-schemas";

const FirstPageSchema = z.object({
  results: z.object({ aggregations: z.object({ location_all: CodeCountsSchema }).loose() }).loose(),
});

export function useCountyCounts(enabled = true): CodeCounts | null {
  const [counts, setCounts] = useState<CodeCounts | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let active = true;
    api
      .call("/sapi/search/page/0", { method: "POST", body: emptySearch("COMPANY"), schema: FirstPageSchema, retries: 1 })
      .then((page) => active && setCounts(page.results.aggregations.location_all))
      .catch((error: unknown) => console.warn(JSON.stringify({ level: "warn", msg: "county counts unavailable", error: String(error) })));
    return () => {
      active = false;
    };
  }, [enabled]);
  return counts;
}
