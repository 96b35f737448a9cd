/**
 * Bevakning's percolator on Elasticsearch (docs/decisions/0024) against the fake cluster: the requests we send (index
 * creation, resync, percolate) have the documented shapes and pass the strict mappings, and a saved search's stored
 * query matches exactly the companies the same search finds on the embedded backend (random searches, every fixture
 * company percolated in small batches over paged answers); the fallback without a percolator (batched searches on
 * the company index) finds the same matches.
 */
import type { Client } from "@elastic/elasticsearch";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getSavedSearchIndex } from "../../search-index";
import { createEsClient } from "../../search-index/elasticsearch/es-backend";
import { companyDocument } from "../../search-index/elasticsearch/es-documents";
import { esNames } from "../../search-index/elasticsearch/es-fields";
import { COMPANY_MAPPINGS } from "../../search-index/elasticsearch/es-mappings";
import { searchCompaniesBatched } from "../../search-index/elasticsearch/es-batched-search";
import { buildPercolatorQuery } from "../../search-index/elasticsearch/es-query";
import {
  percolateCompanies,
  resyncSavedSearches,
  SAVED_SEARCH_MAPPINGS,
  type SavedSearchEntry,
} from "../../search-index/elasticsearch/es-saved-searches";
import { parseSearch } from "../../search-index/search-model";
import { candidateBackend, matchingIds } from "../../scripts/reindex/monitoring-candidates";
import { fixtureCompanies, fixtureWorksites } from "../fixtures/search/fixture-dataset";
import { type FakeRequest, startFakeElasticsearch } from "./fake-elasticsearch";
import { FakeCluster } from "./fake-es-cluster";
import { searchArb } from "./property-cases";

const names = esNames("t_");
const companies = fixtureCompanies();
const worksites = fixtureWorksites();

/** The fixture's company documents as the reindex indexes them. */
function companyDocuments() {
  const places = new Map<number, string[]>();
  for (const w of worksites) places.set(w.orgSeqNo, [...(places.get(w.orgSeqNo) ?? []), w.municipalityCode]);
  return companies.map((c) => companyDocument(c, places.get(c.orgSeqNo) ?? []) as unknown as Record<string, unknown>);
}

let fake: Awaited<ReturnType<typeof startFakeElasticsearch>>;
let cluster: FakeCluster;
let client: Client;

beforeEach(async () => {
  cluster = new FakeCluster();
  fake = await startFakeElasticsearch(cluster.handle);
  client = createEsClient({ ELASTICSEARCH_URL: fake.url, ELASTICSEARCH_DIALECT: "elasticsearch" }, { fetchConnection: false });
});
afterEach(async () => {
  await client.close();
  await fake.close();
});

const entry = (id: string, input: Parameters<typeof parseSearch>[0]): SavedSearchEntry => ({
  id,
  userId: "u1",
  search: parseSearch(input),
});
const calls = (requests: FakeRequest[]) => requests.map((r) => `${r.method} ${r.path}`);

