/**
 * The webhook queues (issue 47 point 4). urval-webhooks: one message per event attempt (deliverEvent); a failed
 * attempt is retried by the queue after the backoff's delay; an event whose 24 hours ran out goes to
 * urval-webhooks-dead, whose handler marks it FAILED (also for a message whose retries the platform exhausted) and logs
 * it for the operator. Neither handler throws; an invalid message is logged and acknowledged.
 */
import { WebhookMessageSchema, type WebhookMessage } from "#shared/api-contracts/webhooks";
import { describeError, log } from "#shared/log";
import { deliverEvent, type RetryPolicy } from "./webhook-delivery";

export const WEBHOOK_QUEUE = "urval-webhooks";
export const WEBHOOK_DEAD_LETTER_QUEUE = "urval-webhooks-dead";

export interface WebhookQueueContext {
  db: D1Database;
  deadLetters: Queue<WebhookMessage>;
  policy: RetryPolicy;
  localDevelopment: boolean;
}

export async function handleWebhookBatch(batch: MessageBatch<unknown>, context: WebhookQueueContext): Promise<void> {
  for (const message of batch.messages) {
    const parsed = WebhookMessageSchema.safeParse(message.body);
    if (!parsed.success) {
      log("error", "webhook message rejected", { messageId: message.id });
      message.ack();
      continue;
    }
    try {
      const outcome = await deliverEvent(context.db, parsed.data, context);
      log(outcome.kind === "delivered" || outcome.kind === "skipped" ? "info" : "warn", "webhook delivery", {
        eventId: parsed.data.eventId,
        ...outcome,
        queueAttempts: message.attempts,
      });
      if (outcome.kind === "retry") message.retry({ delaySeconds: outcome.delaySeconds });
      else {
        if (outcome.kind === "failed") await context.deadLetters.send(parsed.data);
        message.ack();
      }
    } catch (error) {
      // D1 unreachable and the like: the event row is unchanged or still leased; the queue (or the sweep) tries again.
      log("warn", "webhook delivery will be retried", { eventId: parsed.data.eventId, ...describeError(error) });
      message.retry({ delaySeconds: 30 });
    }
  }
}

export async function handleWebhookDeadLetters(batch: MessageBatch<unknown>, db: D1Database): Promise<void> {
  for (const message of batch.messages) {
    const parsed = WebhookMessageSchema.safeParse(message.body);
    try {
      if (parsed.success)
        await db
          .prepare("UPDATE webhook_events SET state = 'FAILED', lease_until = NULL WHERE id = ? AND state = 'PENDING'")
          .bind(parsed.data.eventId)
          .run();
      log("error", "webhook event dead-lettered", { messageId: message.id, eventId: parsed.data?.eventId });
      message.ack();
    } catch (error) {
      log("error", "webhook dead letter not recorded", { messageId: message.id, ...describeError(error) });
      message.retry({ delaySeconds: 300 });
    }
  }
}
