/**
 * The stack of the cluster-fault tests: a real OpenSearch node of their own (scripts/cluster, ports 9440/9540, so it
 * can be stopped and paused without touching anyone else's), the fault proxy in front of it (9441), the search
 * fixture reindexed into it, and the api and export workers of the harness pointed at the proxy. Also the measured
 * waits, printed at the end as figures.
 */
import type { Client } from "@elastic/elasticsearch";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Cluster, startCluster } from "#scripts/cluster/cluster";
import { createEsClient, esNames } from "#search-index/engine";
import { type EsReindexHooks, reindexIntoElasticsearch } from "#search-index/indexing";
import { fixtureCompanies, fixtureWorksites } from "../../fixtures/search/fixture-dataset";
import { type FaultProxy, startFaultProxy } from "../../support/cluster-fault-proxy";
import type { UrvalHarness } from "../../support/factories";

const NODE_PORT = 9440;
const PROXY_PORT = 9441;
const TRANSPORT_PORT = 9540;
export const INDEX_PREFIX = "faults_";
export const names = esNames(INDEX_PREFIX);

export const esEnv = (url: string) => ({
  ELASTICSEARCH_URL: url,
  ELASTICSEARCH_DIALECT: "opensearch",
  ELASTICSEARCH_INDEX_PREFIX: INDEX_PREFIX,
});

export interface FaultStack {
  cluster: Cluster;
  proxy: FaultProxy;
  /** A client of the node itself (no proxy), the maintenance policy of createEsClient. */
  direct: Client;
  /** Stops the node (also when paused) and the proxy, and removes the node's data. */
  stop(): Promise<void>;
}

/** The api and export workers search the cluster through the proxy; export retries come at once (no backoff). */
export async function pointWorkersAtProxy(harness: UrvalHarness): Promise<void> {
  const vars = { ...esEnv(`http://127.0.0.1:${PROXY_PORT}`), EXPORT_RETRY_BASE_SECONDS: "0" };
  await harness.server.update((options) => ({
    ...options,
    workers: (options.workers ?? []).map((worker) =>
      "configPath" in worker && /workers\/(api|export)\//.test(String(worker.configPath)) ? { ...worker, vars } : worker,
    ),
  }));
}

export async function startFaultStack(): Promise<FaultStack> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "urval-cluster-faults-"));
  const proxy = await startFaultProxy(`http://127.0.0.1:${NODE_PORT}`, { port: PROXY_PORT });
  let cluster: Cluster;
  try {
    cluster = await startCluster({
      nodes: 1,
      heapMb: 512,
      // The client compiler only, as the run's shared node (tests/support/shared.ts): the node is started again after
      // each kill, and the faults' timeouts are the API's, not the node's speed.
      jvmArgs: ["-XX:TieredStopAtLevel=1"],
      httpPort: NODE_PORT,
      transportPort: TRANSPORT_PORT,
      dataDir,
      clusterName: "urval-faults",
    });
  } catch (error) {
    await proxy.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const direct = createEsClient(esEnv(cluster.url));
  return {
    cluster,
    proxy,
    direct,
    async stop() {
      await Promise.allSettled([cluster.stop(), proxy.close(), direct.close()]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The search fixture (40 companies, 47 worksites) into a new version; aliases switched when it is complete. */
export function reindexFixture(client: Client, hooks: EsReindexHooks = {}, onStage?: (stage: string) => void) {
  const source = {
    async *companies() {
      yield* fixtureCompanies();
    },
    async *worksites() {
      yield* fixtureWorksites();
    },
  };
  return reindexIntoElasticsearch(client, source, ({ stage }) => onStage?.(stage), names, hooks);
}

/** The version the companies alias names now, and every index of ours. */
export async function liveState(client: Client): Promise<{ version: number; indices: string[] }> {
  const alias = await client.indices.getAlias({ name: names.alias("COMPANY") });
  const indices = await client.indices.get({ index: names.pattern, expand_wildcards: "all" });
  const versions = Object.keys(alias).map((index) => Number(/_v(\d+)$/.exec(index)?.[1]));
  return { version: Math.max(...versions), indices: Object.keys(indices).sort() };
}

/** The user's wait in each fault: request sent → answer in, ms. */
export const waits: { fault: string; ms: number; outcome: string }[] = [];

export async function timed<T>(fault: string, run: () => Promise<T>, outcome: (value: T) => string): Promise<T> {
  const started = performance.now();
  const value = await run();
  waits.push({ fault, ms: Math.round(performance.now() - started), outcome: outcome(value) });
  return value;
}

export function printWaits(): void {
  const lines = waits.map(({ fault, ms, outcome }) => `  ${fault.padEnd(58)} ${String(ms).padStart(6)} ms  ${outcome}`);
  console.log(`[cluster-faults] waits:\n${lines.join("\n")}`);
}
