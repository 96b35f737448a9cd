/**
 * Queue batches → jobs. Never throws: each message is validated, then acknowledged or retried on its own.
 * Job queue: transient failures retry with exponential backoff (EXPORT_RETRY_BASE_SECONDS · 2^(attempt−1), at most
 * 5 minutes); after max_retries the queue moves the message to the dead-letter queue, whose handler fails the job and
 * refunds its reservation (unless a live delivery still holds it).
 */
import { ExportJobMessageSchema } from "#shared/export-job";
import { describeError, log } from "#shared/log";
import { DEFAULT_LEASE_MS, failAbandonedJob } from "./job-store";
import { processJob, type JobContext } from "./process-job";

const MAX_RETRY_SECONDS = 300;

/**
 * A delivery that found the job held by another looks again after one lease and a second: a live holder has renewed
 * it meanwhile (busy again), a dead one's lease has run out by then (lease_until is never more than a lease after
 * now), so a message redelivered after its delivery died takes the job over about a lease after the death.
 */
export const busyRetrySeconds = (leaseMs = DEFAULT_LEASE_MS) => Math.min(MAX_RETRY_SECONDS, Math.ceil(leaseMs / 1000) + 1);

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
      // "lost": this delivery's lease was taken over; the delivery that claimed the job settles it.
      if (outcome === "busy") message.retry({ delaySeconds: busyRetrySeconds(context.leaseMs) });
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
