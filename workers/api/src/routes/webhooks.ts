import { Hono, type Context } from "hono";
import {
  CreateWebhookRequestSchema,
  MAX_WEBHOOKS,
  WebhookDeliveriesSchema,
  WebhookDeliverySchema,
  WebhookEventIdSchema,
  WebhookIdSchema,
  WebhookListSchema,
  WebhookWithSecretSchema,
} from "#shared/api-contracts/webhooks";
import { parseOrThrow } from "#shared/errors";
import { describeError, log } from "#shared/log";
import { readJson } from "../auth/request-input";
import type { ApiBindings } from "../env";
import { contractJson } from "../http/contract-answer";
import { currentSession } from "../middleware/session";
import { createTestEvent, listDeliveries, replayEvent, sweepWebhookEvents } from "../webhooks/webhook-events";
import { createWebhook, deleteWebhook, listWebhooks, rotateWebhookSecret } from "../webhooks/webhook-store";

const userOf = (c: Context<ApiBindings>) => currentSession(c).userId;
const webhookId = (c: Context<ApiBindings>) => parseOrThrow(WebhookIdSchema, c.req.param("id"), "id");
const eventId = (c: Context<ApiBindings>) => parseOrThrow(WebhookEventIdSchema, c.req.param("eventId"), "eventId");

/** Events owed and unclaimed (a worker killed mid-delivery) are queued again after the answer, besides the cron. */
function sweepAfterAnswer(c: Context<ApiBindings>): void {
  const swept = sweepWebhookEvents(c.env.DB, c.env.WEBHOOK_QUEUE).then(
    (n) => n > 0 && log("warn", "webhook events queued again by the sweep", { requestId: c.var.requestId, swept: n }),
    (error: unknown) => log("error", "webhook sweep failed", { requestId: c.var.requestId, ...describeError(error) }),
  );
  c.executionCtx.waitUntil(swept);
}

/** Mounted at /sapi/monitoring/webhooks (issue 47 point 4); the calls are listed in workers/shared/api-contracts/webhooks.ts. */
export const webhookRoutes = new Hono<ApiBindings>()
  .use("*", async (c, next) => {
    c.header("Cache-Control", "no-store");
    await next();
  })
  .get("/", async (c) => {
    sweepAfterAnswer(c);
    return contractJson(c, WebhookListSchema, { webhooks: await listWebhooks(c.env.DB, userOf(c)), max: MAX_WEBHOOKS });
  })
  .post("/", async (c) => {
    const input = await readJson(c, CreateWebhookRequestSchema);
    const created = await createWebhook(c.env.DB, userOf(c), input, { localDevelopment: c.env.APP_ENV === "development" });
    log("info", "webhook created", { requestId: c.var.requestId, webhookId: created.webhook.id });
    return contractJson(c, WebhookWithSecretSchema, created);
  })
  .delete("/:id", async (c) => {
    await deleteWebhook(c.env.DB, userOf(c), webhookId(c));
    return c.body(null, 204);
  })
  .post("/:id/rotate", async (c) => {
    const rotated = await rotateWebhookSecret(c.env.DB, userOf(c), webhookId(c));
    log("info", "webhook secret rotated", { requestId: c.var.requestId, webhookId: rotated.webhook.id });
    return contractJson(c, WebhookWithSecretSchema, rotated);
  })
  .post("/:id/test", async (c) =>
    contractJson(c, WebhookDeliverySchema, await createTestEvent(c.env.DB, c.env.WEBHOOK_QUEUE, userOf(c), webhookId(c))),
  )
  .get("/:id/deliveries", async (c) => {
    sweepAfterAnswer(c);
    return contractJson(c, WebhookDeliveriesSchema, { deliveries: await listDeliveries(c.env.DB, userOf(c), webhookId(c)) });
  })
  .post("/:id/deliveries/:eventId/replay", async (c) =>
    contractJson(c, WebhookDeliverySchema, await replayEvent(c.env.DB, c.env.WEBHOOK_QUEUE, userOf(c), webhookId(c), eventId(c))),
  );
