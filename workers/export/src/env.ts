import type { ExportJobMessage } from "#shared/export-job";

/** Bindings and vars of the export worker (see workers/export/wrangler.toml). */
export interface ExportEnv {
  DB: D1Database;
  SEARCH_DB: D1Database;
  EXPORTS: R2Bucket;
  /** The job queue it consumes: the scheduled cleanup queues idle jobs again. */
  EXPORT_QUEUE?: Queue<ExportJobMessage>;
  /** Embedded search index snapshots (search-index/). */
  SEARCH_INDEX: R2Bucket;
  APP_ENV: string;
  SEARCH_BACKEND: string;
  /** First retry delay of a failed export job in seconds (doubling per attempt, at most 300). */
  EXPORT_RETRY_BASE_SECONDS?: string;
  /** How long a delivery holds a job it claimed (default 900, a queue handler's limit). */
  EXPORT_LEASE_SECONDS?: string;
  /** After how long without work the cleanup fails a job with a refund instead of queuing it again (default 3600). */
  EXPORT_STALE_SECONDS?: string;
  /** Resilience suite only (`wrangler dev --var`): hold a job's first upload after this part, to be killed there. */
  EXPORT_FAULT_HOLD_AFTER_PART?: string;
  ELASTICSEARCH_URL?: string;
  ELASTICSEARCH_DIALECT?: string;
  ELASTICSEARCH_API_KEY?: string;
}
