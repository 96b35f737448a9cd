/** The Elasticsearch reindex flow against a fake cluster: new indices, bulk load, count check, one alias swap, cleanup. */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SqlStore } from "../../scripts/reindex/local-loader";
import { reindexElasticsearchWithMonitoring } from "../../scripts/reindex/reindex-elasticsearch";
import { createEsClient } from "../../search-index/elasticsearch/es-backend";
import { esNames } from "../../search-index/elasticsearch/es-fields";
import { reindexIntoElasticsearch } from "../../search-index/elasticsearch/es-reindex";
import { fixtureCompanies, fixtureWorksites } from "../fixtures/search/fixture-dataset";
import { type FakeRequest, startFakeElasticsearch } from "./fake-elasticsearch";
import { FakeCluster } from "./fake-es-cluster";

const source = {
  async *companies() {
    yield* fixtureCompanies();
  },
  async *worksites() {
    yield* fixtureWorksites();
  },
};

/** A cluster holding v0 (stale) and v1 (live); `countOffset` makes the new indices miscount. */
function cluster(countOffset = 0) {
  const docs = new Map<string, Record<string, unknown>[]>();
  return (request: FakeRequest) => {
    const { method, path } = request;
    if (method === "GET" && path.startsWith("/companies_v*,worksites_v*"))
      return { body: { companies_v0: {}, worksites_v0: {}, companies_v1: {}, worksites_v1: {} } };
    if (method === "HEAD" && path === "/_alias/companies") return { body: {} };
    if (method === "GET" && path === "/_alias/companies") return { body: { companies_v1: { aliases: { companies: {} } } } };
    if (method === "POST" && path === "/_bulk") {
      const lines = request.body as Record<string, { _index: string; _id: string }>[];
      const items = [];
      for (let i = 0; i < lines.length; i += 2) {
        const action = lines[i]?.index as { _index: string };
        docs.set(action._index, [...(docs.get(action._index) ?? []), lines[i + 1] as Record<string, unknown>]);
        items.push({ index: { _index: action._index, status: 201 } });
      }
      return { body: { took: 1, errors: false, items } };
    }
    if (path.endsWith("/_count")) return { body: { count: (docs.get(path.split("/")[1] ?? "")?.length ?? 0) + countOffset } };
    return { body: { acknowledged: true } };
  };
}

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

