import type { WebhookMessage } from "#shared/api-contracts/webhooks";
import type { MonitoringJobMessage } from "#shared/monitoring-job";
import type { ApiEnvBindings } from "../worker-configuration";

/**
 * Settings of the API worker that workers/api/wrangler.toml does not set, so `wrangler types` cannot see them: optional
 * vars an operator, `npm start` or a test adds, and the one optional secret (ELASTICSEARCH_API_KEY, set with `wrangler
 * secret put` only with ELASTICSEARCH_URL). The required secrets are in the config ([env.production.secrets]).
 */
interface ApiSettingsOutsideConfig {
  /** The site's origin for links in scheduled work (the digest); requests use their own origin. */
  PUBLIC_ORIGIN?: string;
  /** The export worker's lease in seconds (default 60): a job idle past it is queued again when its owner polls. */
  EXPORT_LEASE_SECONDS?: string;
  ELASTICSEARCH_URL?: string;
  ELASTICSEARCH_DIALECT?: string;
  ELASTICSEARCH_API_KEY?: string;
  ELASTICSEARCH_INDEX_PREFIX?: string;
  /**
   * Multiplies the per-user search limits (docs/decisions/0038) outside production: benchmarks drive one account at
   * thousands of searches a second (`URVAL_SEARCH_LIMIT_SCALE` of `npm start`). Ignored with APP_ENV production.
   */
  SEARCH_LIMIT_SCALE?: string;
  /** Lifetime of the location's shared search results in seconds (default 6 h; 0 turns it off; docs/decisions/0045). */
  SEARCH_EDGE_CACHE_SECONDS?: string;
  /**
   * "1" shows where a search's results came from to clients (X-Search-Cache, `response.cached`, the backend's time in
   * the answer and in Server-Timing): for tests and benchmarks only. Off by default and always off with APP_ENV
   * production, since a shared cache's hit tells one subscriber what another searched (issue 48 point 3); the request
   * log always has it.
   */
  SEARCH_CACHE_DIAGNOSTICS?: string;
  /** Webhooks' backoff base in seconds (default 10: 10 s, 40 s, 160 s, …) and their retry window (default 24 hours). */
  WEBHOOK_RETRY_BASE_SECONDS?: string;
  WEBHOOK_RETRY_WINDOW_SECONDS?: string;
}

/**
 * Bindings and vars of the API worker: generated from workers/api/wrangler.toml (`npm run types`, both environments),
 * with the queue's message type and the settings outside the config.
 */
export interface ApiEnv
  extends Omit<ApiEnvBindings, "MONITORING_QUEUE" | "WEBHOOK_QUEUE" | "WEBHOOK_DEAD_QUEUE">, ApiSettingsOutsideConfig {
  /** Bevakning's alert jobs (issue 16): produced and consumed by this worker. */
  MONITORING_QUEUE: Queue<MonitoringJobMessage>;
  /** Webhook event attempts and the events whose retries ran out (issue 47 point 4): produced and consumed here. */
  WEBHOOK_QUEUE: Queue<WebhookMessage>;
  WEBHOOK_DEAD_QUEUE: Queue<WebhookMessage>;
}

export interface RequestVars {
  requestId: string;
  /** Milliseconds spent in the search backend, in the request log (and Server-Timing with SEARCH_CACHE_DIAGNOSTICS). */
  backendMs: number;
  /** Where a search's results came from, for the request log: this isolate's cache, the location's, or the backend. */
  searchCache: "isolate" | "location" | "miss" | undefined;
  userId: string | undefined;
}

export interface ApiBindings {
  Bindings: ApiEnv;
  Variables: RequestVars;
}
