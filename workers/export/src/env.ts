import type { ExportJobMessage } from "#shared/export-job";
import type { ExportEnvBindings } from "../worker-configuration";

/**
 * Settings of the export worker that workers/export/wrangler.toml does not set, so `wrangler types` cannot see them:
 * optional vars an operator, `npm start` or a test adds, and the one optional secret (ELASTICSEARCH_API_KEY, set with
 * `wrangler secret put` only with ELASTICSEARCH_URL).
 */
interface ExportSettingsOutsideConfig {
  /** First retry delay of a failed export job in seconds (doubling per attempt, at most 300). */
  EXPORT_RETRY_BASE_SECONDS?: string;
  /** How long a delivery holds a job after its claim or its last heartbeat (default 60; set it on the API worker too). */
  EXPORT_LEASE_SECONDS?: string;
  /** After how long without work the cleanup fails a job with a refund instead of queuing it again (default 3600). */
  EXPORT_STALE_SECONDS?: string;
  /** Resilience suite only (`wrangler dev --var`): hold a job's first upload after this part, to be killed there. */
  EXPORT_FAULT_HOLD_AFTER_PART?: string;
  ELASTICSEARCH_URL?: string;
  ELASTICSEARCH_DIALECT?: string;
  ELASTICSEARCH_API_KEY?: string;
  ELASTICSEARCH_INDEX_PREFIX?: string;
}

/**
 * Bindings and vars of the export worker: generated from workers/export/wrangler.toml (`npm run types`, both
 * environments), with the queue's message type and the settings outside the config.
 */
export interface ExportEnv extends Omit<ExportEnvBindings, "EXPORT_QUEUE">, ExportSettingsOutsideConfig {
  /** The job queue it consumes: the scheduled cleanup queues idle jobs again. */
  EXPORT_QUEUE: Queue<ExportJobMessage>;
}
