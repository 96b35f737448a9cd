/**
 * The Elasticsearch reindex when the cluster fails under it (issue 23, points 5 and 7), on the real cluster behind a
 * fault-injecting proxy (tests/support/cluster-fault-proxy.ts): a reindex cut off at each stage, as when its process is killed (every
 * request from that moment on is lost, its own cleanup too), and the node answering 429 or 503 mid-run. The live
 * version serves throughout, the aliases never move, and the next reindex removes whatever the broken one left.
 */
import type { Client } from "@elastic/elasticsearch";
import { afterAll, beforeAll, describe, expect, it, type ExpectStatic } from "vitest";
import { ElasticsearchBackend } from "#search-index/elasticsearch/es-backend";
import type { EsNames } from "#search-index/elasticsearch/es-fields";
import { reindexIntoElasticsearch } from "#search-index/indexing/elasticsearch/es-reindex";
import { parseSearch } from "#search-index/search-model";
import { searchCluster } from "../cluster/search-cluster";
import { aliasTargets, clusterClient, dropIndices, fixtureSource, indicesUnder } from "./support/es-cluster-helpers";
import { startFaultProxy, type FaultProxy, type ProxiedRequest } from "../support/cluster-fault-proxy";

const PREFIX = "urval_rfault_";
const proxies: FaultProxy[] = [];
const clients: Client[] = [];

beforeAll(() => dropIndices(PREFIX));
afterAll(async () => {
  await Promise.all([...proxies.map((proxy) => proxy.close()), ...clients.map((client) => client.close())]);
  await dropIndices(PREFIX);
});

const both = (names: EsNames, version: number) => [names.index("COMPANY", version), names.index("WORKSITE", version)];
const servedBy = (names: EsNames, version: number) => ({
  [names.alias("COMPANY")]: [names.index("COMPANY", version)],
  [names.alias("WORKSITE")]: [names.index("WORKSITE", version)],
});

/**
 * A live v1 under the test's own prefix, and a fault proxy of the test's own (the tests run concurrently): `direct`
 * talks to the node, `proxied` through the proxy.
 */
async function liveV1(name: string) {
  const prefix = `${PREFIX}${name}_`;
  const proxy = await startFaultProxy(searchCluster().url);
  proxies.push(proxy);
  const direct = clusterClient(prefix);
  const proxied = clusterClient(prefix, proxy.url);
  clients.push(direct.client, proxied.client);
  await reindexIntoElasticsearch(direct.client, fixtureSource(), () => {}, direct.names);
  return { prefix, proxy, names: direct.names, direct: direct.client, proxied: proxied.client };
}

/** The live version answers every search, with all 40 companies. */
async function expectServing(expect: ExpectStatic, fixture: Awaited<ReturnType<typeof liveV1>>, version: number) {
  expect(await aliasTargets(fixture.direct, fixture.names)).toEqual(servedBy(fixture.names, version));
  const backend = new ElasticsearchBackend(fixture.direct, fixture.names);
  expect((await backend.search(parseSearch({}))).hitCount).toBe(40);
}

/** The stages of a reindex, each named by the first request it sends (the proxy drops it and every later one). */
const STAGES: [string, string, (request: ProxiedRequest) => boolean][] = [
  ["creating the new indices", "create", (r) => r.method === "PUT" && /companies_v2$/.test(r.path)],
  ["loading the companies", "companies", (r) => r.path === "/_bulk"],
  ["loading the worksites", "worksites", (r) => r.path === "/_bulk" && r.body.includes("worksites_v2")],
  ["refreshing", "refresh", (r) => r.path.endsWith("/_refresh")],
  ["applying the serving settings", "settings", (r) => r.path.endsWith("/_settings")],
  ["checking the counts", "count", (r) => r.path.endsWith("/_count")],
  ["swapping the aliases", "swap", (r) => r.path === "/_aliases"],
];

