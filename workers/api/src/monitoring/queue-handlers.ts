/**
 * The API worker's Bevakning queues (issue 16). Alert jobs: each message is validated and processed on its own; an
 * invalid message or a job for an unknown user is dead-lettered at once (monitoring_dead_jobs, acknowledged), so a
 * poison message never blocks the others; a failure retries with backoff and, after max_retries, the queue moves the
 * message to urval-monitoring-dead, whose handler records it. Neither handler throws.
 */
import { describeError, log } from "#shared/log";
import { MonitoringJobMessageSchema } from "#shared/monitoring-job";
import type { WebhookMessage } from "#shared/api-contracts/webhooks";
import type { Messenger } from "../messaging/outbound-message";
import { createJobEvents } from "../webhooks/webhook-events";
import { processAlertJob } from "./alert-job";

const RETRY_BASE_SECONDS = 10;
const MAX_RETRY_SECONDS = 300;

async function deadLetter(db: D1Database, body: unknown, reason: string, now = Date.now()): Promise<void> {
  const text = JSON.stringify(body ?? null).slice(0, 4000);
  await db.prepare("INSERT INTO monitoring_dead_jobs (body, reason, created_at) VALUES (?, ?, ?)").bind(text, reason, now).run();
}

/** After the alerts are written, the user's webhook endpoints get their events (webhooks/webhook-events.ts). */
export async function handleMonitoringBatch(
  batch: MessageBatch<unknown>,
  db: D1Database,
  messenger: Messenger,
  webhooks: Queue<WebhookMessage>,
): Promise<void> {
  for (const message of batch.messages) {
    try {
      const parsed = MonitoringJobMessageSchema.safeParse(message.body);
      if (!parsed.success) {
        log("error", "monitoring job rejected", { messageId: message.id });
        await deadLetter(db, message.body, "INVALID_MESSAGE");
        message.ack();
        continue;
      }
      const outcome = await processAlertJob(db, messenger, parsed.data);
      if (outcome === "unknown-user") await deadLetter(db, message.body, "UNKNOWN_USER");
      const webhookEvents = outcome === "done" ? await createJobEvents(db, webhooks, parsed.data) : 0;
      log("info", "monitoring job delivery", { ...parsed.data, origin: undefined, outcome, webhookEvents, attempts: message.attempts });
      message.ack();
    } catch (error) {
      const delaySeconds = Math.min(MAX_RETRY_SECONDS, RETRY_BASE_SECONDS * 2 ** Math.max(0, message.attempts - 1));
      log("warn", "monitoring job will be retried", {
        messageId: message.id,
        attempts: message.attempts,
        delaySeconds,
        ...describeError(error),
      });
      message.retry({ delaySeconds });
    }
  }
}

/** Messages whose retries ran out: recorded for the operator (and the job row marked), then acknowledged. */
export async function handleMonitoringDeadLetters(batch: MessageBatch<unknown>, db: D1Database): Promise<void> {
  for (const message of batch.messages) {
    try {
      await deadLetter(db, message.body, "RETRIES_EXHAUSTED");
      const job = MonitoringJobMessageSchema.safeParse(message.body);
      if (job.success) {
        await db
          .prepare(
            "UPDATE monitoring_alert_jobs SET failed_reason = 'RETRIES_EXHAUSTED' WHERE user_id = ? AND from_version = ? AND to_version = ?",
          )
          .bind(job.data.userId, job.data.fromVersion, job.data.toVersion)
          .run();
      }
      log("error", "monitoring job dead-lettered after retries", { messageId: message.id });
      message.ack();
    } catch (error) {
      log("error", "monitoring dead letter not recorded", { messageId: message.id, ...describeError(error) });
      message.retry({ delaySeconds: MAX_RETRY_SECONDS });
    }
  }
}
