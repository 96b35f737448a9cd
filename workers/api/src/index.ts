import { describeError, log } from "#shared/log";
import { MONITORING_DEAD_LETTER_QUEUE } from "#shared/monitoring-job";
import { createApp } from "./app";
import { authConfig } from "./auth/auth-config";
import type { ApiEnv } from "./env";
import { messengerFor } from "./messaging/messenger";
import { dispatchMonitoringRuns } from "./monitoring/dispatch-runs";
import { handleMonitoringBatch, handleMonitoringDeadLetters } from "./monitoring/queue-handlers";
import { pruneMonitoring } from "./monitoring/retention";
import { handleWebhookBatch, handleWebhookDeadLetters, WEBHOOK_DEAD_LETTER_QUEUE, WEBHOOK_QUEUE } from "./webhooks/queue-handlers";
import { retryPolicy } from "./webhooks/webhook-delivery";
import { sweepWebhookEvents } from "./webhooks/webhook-events";

const app = createApp();

/** The per-user counter of the longer call-limit windows (rate-limits/call-limits.ts), a Durable Object per user. */
export { UserCallLimits } from "./rate-limits/user-call-limits";

export default {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
  /** Bevakning's alert jobs and the webhook events (issues 16 and 47), with their dead letters. Never throws. */
  async queue(batch, env) {
    try {
      if (batch.queue === WEBHOOK_QUEUE)
        return await handleWebhookBatch(batch, {
          db: env.DB,
          deadLetters: env.WEBHOOK_DEAD_QUEUE,
          policy: retryPolicy(env),
          localDevelopment: env.APP_ENV === "development",
        });
      if (batch.queue === WEBHOOK_DEAD_LETTER_QUEUE) return await handleWebhookDeadLetters(batch, env.DB);
      if (batch.queue === MONITORING_DEAD_LETTER_QUEUE) return await handleMonitoringDeadLetters(batch, env.DB);
      await handleMonitoringBatch(batch, env.DB, messengerFor(env, authConfig(env)), env.WEBHOOK_QUEUE);
    } catch (error) {
      log("error", "queue batch failed", { queue: batch.queue, ...describeError(error) });
      batch.retryAll();
    }
  },
  /**
   * Enqueues the alert jobs of a reindex that went live while nobody called the API (production cron), queues again
   * the webhook events that are due and unclaimed, then deletes what Bevakning's retention no longer keeps.
   */
  async scheduled(_controller, env) {
    try {
      await dispatchMonitoringRuns(env.DB, env.MONITORING_QUEUE, env.PUBLIC_ORIGIN ?? "http://localhost:8787");
    } catch (error) {
      log("error", "monitoring dispatch failed", describeError(error));
    }
    try {
      const swept = await sweepWebhookEvents(env.DB, env.WEBHOOK_QUEUE);
      if (swept > 0) log("warn", "webhook events queued again by the sweep", { swept });
    } catch (error) {
      log("error", "webhook sweep failed", describeError(error));
    }
    try {
      const pruned = await pruneMonitoring(env.DB);
      if (pruned.alerts + pruned.jobs + pruned.staged > 0) log("info", "monitoring retention", { ...pruned });
    } catch (error) {
      log("error", "monitoring retention failed", describeError(error));
    }
  },
} satisfies ExportedHandler<ApiEnv, unknown>;
