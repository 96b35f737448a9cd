import { getSearchBackend } from "../../../search-index";
import { describeError, log } from "../../shared/log";
import { cleanupExports } from "./cleanup/expire-exports";
import type { ExportEnv } from "./env";
import { handleDeadLetterBatch, handleJobBatch } from "./jobs/queue-handlers";

const DEAD_LETTER_QUEUE = "urval-export-dead";
const DEFAULT_RETRY_BASE_SECONDS = 10;

/**
 * Export worker: consumes export jobs (streaming XLSX → R2 multipart), fails and refunds dead letters, and expires
 * files and jobs on a schedule. Neither handler throws.
 */
export default {
  async queue(batch, env) {
    try {
      if (batch.queue === DEAD_LETTER_QUEUE) return await handleDeadLetterBatch(batch, env.DB);
      const context = { db: env.DB, exports: env.EXPORTS, backend: () => getSearchBackend(env) };
      await handleJobBatch(batch, context, Number(env.EXPORT_RETRY_BASE_SECONDS ?? DEFAULT_RETRY_BASE_SECONDS));
    } catch (error) {
      log("error", "export batch failed", { queue: batch.queue, ...describeError(error) });
      batch.retryAll();
    }
  },
  async scheduled(_controller, env) {
    try {
      await cleanupExports(env.DB, env.EXPORTS);
    } catch (error) {
      log("error", "export cleanup failed", describeError(error));
    }
  },
} satisfies ExportedHandler<ExportEnv, unknown>;
