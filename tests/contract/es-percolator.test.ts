/**
 * Bevakning's percolator on the real cluster of the test run (docs/decisions/0024): the saved searches' index is made
 * with the company fields beside the percolator and kept holding exactly the app database's searches, the API's
 * put and remove are idempotent, and a stored query matches exactly the companies the same search finds on the
 * embedded backend (random searches, every fixture company percolated in small batches over paged answers); the
 * fallback without a percolator (batched searches on the company index) finds the same matches.
 */
import type { Client } from "@elastic/elasticsearch";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { candidateBackend, matchingIds } from "#search-index/indexing/monitoring/embedded-source";
import { getSavedSearchIndex } from "#search-index";
import { companyDocument } from "#search-index/indexing/elasticsearch/es-documents";
import { searchCompaniesBatched } from "#search-index/indexing/elasticsearch/es-batched-search";
import { COMPANY_MAPPINGS, INDEX_SETTINGS } from "#search-index/elasticsearch/es-mappings";
import {
  percolateCompanies,
  resyncSavedSearches,
  SAVED_SEARCH_MAPPINGS,
  SAVED_SEARCH_SETTINGS,
  savedSearchDocument,
  type SavedSearchEntry,
} from "#search-index/elasticsearch/es-saved-searches";
import { parseSearch } from "#search-index/search-model";
import { fixtureCompanies, fixtureWorksites } from "../fixtures/search/fixture-dataset";
import { clusterEnv } from "../cluster/search-cluster";
import { clusterClient, dropIndices, indicesUnder } from "./support/es-cluster-helpers";
import { searchArb } from "./support/property-cases";

const PREFIX = "urval_perc_";
const companies = fixtureCompanies();
const worksites = fixtureWorksites();
const clients: Client[] = [];

beforeAll(() => dropIndices(PREFIX));
afterAll(async () => {
  await dropIndices(PREFIX);
  await Promise.all(clients.map((client) => client.close()));
});

/** A client and names under a prefix of the test's own. */
function cluster(name: string) {
  const made = clusterClient(`${PREFIX}${name}_`);
  clients.push(made.client);
  return { ...made, prefix: `${PREFIX}${name}_` };
}

/** The fixture's company documents as the reindex indexes them. */
function companyDocuments() {
  const places = new Map<number, string[]>();
  for (const w of worksites) places.set(w.orgSeqNo, [...(places.get(w.orgSeqNo) ?? []), w.municipalityCode]);
  return companies.map((c) => companyDocument(c, places.get(c.orgSeqNo) ?? []) as unknown as Record<string, unknown>);
}

const entry = (id: string, input: Parameters<typeof parseSearch>[0]): SavedSearchEntry => ({
  id,
  userId: "u1",
  search: parseSearch(input),
});

/** Every stored saved search by id, as the index holds it. */
async function storedSearches(client: Client, index: string) {
  const response = await client.search<Record<string, unknown>>({ index, size: 100, sort: [{ savedSearchId: "asc" }] });
  return Object.fromEntries(response.hits.hits.map((hit) => [hit._id, hit._source]));
}

const ids = (matches: Map<string, Set<number>>, id: string) => [...(matches.get(id) ?? [])].sort((a, b) => a - b);

