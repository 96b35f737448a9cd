/**
 * The Elasticsearch backend as the workers get it (getSearchBackend with ELASTICSEARCH_URL), on the real cluster of
 * the test run: each request is pinned to the concrete indices the aliases named when it began (one version per
 * answer, info() without requests of its own), and a request whose indices a later reindex deleted runs again on the
 * live version, or asks its caller to start over once it has reported the old version.
 */
import type { Client } from "@elastic/elasticsearch";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getSearchBackend, IndexVersionMovedError, onOneVersion } from "#search-index";
import type { EsNames } from "#search-index/elasticsearch/es-fields";
import { reindexIntoElasticsearch } from "#search-index/indexing/elasticsearch/es-reindex";
import type { CompanySourceRecord } from "#search-index/records";
import { fixtureCompanies, fixtureWorksites } from "../fixtures/search/fixture-dataset";
import { clusterEnv, searchCluster } from "../cluster/search-cluster";
import { clusterClient, dropIndices, sourceOf } from "./support/es-cluster-helpers";
import { startFaultProxy, type FaultProxy } from "../support/cluster-fault-proxy";

const PREFIX = "urval_live_";
let proxy: FaultProxy;
const clients: Client[] = [];

beforeAll(async () => {
  proxy = await startFaultProxy(searchCluster().url);
  await dropIndices(PREFIX);
});
afterAll(async () => {
  await Promise.all([proxy.close(), ...clients.map((client) => client.close())]);
  await dropIndices(PREFIX);
});

/** The test's own indices, with v1 live (all 40 fixture companies); `env` is what a worker is given (through the proxy). */
async function liveV1(name: string) {
  const prefix = `${PREFIX}${name}_`;
  const { client, names } = clusterClient(prefix);
  clients.push(client);
  const reindex = (companies: CompanySourceRecord[]) => {
    const ids = new Set(companies.map((company) => company.orgSeqNo));
    const worksites = fixtureWorksites().filter((worksite) => ids.has(worksite.orgSeqNo));
    return reindexIntoElasticsearch(client, sourceOf(companies, worksites), () => {}, names);
  };
  await reindex(fixtureCompanies());
  const env = { ...clusterEnv(prefix), ELASTICSEARCH_URL: proxy.url, SEARCH_DB: null as never, SEARCH_INDEX: null as never };
  return { client, names, env, reindex };
}

/** The fixture's companies the backend's version knows. */
const knownCompanies = async (backend: Awaited<ReturnType<typeof getSearchBackend>>) =>
  (await backend.resolveOrgNumbers(fixtureCompanies().map((company) => company.orgNo))).found;

const removeAliases = (client: Client, names: EsNames) =>
  client.indices.updateAliases({
    actions: (["COMPANY", "WORKSITE"] as const).map((type) => ({ remove: { index: names.index(type, 1), alias: names.alias(type) } })),
  });

describe("Elasticsearch requests pinned to one version", () => {
  it("reads the concrete indices the aliases named, and info() costs no request", async () => {
    const { client, names, env } = await liveV1("pin");
    const backend = await getSearchBackend(env);
    // No request can reach the cluster now: info() answers from what the backend was pinned to.
    proxy.setRule(() => "drop");
    try {
      expect(await backend.info()).toEqual({ backend: "elasticsearch", version: 1, companies: 40, worksites: 47, documents: 87 });
    } finally {
      proxy.setRule(null);
    }
    // With the aliases gone the backend still reads v1: it names the index itself.
    await removeAliases(client, names);
    const first = fixtureCompanies()[0]!;
    expect(await backend.getEntity(String(first.orgSeqNo), "COMPANY")).toMatchObject({ orgSeqNo: first.orgSeqNo });
    expect(await knownCompanies(backend)).toHaveLength(40);
  });

  it("keeps a request on its version while a reindex swaps the aliases under it, and isolates move on after 30 s", async () => {
    const { env, reindex } = await liveV1("swap");
    const backend = await getSearchBackend(env);
    await reindex(fixtureCompanies().slice(0, 30));
    expect(await knownCompanies(backend)).toHaveLength(40);
    expect((await backend.info()).version).toBe(1);
    // The isolate trusts its reading of the aliases for 30 s, then reads them again.
    expect((await (await getSearchBackend(env)).info()).version).toBe(1);
    vi.spyOn(Date, "now").mockReturnValue(Date.now() + 31_000);
    try {
      const later = await getSearchBackend(env);
      expect(await later.info()).toMatchObject({ version: 2, companies: 30 });
      expect(await knownCompanies(later)).toHaveLength(30);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it("runs a call again on the live version when a later reindex deleted the pinned indices", async () => {
    const { client, names, env, reindex } = await liveV1("gone");
    const backend = await getSearchBackend(env);
    await reindex(fixtureCompanies().slice(0, 30)); // v2 live, v1 kept
    await reindex(fixtureCompanies().slice(0, 20)); // v3 live, v2 kept, v1 deleted
    expect(await client.indices.exists({ index: names.index("COMPANY", 1) })).toBe(false);

    expect(await knownCompanies(backend)).toHaveLength(20);
    expect((await backend.info()).version).toBe(3);
  });

  it("asks a caller that already reported the deleted version to start over, once", async () => {
    const { env, reindex } = await liveV1("moved");
    const [stale, alsoStale] = [await getSearchBackend(env), await getSearchBackend(env)];
    await reindex(fixtureCompanies().slice(0, 10)); // v2 live, v1 kept
    await reindex(fixtureCompanies().slice(0, 5)); // v3 live, v2 kept, v1 (this isolate's) deleted
    expect((await stale.info()).version).toBe(1);
    await expect(knownCompanies(stale)).rejects.toBeInstanceOf(IndexVersionMovedError);

    const answer = await onOneVersion(async () => ({ version: (await alsoStale.info()).version, ids: await knownCompanies(alsoStale) }));
    expect(answer.version).toBe(3);
    expect(answer.ids).toHaveLength(5);
  });
});