describe("saved_searches percolator index: requests", () => {
  it("creates the index with the company fields beside the percolator, writes every query, deletes stale ones", async () => {
    await client.indices.create({ index: names.savedSearches, mappings: SAVED_SEARCH_MAPPINGS as never });
    await client.index({
      index: names.savedSearches,
      id: "gone",
      document: { savedSearchId: "gone", userId: "u0", query: { match_all: {} } },
    });
    fake.requests.length = 0;
    const entries = [entry("s1", { text: "bageri" }), entry("s2", { codeSet: { sni: ["62"] }, bool: { fTax: true } })];
    expect(await resyncSavedSearches(client, names, entries)).toEqual({ stored: 2, deleted: 1 });
    expect(calls(fake.requests)).toEqual([
      "HEAD /t_saved_searches",
      "PUT /t_saved_searches/_mapping",
      "POST /t_saved_searches/_search",
      "POST /_bulk",
      "POST /_bulk",
      "GET /t_saved_searches/_refresh",
    ]);
    expect(fake.requests[1]?.body).toEqual({ properties: SAVED_SEARCH_MAPPINGS.properties });
    expect(fake.requests[2]?.body).toEqual({ size: 1000, _source: false, track_total_hits: false, sort: [{ savedSearchId: "asc" }] });
    expect(fake.requests[3]?.body).toEqual([
      { index: { _index: "t_saved_searches", _id: "s1" } },
      { savedSearchId: "s1", userId: "u1", query: buildPercolatorQuery(entries[0]!.search) },
      { index: { _index: "t_saved_searches", _id: "s2" } },
      { savedSearchId: "s2", userId: "u1", query: buildPercolatorQuery(entries[1]!.search) },
    ]);
    expect(fake.requests[4]?.body).toEqual([{ delete: { _index: "t_saved_searches", _id: "gone" } }]);
    expect([...(cluster.indices.get("t_saved_searches")?.docs.keys() ?? [])].sort()).toEqual(["s1", "s2"]);
  });

  it("percolates documents without their stored fields, in batches, paging the matching searches", async () => {
    await resyncSavedSearches(client, names, [entry("s1", { text: "alfa" }), entry("s2", {}), entry("s3", { codeSet: { sni: ["62"] } })]);
    fake.requests.length = 0;
    const documents = companyDocuments().slice(0, 5);
    const matches = await percolateCompanies(client, names, documents, { batch: 2, page: 2 });
    const percolates = fake.requests.filter((r) => r.path === "/t_saved_searches/_search");
    // 3 batches (2 + 2 + 1 documents), each answered in pages of 2 searches until a short page.
    expect(percolates.length).toBeGreaterThanOrEqual(3);
    const first = percolates[0]?.body as { query: { percolate: { documents: Record<string, unknown>[] } } };
    expect(first).toEqual({
      size: 2,
      _source: false,
      track_total_hits: false,
      query: { percolate: { field: "query", documents: expect.any(Array) } },
      sort: [{ savedSearchId: "asc" }],
    });
    expect(first.query.percolate.documents).toHaveLength(2);
    for (const doc of first.query.percolate.documents) {
      for (const field of ["record", "detail", "source", "sourceHash", "changeHash"]) expect(doc).not.toHaveProperty(field);
      expect(doc).toHaveProperty("nameWords");
    }
    expect(matches.get("s2")).toEqual(new Set(documents.map((d) => d.id)));
  });

  it("the API's index: none on the embedded backend; on Elasticsearch an idempotent put and remove by id", async () => {
    expect(getSavedSearchIndex({} as never)).toBeNull();
    const index = getSavedSearchIndex({
      ELASTICSEARCH_URL: fake.url,
      ELASTICSEARCH_DIALECT: "elasticsearch",
      ELASTICSEARCH_INDEX_PREFIX: "t_",
    } as never);
    const saved = entry("s9", { text: "alfa" });
    await index?.put(saved);
    await index?.put(saved);
    expect(calls(fake.requests)).toEqual([
      "HEAD /t_saved_searches",
      "PUT /t_saved_searches",
      "PUT /t_saved_searches/_doc/s9",
      "HEAD /t_saved_searches",
      "PUT /t_saved_searches/_doc/s9",
    ]);
    expect(fake.requests[1]?.body).toMatchObject({ mappings: SAVED_SEARCH_MAPPINGS, settings: { number_of_shards: 1 } });
    expect(cluster.indices.get("t_saved_searches")?.mappings.properties.query).toEqual({ type: "percolator" });
    expect((await percolateCompanies(client, names, companyDocuments())).get("s9")).toEqual(new Set([1]));
    await index?.remove("s9");
    await index?.remove("s9");
    expect((await percolateCompanies(client, names, companyDocuments())).size).toBe(0);
  });
});

describe("saved_searches percolator index: answers", () => {
  it("a stored search matches exactly the companies the embedded backend finds for it", async () => {
    const inputs = fc.sample(searchArb("COMPANY"), { numRuns: 120, seed: 1616 });
    const entries = inputs.map(({ input }, i) => entry(`s${String(i).padStart(3, "0")}`, { ...input, numSet: {} }));
    await resyncSavedSearches(client, names, entries);
    const matches = await percolateCompanies(client, names, companyDocuments(), { batch: 7, page: 25 });
    const embedded = candidateBackend({ version: 1, companies: new Map(companies.map((c) => [c.orgSeqNo, c])), worksites });
    let nonEmpty = 0;
    for (const { id, search } of entries) {
      const expected = await matchingIds(embedded, search);
      if (expected.size > 0) nonEmpty++;
      expect(
        [...(matches.get(id) ?? [])].sort((a, b) => a - b),
        id,
      ).toEqual([...expected].sort((a, b) => a - b));
    }
    // The sample is not degenerate: most searches match something, and not everything.
    expect(nonEmpty).toBeGreaterThan(entries.length / 3);
  }, 60_000);

  it("the batched searches of the fallback match what the percolator matches, among the candidates only", async () => {
    const inputs = fc.sample(searchArb("COMPANY"), { numRuns: 60, seed: 2424 });
    const entries = inputs.map(({ input }, i) => entry(`b${String(i).padStart(3, "0")}`, { ...input, numSet: {} }));
    await resyncSavedSearches(client, names, entries);
    const documents = companyDocuments();
    await client.indices.create({ index: "t_companies_v1", mappings: COMPANY_MAPPINGS as never });
    await client.bulk({
      refresh: true,
      operations: documents.flatMap((doc) => [{ index: { _index: "t_companies_v1", _id: String(doc.id) } }, doc]),
    });
    const candidates = documents.filter((_, i) => i % 3 !== 0);
    const percolated = await percolateCompanies(client, names, candidates);
    const ids = candidates.map((doc) => Number(doc.id));
    const batched = await searchCompaniesBatched(client, "t_companies_v1", entries, ids, { chunk: 11, searches: 7 });
    const sorted = (matches: Map<string, Set<number>>) => [...matches].map(([id, set]) => [id, [...set].sort((a, b) => a - b)]).sort();
    expect(sorted(batched)).toEqual(sorted(percolated));
    expect(batched.size).toBeGreaterThan(entries.length / 3);
  }, 60_000);
});
