/**
 * The OpenSearch clusters of bench:search (issue 27): started by the repo's launcher (scripts/cluster) with a fresh data
 * folder under the temp directory, the dataset indexed into each by the operators' reindex CLI (a child process,
 * measured: search-reindex.ts), then searched through the production backend class (ElasticsearchBackend pinned to
 * the live indices, as getSearchBackend does per request) over the client the workers use.
 */
import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { createEsClient, ElasticsearchBackend, esNames } from "#search-index/engine";
import { type Cluster, startCluster } from "../cluster/cluster";
import { ProgressLine } from "../cluster/progress-line";
import { type ChildReindex, peakResidentMb, runChildReindex } from "./search-reindex";

export interface BenchCluster {
  nodes: 1 | 3;
  heapMb: number;
  cluster: Cluster;
  backend: ElasticsearchBackend;
  reindex: ChildReindex & {
    /** VmHWM of each node's JVM after the reindex (the peak since it started), MB. */
    nodePeakMb: number[];
    /** The live indices' store: primaries, and with replicas (3 nodes). */
    primariesBytes: number;
    totalBytes: number;
    /** 3 nodes: from the reindex's end until the replicas were allocated (green), and the status then. */
    green: { seconds: number; status: string } | null;
  };
  close(): Promise<void>;
}

const StatsSchema = z.object({
  _all: z.object({
    primaries: z.object({ store: z.object({ size_in_bytes: z.number() }) }),
    total: z.object({ store: z.object({ size_in_bytes: z.number() }) }),
  }),
});
const HealthSchema = z.object({ status: z.string(), timed_out: z.boolean() });

async function getJson<T>(url: string, schema: z.ZodType<T>): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${await response.text()}`);
  return schema.parse(await response.json());
}

/** The live companies and worksites indices' store size (GET /<aliases>/_stats/store). */
async function storeBytes(url: string): Promise<{ primariesBytes: number; totalBytes: number }> {
  const names = esNames();
  const aliases = `${names.alias("COMPANY")},${names.alias("WORKSITE")}`;
  const stats = await getJson(`${url}/${aliases}/_stats/store`, StatsSchema);
  return { primariesBytes: stats._all.primaries.store.size_in_bytes, totalBytes: stats._all.total.store.size_in_bytes };
}

/**
 * Starts a fresh cluster of `nodes` on `httpPort` (transport: httpPort + 100), reindexes `source` into it through the
 * CLI in a child process (its state, for Bevakning's app database, in a temp folder), and on 3 nodes waits until the
 * replicas are allocated (green). `track` receives the cluster's stop as soon as it runs, for Ctrl-C.
 */
export async function startBenchCluster(options: {
  nodes: 1 | 3;
  heapMb: number;
  httpPort: number;
  /** Primary shards per index (the reindex's ELASTICSEARCH_PRIMARIES). */
  primaries?: number;
  source: string;
  track: (stop: () => Promise<void>) => void;
}): Promise<BenchCluster> {
  const dataDir = path.join(os.tmpdir(), `urval-bench-cluster-${options.httpPort}`);
  const state = path.join(os.tmpdir(), `urval-bench-reindex-state-${options.httpPort}`);
  const remove = () => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(state, { recursive: true, force: true });
  };
  const progress = new ProgressLine();
  const label = `cluster of ${options.nodes} node${options.nodes === 1 ? "" : "s"} (heap ${options.heapMb} MB each, port ${options.httpPort})`;
  const cluster = await startCluster({
    nodes: options.nodes,
    heapMb: options.heapMb,
    httpPort: options.httpPort,
    dataDir,
    fresh: true,
    clusterName: `urval-bench-${options.httpPort}`,
    onProgress: (message) => progress.update(`${label}: ${message}`),
  }).finally(() => progress.clear());
  let stopped = false;
  const close = async () => {
    if (stopped) return;
    stopped = true;
    await cluster.stop();
    remove();
  };
  options.track(close);
  process.stderr.write(`${label}: OpenSearch ${cluster.version} ready in ${(cluster.startMs / 1000).toFixed(1)} s\n`);
  try {
    rmSync(state, { recursive: true, force: true });
    const reindex = await runChildReindex({
      backend: "elasticsearch",
      source: options.source,
      state,
      env: { ELASTICSEARCH_URL: cluster.url, ELASTICSEARCH_DIALECT: "opensearch", ELASTICSEARCH_PRIMARIES: String(options.primaries ?? 1) },
    });
    const nodePeakMb = cluster.nodes.map((node) => peakResidentMb(node.pid) ?? Number.NaN);
    let green: BenchCluster["reindex"]["green"] = null;
    if (options.nodes === 3) {
      // The reindex switched only once green on several data nodes (es-reindex.ts verify): this wait confirms it.
      progress.update(`${label}: waiting for the replicas (green)`);
      const started = performance.now();
      const health = await getJson(`${cluster.url}/_cluster/health?wait_for_status=green&timeout=60m`, HealthSchema).finally(() =>
        progress.clear(),
      );
      green = { seconds: (performance.now() - started) / 1000, status: health.status };
      if (health.timed_out) process.stderr.write(`${label}: still ${health.status} after 60 minutes; searching it as it is\n`);
    }
    const sizes = await storeBytes(cluster.url);
    const client = createEsClient({ ELASTICSEARCH_URL: cluster.url, ELASTICSEARCH_DIALECT: "opensearch" });
    const unpinned = new ElasticsearchBackend(client, esNames());
    const backend = unpinned.pinnedTo(await unpinned.resolveLive());
    return {
      nodes: options.nodes,
      heapMb: options.heapMb,
      cluster,
      backend,
      reindex: { ...reindex, nodePeakMb, ...sizes, green },
      close: async () => {
        await client.close();
        await close();
      },
    };
  } catch (error) {
    // Stopped at once: a failed cluster must not hold memory and CPU while the other engines are measured.
    await close();
    throw error;
  }
}
