/**
 * The webhook calls of /bevakningar (issue 47 point 4), each validated with its contract, which (with zod) is fetched
 * with the first call, not in the page's first load (decision 0063).
 */
import { api } from "../api";

const BASE = "/sapi/monitoring/webhooks";
const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`;
const contracts = () => import("#shared/api-contracts/webhooks");

export const fetchWebhooks = () => api.call(BASE, { schema: contracts().then((c) => c.WebhookListSchema), retries: 1 });
export const createWebhook = (url: string, savedSearchId: string | null) =>
  api.call(BASE, { method: "POST", body: { url, savedSearchId }, schema: contracts().then((c) => c.WebhookWithSecretSchema) });
export const deleteWebhook = (id: string) => api.call(one(id), { method: "DELETE", responseType: "none" });
export const rotateWebhookSecret = (id: string) =>
  api.call(`${one(id)}/rotate`, { method: "POST", schema: contracts().then((c) => c.WebhookWithSecretSchema) });
export const sendTestEvent = (id: string) =>
  api.call(`${one(id)}/test`, { method: "POST", schema: contracts().then((c) => c.WebhookDeliverySchema) });
export const fetchDeliveries = (id: string) =>
  api.call(`${one(id)}/deliveries`, { schema: contracts().then((c) => c.WebhookDeliveriesSchema) });
export const replayDelivery = (id: string, eventId: string) =>
  api.call(`${one(id)}/deliveries/${encodeURIComponent(eventId)}/replay`, {
    method: "POST",
    schema: contracts().then((c) => c.WebhookDeliverySchema),
  });
