/**
 * The start page's loader (decision 0070) against a stand-in for the API's service binding: what it keeps of the
 * page's search, the grid's counts, and the parts it leaves to the browser when the API refuses them.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { SearchPageAnswerSchema } from "#shared/api-contracts/search-api";
import { emptySearch } from "#shared/search/empty-search";

const TREE = [
  { code: "A", text: "Jordbruk, skogsbruk och fiske", children: [{ code: "01", text: "Jordbruk", children: [] }] },
  { code: "C", text: "Tillverkning", children: [] },
];
const AGGREGATION = [
  { code: "A", text: "Jordbruk, skogsbruk och fiske", count: 1_234 },
  { code: "C", text: "Tillverkning", count: 56 },
];
const ANSWER = SearchPageAnswerSchema.parse({
  results: {
    type: "COMPANY",
    hitCount: 1_290,
    records: [],
    aggregations: { sni: { A: 1_234, C: 56 }, sni_all: { A: 1_234, "01": 1_000, C: 56 }, location_all: { "01": 900, "12": 390 } },
    nameForOrgSeqNo: null,
  },
  page: 0,
  search: emptySearch("COMPANY"),
  serializedSearch: "je30",
  requestId: null,
  response: { serverRequestId: "r-1" },
  indexVersion: 3,
  allCounts: "included",
  facetLevels: "top",
});

function contextAnswering(answer: (path: string) => Response): { context: AppLoadContext; paths: string[] } {
  const paths: string[] = [];
  const fetch = vi.fn(async (url: string) => {
    const path = new URL(url).pathname + new URL(url).search;
    paths.push(path);
    return answer(path);
  });
  return { context: { cloudflare: { env: { API: { fetch } } } } as unknown as AppLoadContext, paths };
}

const json = (value: unknown) => new Response(JSON.stringify(value), { headers: { "Content-Type": "application/json" } });
const refused = () =>
  new Response(JSON.stringify({ type: "ERROR", code: "TERMS_NOT_ACCEPTED", message: "x", requestId: "r" }), { status: 403 });

function apiAnswer(path: string): Response {
  if (path === "/sapi/refdata/sni-tree") return json(TREE);
  if (path === "/sapi/refdata/location-tree") return json([{ code: "01", text: "Stockholms län", children: [] }]);
  if (path === "/sapi/refdata/sni-aggregation") return json(AGGREGATION);
  if (path.startsWith("/sapi/refdata/")) return json([{ code: "x", text: "x" }]);
  if (path === "/sapi/search/page/0?facets=top") return json(ANSWER);
  return new Response("not found", { status: 404 });
}

const request = () => new Request("https://urval.example/", { headers: { Cookie: "session=1" } });

describe("the start page's loader", () => {
  // The sections' cache lives in the module: each case loads it afresh.
  beforeEach(() => vi.resetModules());

  it("gives the grid's sections with their counts and the search as far as the page reads it", async () => {
    const { loadStartPage } = await import("./start-loader.server");
    const { context, paths } = contextAnswering(apiAnswer);
    const start = await loadStartPage(context, request());
    expect(start.industries).toEqual([
      { code: "A", text: "Jordbruk, skogsbruk och fiske", count: 1_234 },
      { code: "C", text: "Tillverkning", count: 56 },
    ]);
    expect(start.home?.results.hitCount).toBe(1_290);
    expect(start.home?.serializedSearch).toBe("je30");
    expect(start.home?.results.records).toEqual([]);
    expect(start.home?.results.aggregations).toEqual({ location_all: { "01": 900, "12": 390 } });
    expect(paths).toContain("/sapi/search/page/0?facets=top");
  });

  it("leaves to the browser what the API refused: the reference data and the search alike", async () => {
    const { loadStartPage } = await import("./start-loader.server");
    expect(await loadStartPage(contextAnswering(refused).context, request())).toEqual({ industries: null, home: null });
    // Only the counts refused: the grid is left to the browser, the search is still the server's.
    const { context } = contextAnswering((path) => (path === "/sapi/refdata/sni-aggregation" ? refused() : apiAnswer(path)));
    const start = await loadStartPage(context, request());
    expect(start.industries).toBeNull();
    expect(start.home?.results.hitCount).toBe(1_290);
  });
});
