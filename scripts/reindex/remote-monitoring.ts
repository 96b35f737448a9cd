/**
 * Bevakning's production path for the Elasticsearch reindex (`npm run reindex -- --backend elasticsearch --remote
 * [--env NAME]`): the saved searches, watched companies and list files are read, and the alerts staged, in the
 * deployed app database `DB` over D1's HTTP API (d1-http-sql-store.ts); after the switch the reindex enqueues the run's
 * jobs itself, one per affected user, on the queue of the API's MONITORING_QUEUE binding through Queues' HTTP API,
 * with the API's own dispatcher (the same claim of the run row, so the API's cron never enqueues it a second time
 * unless this claim expires). The digest links to PUBLIC_ORIGIN of the environment's vars (or --origin); without
 * either the run stays STAGED for the API to enqueue with the origin of its next request.
 * The filed annual reports' packs go to the bucket of the API's SEARCH_INDEX binding over R2's HTTP API
 * (r2-http-store.ts), before the new indices go live.
 * Needs CLOUDFLARE_ACCOUNT_ID and CLOUDFLARE_API_TOKEN (D1 edit, Queues write, R2 edit).
 */
import type { MonitoringJobMessage } from "#shared/monitoring-job";
import { dispatchMonitoringRuns } from "#api/tooling";
import { createRemoteD1 } from "../accounts/remote-d1";
import { cloudflareOptionsFromEnvironment, type CloudflareApiOptions } from "../lib/cloudflare-api";
import { readRemoteConfig, remoteBucketName, remoteDatabaseId, remoteQueueName, remoteVar } from "../lib/remote-config";
import type { PackBucket } from "./annual-report-documents";
import { d1HttpSqlStore } from "./d1-http-sql-store";
import type { LoaderDatabase, SqlStore } from "./local-loader";
import { httpQueue } from "./queues-http";
import { r2HttpStore } from "./r2-http-store";
import type { EnqueueRun } from "./reindex-elasticsearch";

export interface RemoteTarget {
  api: CloudflareApiOptions;
  databaseIds: Record<LoaderDatabase, string>;
  queueName: string;
  /** The bucket of the API's SEARCH_INDEX binding: the annual reports' packs. */
  packBucket: string;
  /** The site the digest links to; null leaves the enqueueing to the API. */
  origin: string | null;
}

/** The environment's app database, queue and origin from workers/api/wrangler.toml, the credentials from the environment. */
export function remoteTarget(environment: string, origin?: string): RemoteTarget {
  const config = readRemoteConfig(environment);
  return {
    api: cloudflareOptionsFromEnvironment(),
    databaseIds: { DB: remoteDatabaseId(config, "DB", environment), SEARCH_DB: remoteDatabaseId(config, "SEARCH_DB", environment) },
    queueName: remoteQueueName(config, "MONITORING_QUEUE", environment),
    packBucket: remoteBucketName(config, "SEARCH_INDEX", environment),
    origin: origin ?? remoteVar(config, "PUBLIC_ORIGIN"),
  };
}

/** The store the stage writes through, the enqueueing the reindex does after its switch, and where the packs go. */
export function remoteMonitoring(
  target: RemoteTarget,
  options: { retryDelayMs?: number } = {},
): { store: SqlStore; enqueue: EnqueueRun; packs: PackBucket } {
  const store = d1HttpSqlStore(target.api, target.databaseIds, options);
  const enqueue: EnqueueRun = async () => {
    if (!target.origin) return { skipped: "no PUBLIC_ORIGIN (or --origin) for the digest's link: the API enqueues on its next call" };
    const queue = await httpQueue<MonitoringJobMessage>(target.api, target.queueName);
    const db = createRemoteD1({ ...target.api, databaseId: target.databaseIds.DB });
    return dispatchMonitoringRuns(db, queue as unknown as Queue<MonitoringJobMessage>, target.origin);
  };
  return { store, enqueue, packs: r2HttpStore(target.api, target.packBucket, options) };
}
