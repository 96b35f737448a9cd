/**
 * Reindex into Elasticsearch (ELASTICSEARCH_URL, optional ELASTICSEARCH_API_KEY and ELASTICSEARCH_INDEX_PREFIX) from a
 * source dataset directory, with Bevakning's step (docs/decisions/0024) on an app database `DB`: the local state's, or
 * production's over D1's HTTP API (`--remote`, remote-monitoring.ts). Before the alias swap the saved searches are
 * resynced into the percolator index and, with a live version to compare with, the change set's alerts are staged;
 * right after the swap the run is marked STAGED, and with `--remote` the reindex enqueues its jobs itself (Queues' HTTP
 * API); otherwise the API does on its next call or cron.
 */
import type { Client } from "@elastic/elasticsearch";
import { createEsClient, esNames, type EsNames, type WarmReport, warmVersion } from "#search-index/engine";
import {
  type ChangeSet,
  type ChangesSummary,
  type DocumentHashes,
  elasticsearchMonitoringSource,
  esChangeSet,
  type EsReindexHooks,
  type EsReindexResult,
  type EsReindexSource,
  HashCollector,
  isPercolatorMissing,
  markRunStaged,
  MissingHashesError,
  type PacksCollected,
  reindexIntoElasticsearch,
  type ReindexProgress,
  resyncPercolator,
  stageMonitoring,
} from "#search-index/indexing";
import { PERSIST_DIR } from "../lib/local-bindings";
import { collectPacksLogged, notePacksInUse, type PackBucket, packNames, storeAnnualReportPacks } from "./annual-report-documents";
import { LocalLoader, type SqlStore } from "./local-loader";
import { readCompanies, readManifest, readWorksites } from "./source-reader";

export interface EsMonitoringReport {
  /**
   * Saved searches written into the percolator index, and stale ones deleted there; or the fallback on a cluster
   * without the percolator (the saved searches run as batched searches).
   */
  percolator: { stored: number; deleted: number } | { fallback: "batched-search" } | { error: string };
  /** The change set and what was staged; null on a first index; an error when there is no change set (e.g. a live index built before change hashes). */
  changes: ChangesSummary | { error: string } | null;
  /** The alert jobs the reindex enqueued itself (`--remote`), or why it left them to the API; absent otherwise. */
  enqueued?: { runs: number; jobs: number } | { skipped: string } | { error: string };
}

/** Enqueues the staged run's alert jobs from outside the Workers runtime (remote-monitoring.ts). */
export type EnqueueRun = () => Promise<{ runs: number; jobs: number } | { skipped: string }>;

const HASH_BUFFER = 4096;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
const logError = (msg: string, error: unknown) => console.error(JSON.stringify({ level: "error", msg, error: message(error) }));

/** The change set from the live version and the alerts staged from it; a staging failure is reported in the summary. */
async function stageChanges(
  client: Client,
  names: EsNames,
  store: SqlStore,
  versions: { from: number; to: number },
  hashes: DocumentHashes,
  batched: boolean,
) {
  const changeSet = await esChangeSet(client, names, versions.from, hashes);
  const counts = { added: changeSet.added.length, removed: changeSet.removed.length, changed: changeSet.changed.length };
  try {
    const { userIds, ...monitoring } = await stageMonitoring(
      store,
      elasticsearchMonitoringSource(client, names, versions, changeSet, { batched }),
      versions,
      changeSet,
    );
    return { summary: { ...counts, monitoring }, staged: { changeSet, users: userIds.length } };
  } catch (error) {
    logError("reindex: Bevakning staging failed", error);
    return { summary: { ...counts, monitoring: { error: message(error) } }, staged: null };
  }
}