describe("Elasticsearch reindex", () => {
  it("builds v2 beside v1, checks the counts, swaps both aliases in one request and deletes v0", async () => {
    const fake = await startFakeElasticsearch(cluster());
    close = fake.close;
    const result = await reindexIntoElasticsearch(
      createEsClient({ ELASTICSEARCH_URL: fake.url, ELASTICSEARCH_DIALECT: "elasticsearch" }),
      source,
    );
    expect(result).toEqual({
      version: 2,
      previousVersion: 1,
      companies: 40,
      worksites: 47,
      removedIndices: ["companies_v0", "worksites_v0"],
    });
    const calls = fake.requests.map((r) => `${r.method} ${r.path}`).filter((c) => !c.endsWith("/_bulk"));
    expect(calls).toEqual([
      "GET /companies_v*,worksites_v*",
      "HEAD /_alias/companies",
      "GET /_alias/companies",
      "PUT /companies_v2",
      "PUT /worksites_v2",
      "GET /companies_v2,worksites_v2/_refresh",
      "PUT /companies_v2,worksites_v2/_settings",
      "GET /companies_v2/_count",
      "GET /worksites_v2/_count",
      "POST /_aliases",
      "DELETE /companies_v0,worksites_v0",
    ]);
    expect(fake.requests.find((r) => r.path === "/_aliases")?.body).toEqual({
      actions: [
        { remove: { index: "companies_v1", alias: "companies", must_exist: true } },
        { add: { index: "companies_v2", alias: "companies" } },
        { remove: { index: "worksites_v1", alias: "worksites", must_exist: true } },
        { add: { index: "worksites_v2", alias: "worksites" } },
      ],
    });
    const created = fake.requests.find((r) => r.path === "/companies_v2") as FakeRequest;
    expect(created.body).toMatchObject({
      mappings: { dynamic: "strict" },
      settings: { analysis: { analyzer: { swedish_name: { tokenizer: "standard" } } } },
    });
    const bulk = fake.requests.filter((r) => r.path === "/_bulk").flatMap((r) => r.body as Record<string, unknown>[]);
    const alfa = bulk.find((doc) => doc.orgSeqNo === 1 && "detail" in doc) as Record<string, unknown>;
    expect(alfa).toMatchObject({
      id: 1,
      nameWords: ["alfa", "data", "ab"],
      sniMain: ["J", "62", "620", "6201", "62010"],
      placeAll: ["01", "0180", "14", "1480", "12", "1280"],
      limited: true,
    });
  });

  it("leaves the live version alone and removes the new indices when the count check fails", async () => {
    const fake = await startFakeElasticsearch(cluster(-1));
    close = fake.close;
    await expect(
      reindexIntoElasticsearch(createEsClient({ ELASTICSEARCH_URL: fake.url, ELASTICSEARCH_DIALECT: "elasticsearch" }), source),
    ).rejects.toThrow(/expected 40 and 47/);
    const calls = fake.requests.map((r) => `${r.method} ${r.path}`);
    expect(calls).not.toContain("POST /_aliases");
    expect(calls.at(-1)).toBe("DELETE /companies_v2,worksites_v2");
  });

  it("keeps the new version serving when a step after the alias swap fails", async () => {
    const cluster = new FakeCluster();
    const fake = await startFakeElasticsearch(cluster.handle);
    close = fake.close;
    const failing = reindexIntoElasticsearch(
      createEsClient({ ELASTICSEARCH_URL: fake.url, ELASTICSEARCH_DIALECT: "elasticsearch" }),
      source,
      () => {},
      esNames(),
      {
        afterSwap: () => Promise.reject(new Error("after the swap")),
      },
    );
    await expect(failing).rejects.toThrow("after the swap");
    expect([...cluster.indices.keys()].sort()).toEqual(["companies_v1", "worksites_v1"]);
    expect(cluster.indices.get("companies_v1")?.aliases).toEqual(new Set(["companies"]));
  });

  it("reports a failing Bevakning step and still swaps (the search index matters more than one night's alerts)", async () => {
    const cluster = new FakeCluster();
    const fake = await startFakeElasticsearch(cluster.handle);
    close = fake.close;
    const down = () => Promise.reject(new Error("app database unavailable"));
    const store: SqlStore = { sql: down, insertValues: down };
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const result = await reindexElasticsearchWithMonitoring(
      createEsClient({ ELASTICSEARCH_URL: fake.url, ELASTICSEARCH_DIALECT: "elasticsearch" }),
      source,
      {
        names: esNames(),
        store,
      },
    );
    expect(result).toMatchObject({ version: 1, percolator: { error: "app database unavailable" }, changes: null });
    expect(logged).toHaveBeenCalledWith(expect.stringContaining("Bevakning percolator resync failed"));
    logged.mockRestore();
    expect(cluster.indices.get("companies_v1")?.aliases).toEqual(new Set(["companies"]));
  });

  it("treats a live index without change hashes as having no hashes: nothing staged, reported, and the next run compares", async () => {
    const cluster = new FakeCluster();
    const fake = await startFakeElasticsearch(cluster.handle);
    close = fake.close;
    const client = createEsClient({ ELASTICSEARCH_URL: fake.url, ELASTICSEARCH_DIALECT: "elasticsearch" });
    // An app database without Bevakning's tables: the percolator resync and the staging have nothing to do.
    const store: SqlStore = { sql: async <Row>() => [[]] as Row[][], insertValues: async () => ({ rows: 0 }) };
    const options = { names: esNames(), store };
    const info = vi.spyOn(console, "log").mockImplementation(() => {});
    await reindexElasticsearchWithMonitoring(client, source, options);
    // v1 as an index built before `changeHash` existed: its documents carry only the source hash.
    const v1 = cluster.indices.get("companies_v1");
    expect(v1?.docs.size).toBe(40);
    for (const doc of v1?.docs.values() ?? []) {
      expect(doc).toHaveProperty("changeHash");
      delete doc.changeHash;
    }
    const second = await reindexElasticsearchWithMonitoring(client, source, options);
    expect(second).toMatchObject({
      version: 2,
      percolator: { stored: 0, deleted: 0 },
      changes: { error: expect.stringMatching(/companies_v1 has documents without a change hash/) },
    });
    expect(cluster.indices.get("companies_v2")?.aliases).toEqual(new Set(["companies"]));
    // v2 has change hashes: the same source again is no change at all (the worksites are hashed alike on both sides).
    const third = await reindexElasticsearchWithMonitoring(client, source, options);
    expect(third).toMatchObject({ version: 3, changes: { added: 0, removed: 0, changed: 0 } });
    info.mockRestore();
  });
});
