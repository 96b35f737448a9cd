/**
 * The search screen's loader against a stand-in for the API's service binding (decision 0071): what the page's data
 * keeps of the all-of-Sweden counts and of the place tree.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { SearchPageAnswerSchema } from "#shared/api-contracts/search-api";
import { emptySearch } from "#shared/search/empty-search";
import { serializeSearch } from "#shared/search/search-serialize";
import { companyRecord } from "#tests/support/xlsx/sample-records";

const node = (code: string, text: string, children: { code: string; text: string; children: unknown[] }[] = []) => ({
  code,
  text,
  children,
});
const PLACES = [
  node("01", "Stockholms län", [node("0180", "Stockholm"), node("0114", "Upplands Väsby")]),
  node("12", "Skåne län", [node("1280", "Malmö")]),
  node("25", "Norrbottens län", [node("2584", "Kiruna")]),
];
const SEARCH = { ...emptySearch(), codeSet: { location: ["0180"] }, excludeCodeSet: { location: ["1280"] } };
const ANSWER = SearchPageAnswerSchema.parse({
  results: {
    type: "COMPANY",
    hitCount: 1_290,
    records: [1, 2, 3].map((i) => ({ ...companyRecord(i), orgSeqNo: 100 + i })),
    aggregations: {
      sni: { A: 1_234 },
      sni_all: { A: 5_000, "01": 4_000, "011": 3_000, C: 800 },
      location: { "01": 900, "0180": 700 },
      location_all: { "01": 9_000, "0180": 7_000, "0114": 2_000, "12": 3_900, "1280": 3_000, "25": 800, "2584": 500 },
      companyForm: { "49": 1_000 },
      companyForm_all: { "49": 9_000, "31": 100 },
    },
    nameForOrgSeqNo: null,
  },
  page: 0,
  search: SEARCH,
  serializedSearch: serializeSearch(SEARCH),
  requestId: null,
  response: { serverRequestId: "r-1" },
  indexVersion: 3,
  allCounts: "included",
  facetLevels: "top",
});

function contextAnswering(answer: (path: string) => Response): AppLoadContext {
  const fetch = vi.fn(async (url: string) => answer(new URL(url).pathname + new URL(url).search));
  return { cloudflare: { env: { API: { fetch } } } } as unknown as AppLoadContext;
}

const json = (value: unknown) => new Response(JSON.stringify(value), { headers: { "Content-Type": "application/json" } });

function apiAnswer(path: string): Response {
  if (path === "/sapi/refdata/sni-tree") return json([node("A", "Jordbruk, skogsbruk och fiske"), node("C", "Tillverkning")]);
  if (path === "/sapi/refdata/location-tree") return json(PLACES);
  if (path.startsWith("/sapi/refdata/")) return json([{ code: "x", text: "x" }]);
  if (path === "/sapi/search/page/0?facets=top") return json(ANSWER);
  if (path === "/sapi/monitoring/companies") return json({ orgSeqNos: [7, 103, 101, 999] });
  return new Response("not found", { status: 404 });
}

const request = () => new Request(`https://urval.example/sok?vad=${serializeSearch(SEARCH)}`, { headers: { Cookie: "session=1" } });

describe("the search screen's loader", () => {
  // The reference data's cache lives in the module: each case loads it afresh.
  beforeEach(() => vi.resetModules());

  it("keeps of the all-of-Sweden counts what the sidebar shows, marked as not whole", async () => {
    const { loadInitialSearch } = await import("./search-loader.server");
    const initial = await loadInitialSearch(contextAnswering(apiAnswer), request());
    const aggregations = initial.answer?.results.aggregations;
    expect(aggregations?.sni_all).toEqual({ A: 5_000, C: 800 });
    expect(aggregations?.location_all).toEqual({ "01": 9_000, "0180": 7_000, "12": 3_900, "1280": 3_000, "25": 800 });
    // The own counts, the flat sets' counts and the records are the API's.
    expect(aggregations?.location).toEqual({ "01": 900, "0180": 700 });
    expect(aggregations?.companyForm_all).toEqual({ "49": 9_000, "31": 100 });
    expect(initial.answer?.results.hitCount).toBe(1_290);
    // "omitted": the browser does not hold these as the whole counts (held-all-counts.ts).
    expect(initial.answer?.allCounts).toBe("omitted");
  });

  it("gives the counties, and below them only the places on the way to the search's own", async () => {
    const { loadInitialSearch } = await import("./search-loader.server");
    const initial = await loadInitialSearch(contextAnswering(apiAnswer), request());
    expect(initial.refdata?.locationTreeWhole).toBe(false);
    expect(initial.refdata?.locationTree).toEqual([
      node("01", "Stockholms län", [node("0180", "Stockholm")]),
      node("12", "Skåne län", [node("1280", "Malmö")]),
      node("25", "Norrbottens län"),
    ]);
  });

  it("gives the first page's companies the user watches, or nothing when the API refuses the list", async () => {
    const { loadInitialSearch } = await import("./search-loader.server");
    expect((await loadInitialSearch(contextAnswering(apiAnswer), request())).watched).toEqual([101, 103]);
    const refusing = (path: string) => (path === "/sapi/monitoring/companies" ? new Response("{}", { status: 403 }) : apiAnswer(path));
    const initial = await loadInitialSearch(contextAnswering(refusing), request());
    expect(initial.watched).toBeNull();
    expect(initial.answer?.results.hitCount).toBe(1_290);
  });
});