/** The hooks of Bevakning's step; a failure is logged and reported, never fails the reindex. */
function monitoringHooks(client: Client, names: EsNames, store: SqlStore, enqueue?: EnqueueRun) {
  // The companies' change hashes (worksites included by the reindex): no worksite pairs, so finish() keeps them as they are.
  const hashes = new HashCollector();
  const buffer = new Float64Array(HASH_BUFFER * 2);
  let buffered = 0;
  const report: EsMonitoringReport = { percolator: { stored: 0, deleted: 0 }, changes: null };
  let staged: { changeSet: ChangeSet; users: number } | null = null;
  const flush = () => {
    hashes.add(buffer.subarray(0, buffered * 2));
    buffered = 0;
  };
  const stage = async (from: number, to: number, batched: boolean) => {
    flush();
    const result = await stageChanges(client, names, store, { from, to }, hashes.finish(), batched);
    report.changes = result.summary;
    staged = result.staged;
  };
  const hooks: EsReindexHooks = {
    onCompany(id, changeHash) {
      buffer[buffered * 2] = id;
      buffer[buffered * 2 + 1] = changeHash;
      if (++buffered === HASH_BUFFER) flush();
    },
    async beforeSwap({ version, previousVersion }) {
      let batched = false;
      try {
        report.percolator = await resyncPercolator(store, client, names);
      } catch (error) {
        if (!isPercolatorMissing(error)) {
          report.percolator = { error: message(error) };
          logError("reindex: Bevakning percolator resync failed", error);
          return;
        }
        // A cluster without the percolator module: the saved searches run as batched searches instead.
        batched = true;
        report.percolator = { fallback: "batched-search" };
        console.log(JSON.stringify({ level: "info", msg: "reindex: no percolator on the cluster, Bevakning uses batched searches" }));
      }
      if (previousVersion === null) return;
      await stage(previousVersion, version, batched).catch((error: unknown) => {
        report.changes = { error: message(error) };
        if (!(error instanceof MissingHashesError)) logError("reindex: Bevakning change set failed", error);
        else console.log(JSON.stringify({ level: "info", msg: `reindex: ${error.message}` }));
      });
    },
    async afterSwap({ version, previousVersion }) {
      if (!staged || previousVersion === null || staged.users === 0) return;
      try {
        await markRunStaged(store, previousVersion, version, staged.users, staged.changeSet);
      } catch (error) {
        logError("reindex: Bevakning run not marked", error);
        return;
      }
      // A failure here leaves the run STAGED (or its claim to expire): the API's cron enqueues it.
      if (enqueue)
        report.enqueued = await enqueue().catch((error: unknown) => {
          logError("reindex: Bevakning jobs not enqueued, the API's cron will", error);
          return { error: message(error) };
        });
    },
  };
  return { hooks, report };
}

/** ELASTICSEARCH_PRIMARIES: primary shards per index, 1 to 16 (default 1; docs/decisions/0044). */
export function primariesFromEnv(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return 1;
  const primaries = Number(value);
  if (!Number.isInteger(primaries) || primaries < 1 || primaries > 16)
    throw new Error(`ELASTICSEARCH_PRIMARIES must be a whole number from 1 to 16 (got ${JSON.stringify(value)})`);
  return primaries;
}

/** The reindex with Bevakning's step on `store` (the app database); the CLI's and the tests' entry point. */
export async function reindexElasticsearchWithMonitoring(
  client: Client,
  source: EsReindexSource,
  options: {
    names: EsNames;
    store: SqlStore;
    enqueue?: EnqueueRun;
    onProgress?: Parameters<typeof reindexIntoElasticsearch>[2];
    onStage?: EsReindexHooks["onStage"];
    graceMs?: number;
    /** Primary shards per index (ELASTICSEARCH_PRIMARIES). */
    primaries?: number;
    /** Warm the new version with the start page's searches after the swap (the CLI does; tests need not). */
    warm?: boolean;
  },
): Promise<EsReindexResult & EsMonitoringReport & { warm?: WarmReport }> {
  const { hooks, report } = monitoringHooks(client, options.names, options.store, options.enqueue);
  const withStages = options.onStage ? { ...hooks, onStage: options.onStage } : hooks;
  let warm: WarmReport | undefined;
  const result = await reindexIntoElasticsearch(client, source, options.onProgress, options.names, withStages, {
    ...(options.graceMs === undefined ? {} : { graceMs: options.graceMs }),
    ...(options.primaries === undefined ? {} : { primaries: options.primaries }),
    ...(options.warm ? { warm: async (version: number) => void (warm = await warmVersion(client, options.names, version)) } : {}),
  });
  return { ...result, ...report, ...(warm ? { warm } : {}) };
}

