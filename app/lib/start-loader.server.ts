/**
 * The server side of the start page (spec §1; issue 48 point 6): the industry grid's SNI sections with their company
 * counts, and the page's one search (the default company search, its first page with the top-level counts) that feeds
 * the county map and the header's Exportera and Dela. The page is whole before it hydrates, and the browser asks for
 * none of it at start. A part the API could not give is null, and the browser loads that part itself as before (the
 * reference data all together, with errorReload on failure: spec §4 "Start").
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { type SearchPageAnswer, SniAggregationSchema } from "#shared/api-contracts/search-api";
import { emptySearch } from "#shared/search/empty-search";
import { getJson, loadSniSections, runFirstPage } from "./search/search-loader.server";
import type { IndustryCount, StartData } from "./start-data";

function countyCountsOf(answer: SearchPageAnswer): SearchPageAnswer["results"]["aggregations"] {
  const counts = answer.results.aggregations.location_all;
  return counts ? { location_all: counts } : {};
}

async function loadIndustries(context: AppLoadContext, request: Request): Promise<IndustryCount[] | null> {
  const [sections, aggregation] = await Promise.all([
    loadSniSections(context, request),
    getJson(context, request, "/sapi/refdata/sni-aggregation", SniAggregationSchema),
  ]);
  if (!aggregation.ok) return null;
  const counts = new Map(aggregation.value.map((entry) => [entry.code, entry.count]));
  return sections.map(({ code, text }) => ({ code, text, count: counts.get(code) ?? 0 }));
}

export async function loadStartPage(context: AppLoadContext, request: Request): Promise<StartData> {
  const [industries, page] = await Promise.all([
    loadIndustries(context, request).catch(() => null),
    runFirstPage(context, request, emptySearch("COMPANY")),
  ]);
  // Only what the start page reads goes into the page's data: the hit count and the search (Exportera, Dela) and the
  // all-of-Sweden county counts (the map), not the cards or the other counts (35 of its 44 KB).
  const home = page.ok
    ? { ...page.value, results: { ...page.value.results, records: [], aggregations: countyCountsOf(page.value) } }
    : null;
  return { industries, home };
}
