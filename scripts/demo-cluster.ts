/**
 * `npm start` on the cluster backend (URVAL_SEARCH_BACKEND=cluster): a loopback OpenSearch node (started here, or the
 * one `npm run cluster` already runs on URVAL_CLUSTER_PORT, or the cluster ELASTICSEARCH_URL names) holding the demo
 * dataset, reindexed into it once per dataset and mapping (a marker file in the state directory remembers what the live
 * aliases were built from). The API and export workers get ELASTICSEARCH_URL and ELASTICSEARCH_DIALECT as vars.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import {
  COMPANY_MAPPINGS,
  type EsDialect,
  esNames,
  INDEX_SETTINGS,
  parseDialect,
  parseNodeUrls,
  WORKSITE_MAPPINGS,
} from "#search-index/engine";
import { startCluster } from "./cluster/cluster";
import { DEMO_DATA_DIR, stageProgress } from "./demo-data";
import { PERSIST_DIR } from "./lib/local-bindings";
import { reindexElasticsearch } from "./reindex/reindex-elasticsearch";

const BackendSchema = z.enum(["embedded", "cluster"]);
export type StartBackend = z.infer<typeof BackendSchema>;

/** URVAL_SEARCH_BACKEND: "embedded" (the default) or "cluster"; anything else stops npm start with a clear line. */
export function startBackendFromEnv(env: NodeJS.ProcessEnv = process.env): StartBackend {
  const parsed = BackendSchema.safeParse(env.URVAL_SEARCH_BACKEND?.trim() || "embedded");
  if (parsed.success) return parsed.data;
  throw new Error(`URVAL_SEARCH_BACKEND must be "embedded" or "cluster" (got ${JSON.stringify(env.URVAL_SEARCH_BACKEND)})`);
}

export interface ClusterBackend {
  /** ELASTICSEARCH_URL as the workers and the reindex get it: one URL, or a cluster's nodes separated by commas. */
  url: string;
  /** The first node, for this script's own requests (the cluster's uuid, the live count). */
  firstNode: string;
  dialect: EsDialect;
  /** What serves, for the start banner. */
  description: string;
  /** Stops the node when this process started it. */
  stop(): Promise<void>;
}

async function answeringEngine(url: string): Promise<string | null> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    if (!response.ok) return null;
    const body = (await response.json()) as { version?: { distribution?: string; number?: string } };
    return `${body.version?.distribution ?? "elasticsearch"} ${body.version?.number ?? "?"}`;
  } catch {
    return null;
  }
}

/** One progress line rewritten in a terminal; in a log, a line per new message. */
function progressLine(): (message: string) => void {
  let last = "";
  return (message) => {
    if (process.stderr.isTTY) process.stderr.write(`\r  ${message}`.padEnd(80));
    else if (message !== last) process.stderr.write(`  ${message}\n`);
    last = message;
  };
}

/** The cluster of this run: ELASTICSEARCH_URL's, a running `npm run cluster`, or a node started now. */
export async function openClusterBackend(env: NodeJS.ProcessEnv = process.env): Promise<ClusterBackend> {
  if (env.ELASTICSEARCH_URL) {
    const dialect = parseDialect(env.ELASTICSEARCH_DIALECT);
    const [firstNode = ""] = parseNodeUrls(env.ELASTICSEARCH_URL);
    const description = `${dialect} at ${env.ELASTICSEARCH_URL}`;
    return { url: env.ELASTICSEARCH_URL, firstNode, dialect, description, stop: async () => {} };
  }
  const port = Number(env.URVAL_CLUSTER_PORT ?? 9400);
  const url = `http://127.0.0.1:${port}`;
  const running = await answeringEngine(url);
  if (running)
    return { url, firstNode: url, dialect: "opensearch", description: `${running} at ${url} (already running)`, stop: async () => {} };
  const heapMb = Number(env.URVAL_CLUSTER_HEAP_MB ?? 1024);
  const cluster = await startCluster({
    nodes: 1,
    heapMb,
    httpPort: port,
    clusterName: "urval-start",
    onProgress: progressLine(),
  });
  if (process.stderr.isTTY) process.stderr.write("\n");
  return {
    url,
    firstNode: url,
    dialect: "opensearch",
    description: `OpenSearch node at ${url} (heap ${heapMb} MB, started by npm start)`,
    stop: () => cluster.stop(),
  };
}

const MARKER = path.join(PERSIST_DIR, "demo-cluster-index.json");
const MarkerSchema = z.object({ url: z.string(), clusterUuid: z.string(), generatedAt: z.string(), mappings: z.string() });

const mappingsHash = () =>
  createHash("sha256")
    .update(JSON.stringify([INDEX_SETTINGS, COMPANY_MAPPINGS, WORKSITE_MAPPINGS]))
    .digest("hex")
    .slice(0, 16);

/** The companies behind the live alias (under ELASTICSEARCH_INDEX_PREFIX, as the reindex names it). */
async function liveCompanies(url: string): Promise<number | null> {
  const alias = esNames(process.env.ELASTICSEARCH_INDEX_PREFIX).alias("COMPANY");
  const response = await fetch(`${url}/${encodeURIComponent(alias)}/_count`).catch(() => null);
  if (!response?.ok) return null;
  return ((await response.json()) as { count?: number }).count ?? null;
}

/** Reindexes the demo dataset into the cluster unless its live aliases were built from this dataset and mapping. */
export async function ensureDemoClusterIndex(cluster: ClusterBackend): Promise<void> {
  const manifest = JSON.parse(readFileSync(path.join(DEMO_DATA_DIR, "manifest.json"), "utf8")) as {
    generatedAt: string;
    companies: number;
  };
  const clusterUuid = String(((await (await fetch(cluster.firstNode)).json()) as { cluster_uuid?: string }).cluster_uuid);
  const want = { url: cluster.url, clusterUuid, generatedAt: String(manifest.generatedAt), mappings: mappingsHash() };
  const built = existsSync(MARKER) ? MarkerSchema.safeParse(JSON.parse(readFileSync(MARKER, "utf8"))) : null;
  const same = built?.success && JSON.stringify(built.data) === JSON.stringify(want);
  if (same && (await liveCompanies(cluster.firstNode)) === manifest.companies) return;
  process.env.ELASTICSEARCH_URL = cluster.url;
  process.env.ELASTICSEARCH_DIALECT = cluster.dialect;
  const progress = stageProgress();
  try {
    await reindexElasticsearch({
      sourceDir: DEMO_DATA_DIR,
      persistDir: PERSIST_DIR,
      // Nothing serves yet: the replaced version (an older dataset's) goes at once.
      graceMs: 0,
      onProgress: (p) => progress.update(p),
    });
  } finally {
    progress.stop();
  }
  writeFileSync(MARKER, JSON.stringify(want));
}
