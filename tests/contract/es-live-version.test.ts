/**
 * The Elasticsearch backend as the workers get it (getSearchBackend with ELASTICSEARCH_URL), against the stateful
 * fake cluster: each request is pinned to the concrete indices the aliases named when it began (one version per
 * answer, info() without requests of its own), and a request whose indices a later reindex deleted runs again on the
 * live version, or asks its caller to start over once it has reported the old version.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getSearchBackend, IndexVersionMovedError, onOneVersion } from "../../search-index";
import { createEsClient } from "../../search-index/elasticsearch/es-backend";
import { reindexIntoElasticsearch } from "../../search-index/elasticsearch/es-reindex";
import type { CompanySourceRecord } from "../../search-index/records";
import { fixtureCompanies, fixtureWorksites } from "../fixtures/search/fixture-dataset";
import { type FakeRequest, startFakeElasticsearch } from "./fake-elasticsearch";
import { FakeCluster } from "./fake-es-cluster";

const cluster = new FakeCluster();
const requests: FakeRequest[] = [];
let fake: Awaited<ReturnType<typeof startFakeElasticsearch>>;
let env: { ELASTICSEARCH_URL: string; ELASTICSEARCH_DIALECT: string; SEARCH_DB: D1Database; SEARCH_INDEX: R2Bucket };

function reindex(companies: CompanySourceRecord[]) {
  const ids = new Set(companies.map((company) => company.orgSeqNo));
  const client = createEsClient({ ELASTICSEARCH_URL: fake.url, ELASTICSEARCH_DIALECT: "elasticsearch" }, { fetchConnection: false });
  return reindexIntoElasticsearch(client, {
    async *companies() {
      yield* companies;
    },
    async *worksites() {
      yield* fixtureWorksites().filter((worksite) => ids.has(worksite.orgSeqNo));
    },
  }).finally(() => client.close());
}

/** The fixture's companies the backend's version knows (the versions below hold 40, 30, 20, 10 and 5 of them). */
const knownCompanies = async (backend: Awaited<ReturnType<typeof getSearchBackend>>) =>
  (await backend.resolveOrgNumbers(fixtureCompanies().map((company) => company.orgNo))).found;

beforeAll(async () => {
  fake = await startFakeElasticsearch((request) => {
    requests.push(request);
    return cluster.handle(request);
  });
  env = { ELASTICSEARCH_URL: fake.url, ELASTICSEARCH_DIALECT: "elasticsearch", SEARCH_DB: null as never, SEARCH_INDEX: null as never };
  await reindex(fixtureCompanies());
});
afterAll(() => fake.close());

describe("Elasticsearch requests pinned to one version", () => {
  it("reads the concrete indices the aliases named, and info() costs no request", async () => {
    const backend = await getSearchBackend(env);
    requests.length = 0;
    expect(await backend.info()).toMatchObject({ backend: "elasticsearch", version: 1, companies: 40, worksites: 47 });
    expect(requests).toHaveLength(0);
    expect(await backend.getEntity(String(fixtureCompanies()[0]?.orgSeqNo), "COMPANY")).toMatchObject({
      orgSeqNo: fixtureCompanies()[0]?.orgSeqNo,
    });
    expect(requests.map((request) => request.path)).toEqual([expect.stringMatching(/^\/companies_v1\/_search/)]);
  });

  it("keeps a request on its version while a reindex swaps the aliases under it", async () => {
    const backend = await getSearchBackend(env);
    await reindex(fixtureCompanies().slice(0, 30));
    expect(await knownCompanies(backend)).toHaveLength(40);
    expect((await backend.info()).version).toBe(1);
  });

  it("runs a call again on the live version when a later reindex deleted the pinned indices", async () => {
    const backend = await getSearchBackend(env);
    expect((await getSearchBackend(env).then((b) => b.info())).version).toBe(1); // the isolate still trusts v1 (30 s)
    await reindex(fixtureCompanies().slice(0, 20)); // v3 live, v2 kept, v1 deleted
    expect(cluster.indices.has("companies_v1")).toBe(false);

    expect(await knownCompanies(backend)).toHaveLength(20);
    expect((await backend.info()).version).toBe(3);
  });

  it("asks a caller that already reported the deleted version to start over, once", async () => {
    await reindex(fixtureCompanies().slice(0, 10)); // v4 live, v3 kept, v2 deleted
    await reindex(fixtureCompanies().slice(0, 5)); // v5 live, v4 kept, v3 (this isolate's) deleted
    const [stale, alsoStale] = [await getSearchBackend(env), await getSearchBackend(env)];
    expect((await stale.info()).version).toBe(3);
    await expect(knownCompanies(stale)).rejects.toBeInstanceOf(IndexVersionMovedError);

    const answer = await onOneVersion(async () => ({ version: (await alsoStale.info()).version, ids: await knownCompanies(alsoStale) }));
    expect(answer.version).toBe(5);
    expect(answer.ids).toHaveLength(5);
  });
});