describe("saved_searches percolator index on the cluster", () => {
  it("adds the company fields to an older index beside the percolator, writes every query and deletes stale ones", async () => {
    const { client, names } = cluster("resync");
    // An index from before the company mapping gained fields (here: the address and people text, every place and the
    // change hash).
    const { address: _address, people: _people, placeAll: _places, changeHash: _hash, ...older } = SAVED_SEARCH_MAPPINGS.properties;
    const mappings = { dynamic: "strict", properties: older };
    await client.indices.create({ index: names.savedSearches, settings: SAVED_SEARCH_SETTINGS as never, mappings: mappings as never });
    await client.index({
      index: names.savedSearches,
      id: "gone",
      refresh: true,
      document: { savedSearchId: "gone", userId: "u0", query: { match_all: {} } },
    });
    const entries = [
      entry("s1", { codeSet: { sni: ["62"] }, bool: { fTax: true } }),
      entry("s2", { range: { turnover: "10000000_" } }),
      // Exclusion ("Uteslut", issue 46): a municipality out of its county, an industry out of everything.
      entry("s3", { codeSet: { location: ["01"] }, excludeCodeSet: { location: ["0180"], sni: ["62"] } }),
    ];
    expect(await resyncSavedSearches(client, names, entries)).toEqual({ stored: 3, deleted: 1 });
    expect(await storedSearches(client, names.savedSearches)).toEqual({
      s1: savedSearchDocument(entries[0]!),
      s2: savedSearchDocument(entries[1]!),
      s3: savedSearchDocument(entries[2]!),
    });
    const mapping = (await client.indices.getMapping({ index: names.savedSearches }))[names.savedSearches]?.mappings.properties ?? {};
    expect(Object.keys(mapping).sort()).toEqual(Object.keys(SAVED_SEARCH_MAPPINGS.properties).sort());
    expect(mapping.query).toEqual({ type: "percolator" });
    const matches = await percolateCompanies(client, names, companyDocuments());
    for (const { id, search } of entries)
      expect(ids(matches, id)).toEqual([...(await matchingIds(embedded(), search))].sort((a, b) => a - b));
    expect(ids(matches, "s3").length).toBeGreaterThan(0);
  });

  it("percolates in batches over paged answers and finds what one request finds", async () => {
    const { client, names } = cluster("paging");
    const entries = [
      entry("s1", { text: "alfa" }),
      entry("s2", {}),
      entry("s3", { codeSet: { sni: ["62"] } }),
      entry("s4", { bool: { fTax: true } }),
    ];
    await resyncSavedSearches(client, names, entries);
    const documents = companyDocuments();
    // 40 documents in batches of 3, answers in pages of 2 of the 4 searches: 14 batches, most answered in several pages.
    const paged = await percolateCompanies(client, names, documents, { batch: 3, page: 2 });
    const whole = await percolateCompanies(client, names, documents);
    expect([...paged.keys()].sort()).toEqual(["s1", "s2", "s3", "s4"]);
    for (const id of paged.keys()) expect(ids(paged, id)).toEqual(ids(whole, id));
    expect(ids(paged, "s2")).toEqual(documents.map((d) => Number(d.id)).sort((a, b) => a - b));
  });

  it("the API's index: none on the embedded backend; on Elasticsearch an idempotent put and remove by id", async () => {
    expect(getSavedSearchIndex({} as never)).toBeNull();
    const { client, names, prefix } = cluster("api");
    const index = getSavedSearchIndex(clusterEnv(prefix) as never);
    const saved = entry("s9", { text: "alfa" });
    await index?.put(saved);
    await index?.put(saved);
    expect(await indicesUnder(client, prefix)).toEqual([names.savedSearches]);
    const settings = (await client.indices.getSettings({ index: names.savedSearches }))[names.savedSearches]?.settings?.index;
    expect(settings?.number_of_shards).toBe("1");
    const mapping = (await client.indices.getMapping({ index: names.savedSearches }))[names.savedSearches]?.mappings;
    expect(mapping).toMatchObject({ dynamic: "strict", properties: { query: { type: "percolator" } } });
    const stored = await client.get({ index: names.savedSearches, id: "s9" });
    expect(stored).toMatchObject({ _version: 2, _source: savedSearchDocument(saved) });
    await client.indices.refresh({ index: names.savedSearches });
    expect(ids(await percolateCompanies(client, names, companyDocuments()), "s9")).toEqual([1]);
    await index?.remove("s9");
    await index?.remove("s9");
    await client.indices.refresh({ index: names.savedSearches });
    expect((await percolateCompanies(client, names, companyDocuments())).size).toBe(0);
    expect(await client.exists({ index: names.savedSearches, id: "s9" })).toBe(false);
  });
});

/** The embedded backend over the fixture, as Bevakning's step uses it (build/monitoring/embedded-source.ts). */
const embedded = () => candidateBackend({ version: 1, companies: new Map(companies.map((c) => [c.orgSeqNo, c])), worksites });

describe("saved_searches percolator index on the cluster: answers", () => {
  it("a stored search matches exactly the companies the embedded backend finds for it", async () => {
    const { client, names } = cluster("random");
    const inputs = fc.sample(searchArb("COMPANY"), { numRuns: 120, seed: 1616 });
    const entries = inputs.map(({ input }, i) => entry(`s${String(i).padStart(3, "0")}`, { ...input, numSet: {} }));
    await resyncSavedSearches(client, names, entries);
    const matches = await percolateCompanies(client, names, companyDocuments(), { batch: 7, page: 25 });
    const backend = embedded();
    let nonEmpty = 0;
    for (const { id, search } of entries) {
      const expected = await matchingIds(backend, search);
      if (expected.size > 0) nonEmpty++;
      expect(ids(matches, id), id).toEqual([...expected].sort((a, b) => a - b));
    }
    // The sample is not degenerate: most searches match something, and not everything.
    expect(nonEmpty).toBeGreaterThan(entries.length / 3);
  });

  it("the batched searches of the fallback match what the percolator matches, among the candidates only", async () => {
    const { client, names } = cluster("batched");
    const inputs = fc.sample(searchArb("COMPANY"), { numRuns: 60, seed: 2424 });
    const entries = inputs.map(({ input }, i) => entry(`b${String(i).padStart(3, "0")}`, { ...input, numSet: {} }));
    await resyncSavedSearches(client, names, entries);
    const documents = companyDocuments();
    const index = names.index("COMPANY", 1);
    await client.indices.create({ index, settings: INDEX_SETTINGS as never, mappings: COMPANY_MAPPINGS as never });
    await client.bulk({ refresh: true, operations: documents.flatMap((doc) => [{ index: { _index: index, _id: String(doc.id) } }, doc]) });
    const candidates = documents.filter((_, i) => i % 3 !== 0);
    const percolated = await percolateCompanies(client, names, candidates);
    const batched = await searchCompaniesBatched(
      client,
      index,
      entries,
      candidates.map((doc) => Number(doc.id)),
      { chunk: 11, searches: 7 },
    );
    const sorted = (matches: Map<string, Set<number>>) => [...matches].map(([id, set]) => [id, [...set].sort((a, b) => a - b)]).sort();
    expect(sorted(batched)).toEqual(sorted(percolated));
    expect(batched.size).toBeGreaterThan(entries.length / 3);
  });
});
