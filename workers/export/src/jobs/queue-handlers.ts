/**
 * Queue batches → jobs. Never throws: each message is validated, then acknowledged or retried on its own.
 * Job queue: transient failures retry with exponential backoff (EXPORT_RETRY_BASE_SECONDS · 2^(attempt−1), at most
 * 5 minutes); after max_retries the queue moves the message to the dead-letter queue, whose handler fails the job and
 * refunds its reservation (unless a live delivery still holds it).
 */
import { ExportJobMessageSchema } from "#shared/export-job";
import { describeError, log } from "#shared/log";
import { failAbandonedJob } from "./job-store";
import { processJob, type JobContext } from "./process-job";

/** A delivery that found the job held by another waits this long before looking again. */
const BUSY_RETRY_SECONDS = 60;
const MAX_RETRY_SECONDS = 300;

export function retryDelaySeconds(attempts: number, baseSeconds: number): number {
  return Math.min(MAX_RETRY_SECONDS, Math.round(baseSeconds * 2 ** Math.max(0, attempts - 1)));
}

function jobIdOf(message: Message<unknown>, queue: string): string | null {
  const parsed = ExportJobMessageSchema.safeParse(message.body);
  if (parsed.success) return parsed.data.jobId;
  log("error", "export message rejected", { queue, messageId: message.id });
  message.ack();
  return null;
}

export async function handleJobBatch(batch: MessageBatch<unknown>, context: JobContext, retryBaseSeconds: number): Promise<void> {
  for (const message of batch.messages) {
    const jobId = jobIdOf(message, batch.queue);
    if (!jobId) continue;
    try {
      const outcome = await processJob(context, jobId);
      log("info", "export job delivery", { jobId, outcome, attempts: message.attempts });
      if (outcome === "busy") message.retry({ delaySeconds: BUSY_RETRY_SECONDS });
      else message.ack();
    } catch (error) {
      const delaySeconds = retryDelaySeconds(message.attempts, retryBaseSeconds);
      log("warn", "export job will be retried", { jobId, attempts: message.attempts, delaySeconds, ...describeError(error) });
      message.retry({ delaySeconds });
    }
  }
}

export async function handleDeadLetterBatch(batch: MessageBatch<unknown>, db: D1Database, now = Date.now): Promise<void> {
  for (const message of batch.messages) {
    const jobId = jobIdOf(message, batch.queue);
    if (!jobId) continue;
    try {
      const failed = await failAbandonedJob(db, jobId, "EXPORT_RETRIES_EXHAUSTED", now());
      log(failed ? "error" : "info", failed ? "export failed after retries, refunded" : "dead letter for a settled or held job", { jobId });
      message.ack();
    } catch (error) {
      log("error", "dead letter not handled", { jobId, ...describeError(error) });
      message.retry({ delaySeconds: MAX_RETRY_SECONDS });
    }
  }
}