export async function reindexElasticsearch(options: {
  sourceDir: string;
  /** The local state whose app database holds the saved searches and watched companies (default .wrangler/state). */
  persistDir?: string;
  /** Production's app database and queue instead of the local state's (`--remote`). */
  remote?: { store: SqlStore; enqueue: EnqueueRun; packs: PackBucket };
  onProgress?: (progress: ReindexProgress) => void;
  onStage?: EsReindexHooks["onStage"];
  /** How long the replaced version serves on after the swap before it is deleted (the CLI's --grace-seconds). */
  graceMs?: number;
}): Promise<EsReindexResult & EsMonitoringReport & { packs?: PacksCollected }> {
  const url = process.env.ELASTICSEARCH_URL;
  if (!url) throw new Error("set ELASTICSEARCH_URL and ELASTICSEARCH_DIALECT (and ELASTICSEARCH_API_KEY) to reindex into Elasticsearch");
  const manifest = readManifest(options.sourceDir);
  const client = createEsClient(
    {
      ELASTICSEARCH_URL: url,
      ELASTICSEARCH_DIALECT: process.env.ELASTICSEARCH_DIALECT,
      ELASTICSEARCH_API_KEY: process.env.ELASTICSEARCH_API_KEY,
    },
    { fetchConnection: false },
  );
  const local = options.remote ? null : await LocalLoader.open(options.persistDir ?? PERSIST_DIR);
  const store = options.remote?.store ?? (local as LocalLoader);
  try {
    const packs = packNames(options.sourceDir);
    const bucket: PackBucket = options.remote?.packs ?? (local as LocalLoader);
    if (packs.length > 0) {
      // The filed annual reports into R2 before the new indices go live (packs named by their content: one stored by
      // an earlier run is not stored again): the local state's bucket, or with --remote production's over R2's HTTP API.
      await options.onStage?.("documents", { version: 0 });
      await storeAnnualReportPacks(options.sourceDir, bucket, (done) =>
        options.onProgress?.({ stage: "documents", done, total: packs.length }),
      );
    }
    // Named in this cluster's list of packs in use before the new indices can go live (nothing collects them then).
    const prefix = process.env.ELASTICSEARCH_INDEX_PREFIX;
    const owner = `elasticsearch${prefix ? `-${prefix.replace(/[^a-z0-9_-]/gi, "_")}` : ""}`;
    const run = `run-${new Date().toISOString()}`;
    const packsNoted = await notePacksInUse(bucket, owner, run, packs);
    const result = await reindexElasticsearchWithMonitoring(
      client,
      { companies: () => readCompanies(options.sourceDir), worksites: () => readWorksites(options.sourceDir) },
      {
        names: esNames(process.env.ELASTICSEARCH_INDEX_PREFIX),
        store,
        ...(options.remote ? { enqueue: options.remote.enqueue } : {}),
        ...(options.onStage ? { onStage: options.onStage } : {}),
        ...(options.graceMs === undefined ? {} : { graceMs: options.graceMs }),
        primaries: primariesFromEnv(process.env.ELASTICSEARCH_PRIMARIES),
        warm: true,
        onProgress: ({ stage, done }) =>
          options.onProgress?.({
            stage,
            done,
            total: stage === "companies" ? manifest.companies : stage === "worksites" ? manifest.worksites : 1,
          }),
      },
    );
    // After the swap, and after the grace period when there was one (the replaced indices are deleted by then).
    if (!packsNoted) return result;
    const replacedKept = result.previousVersion !== null && options.graceMs === undefined;
    return { ...result, packs: await collectPacksLogged(bucket, owner, run, { replacedKept }) };
  } finally {
    await Promise.all([client.close(), local?.dispose()]);
  }
}
