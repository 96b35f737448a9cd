import { z } from "zod";
import { getSearchBackend } from "#search-index";
import { describeError, log } from "#shared/log";
import { cleanupExports, DEFAULT_STALE_MS } from "./cleanup/expire-exports";
import type { ExportEnv } from "./env";
import { DEFAULT_LEASE_MS } from "./jobs/job-store";
import { handleDeadLetterBatch, handleJobBatch } from "./jobs/queue-handlers";

const DEAD_LETTER_QUEUE = "urval-export-dead";
const DEFAULT_RETRY_BASE_SECONDS = 10;
const SecondsSchema = z.coerce.number().finite().nonnegative();

/** A number of seconds from a var, in ms; the default when the var is missing or not a number. */
function millisecondsOf(value: string | undefined, fallbackMs: number): number {
  const parsed = SecondsSchema.safeParse(value);
  return value !== undefined && parsed.success ? parsed.data * 1000 : fallbackMs;
}

/**
 * Export worker: consumes export jobs (streaming XLSX → R2 multipart), fails and refunds dead letters, and expires
 * files and jobs, queues idle ones again and fails abandoned ones on a schedule. Neither handler throws.
 */
export default {
  async queue(batch, env) {
    try {
      if (batch.queue === DEAD_LETTER_QUEUE) return await handleDeadLetterBatch(batch, env.DB);
      const context = {
        db: env.DB,
        exports: env.EXPORTS,
        backend: () => getSearchBackend(env),
        leaseMs: millisecondsOf(env.EXPORT_LEASE_SECONDS, DEFAULT_LEASE_MS),
        faultHoldAfterPart: env.EXPORT_FAULT_HOLD_AFTER_PART ? Number(env.EXPORT_FAULT_HOLD_AFTER_PART) : undefined,
      };
      await handleJobBatch(batch, context, Number(env.EXPORT_RETRY_BASE_SECONDS ?? DEFAULT_RETRY_BASE_SECONDS));
    } catch (error) {
      log("error", "export batch failed", { queue: batch.queue, ...describeError(error) });
      batch.retryAll();
    }
  },
  async scheduled(_controller, env) {
    try {
      await cleanupExports(env.DB, env.EXPORTS, {
        queue: env.EXPORT_QUEUE,
        leaseMs: millisecondsOf(env.EXPORT_LEASE_SECONDS, DEFAULT_LEASE_MS),
        staleMs: millisecondsOf(env.EXPORT_STALE_SECONDS, DEFAULT_STALE_MS),
      });
    } catch (error) {
      log("error", "export cleanup failed", describeError(error));
    }
  },
} satisfies ExportedHandler<ExportEnv, unknown>;
