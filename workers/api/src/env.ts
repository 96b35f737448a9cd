import type { MonitoringJobMessage } from "#shared/monitoring-job";

/** Bindings and vars of the API worker (see workers/api/wrangler.toml). */
export interface ApiEnv {
  DB: D1Database;
  SEARCH_DB: D1Database;
  EXPORTS: R2Bucket;
  /** Embedded search index snapshots (search-index/). */
  SEARCH_INDEX: R2Bucket;
  EXPORT_QUEUE: Queue<unknown>;
  /** Bevakning's alert jobs (issue 16): produced and consumed by this worker. */
  MONITORING_QUEUE: Queue<MonitoringJobMessage>;
  /** The site's origin for links in scheduled work (the digest); requests use their own origin. */
  PUBLIC_ORIGIN?: string;
  /** The export worker's lease in seconds (default 900): a job idle past it is queued again when its owner polls. */
  EXPORT_LEASE_SECONDS?: string;
  APP_ENV: string;
  SEARCH_BACKEND: string;
  DEV_MAILBOX?: string;
  ELASTICSEARCH_URL?: string;
  ELASTICSEARCH_DIALECT?: string;
  ELASTICSEARCH_API_KEY?: string;
}

export interface RequestVars {
  requestId: string;
  /** Milliseconds spent in the search backend, reported in Server-Timing and the request log. */
  backendMs: number;
  userId: string | undefined;
}

export interface ApiBindings {
  Bindings: ApiEnv;
  Variables: RequestVars;
}