// Concurrent: most of each test is the client's backoff between its retries of the lost requests.
describe.concurrent("a reindex cut off at each stage", () => {
  it.for(STAGES)("killed while %s: the live version serves and the next reindex cleans up", async ([, name, starts], { expect }) => {
    const live = await liveV1(name);
    let killed = false;
    live.proxy.setRule((request) => {
      killed = killed || starts(request);
      return killed ? "drop" : undefined;
    });
    await expect(reindexIntoElasticsearch(live.proxied, fixtureSource(), () => {}, live.names)).rejects.toThrow();
    expect(killed).toBe(true);
    await expectServing(expect, live, 1);
    const left = (await indicesUnder(live.direct, live.prefix)).filter((index) => !both(live.names, 1).includes(index));
    // Nothing is left when the run died before it created anything; otherwise its version 2, half built or whole.
    expect(left).toEqual(name === "create" ? [] : both(live.names, 2));
    const next = await reindexIntoElasticsearch(live.direct, fixtureSource(), () => {}, live.names);
    const version = left.length > 0 ? 3 : 2;
    expect(next).toMatchObject({ version, previousVersion: 1, removedIndices: left });
    expect(await indicesUnder(live.direct, live.prefix)).toEqual([...both(live.names, 1), ...both(live.names, version)].sort());
    await expectServing(expect, live, version);
  });
});

describe("an alias swap whose answer is lost", () => {
  it("reads the aliases back: the new version serves and is kept, the replaced one goes after the grace", async () => {
    const live = await liveV1("lost");
    live.proxy.setRule((request) => (request.path === "/_aliases" ? "lose-answer" : undefined));
    const stages: string[] = [];
    const result = await reindexIntoElasticsearch(
      live.proxied,
      fixtureSource(),
      () => {},
      live.names,
      { onStage: (stage) => void stages.push(stage) },
      { graceMs: 0 },
    ).finally(() => live.proxy.setRule(null));
    expect(live.proxy.faulted[0]).toBe("POST /_aliases");
    expect(stages).toEqual(["prepare", "companies", "worksites", "verify", "changes", "switch", "cleanup", "grace"]);
    expect(result).toMatchObject({ version: 2, previousVersion: 1, removedIndices: both(live.names, 1) });
    expect(await indicesUnder(live.direct, live.prefix)).toEqual(both(live.names, 2));
    await expectServing(expect, live, 2);
  });
});

describe("a node answering 429 or 503 mid-run", () => {
  it("fails before the switch on a bulk request refused with 429, deletes the new indices, and the old version serves", async () => {
    const live = await liveV1("busy");
    live.proxy.setRule((request) =>
      request.path === "/_bulk"
        ? { answer: 429, body: { error: { type: "es_rejected_execution_exception", reason: "rejected execution" }, status: 429 } }
        : undefined,
    );
    try {
      await expect(reindexIntoElasticsearch(live.proxied, fixtureSource(), () => {}, live.names)).rejects.toThrow();
    } finally {
      live.proxy.setRule(null);
    }
    expect(await indicesUnder(live.direct, live.prefix)).toEqual(both(live.names, 1));
    await expectServing(expect, live, 1);
  });

  it("retries a single 503 and completes; fails before the switch when the count check keeps answering 503", async () => {
    const live = await liveV1("unavailable");
    const unavailable = {
      answer: 503,
      body: { error: { type: "unavailable_shards_exception", reason: "primary shard is not active" }, status: 503 },
    };
    let refused = 0;
    live.proxy.setRule((request) => (request.path.endsWith("/_count") && refused++ === 0 ? unavailable : undefined));
    const once = await reindexIntoElasticsearch(live.proxied, fixtureSource(), () => {}, live.names).finally(() =>
      live.proxy.setRule(null),
    );
    expect(once).toMatchObject({ version: 2, previousVersion: 1 });
    await expectServing(expect, live, 2);

    live.proxy.setRule((request) => (request.path.endsWith("/_count") ? unavailable : undefined));
    try {
      await expect(reindexIntoElasticsearch(live.proxied, fixtureSource(), () => {}, live.names)).rejects.toMatchObject({
        meta: { statusCode: 503 },
      });
    } finally {
      live.proxy.setRule(null);
    }
    expect(await indicesUnder(live.direct, live.prefix)).toEqual([...both(live.names, 1), ...both(live.names, 2)].sort());
    await expectServing(expect, live, 2);
  });
});
