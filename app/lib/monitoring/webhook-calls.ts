/** The webhook calls of /bevakningar (issue 47 point 4), each validated with its contract. */
import { WebhookDeliveriesSchema, WebhookDeliverySchema, WebhookListSchema, WebhookWithSecretSchema } from "#shared/api-contracts/webhooks";
import { api } from "../api";

const BASE = "/sapi/monitoring/webhooks";
const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const fetchWebhooks = () => api.call(BASE, { schema: WebhookListSchema, retries: 1 });
export const createWebhook = (url: string, savedSearchId: string | null) =>
  api.call(BASE, { method: "POST", body: { url, savedSearchId }, schema: WebhookWithSecretSchema });
export const deleteWebhook = (id: string) => api.call(one(id), { method: "DELETE", responseType: "none" });
export const rotateWebhookSecret = (id: string) => api.call(`${one(id)}/rotate`, { method: "POST", schema: WebhookWithSecretSchema });
export const sendTestEvent = (id: string) => api.call(`${one(id)}/test`, { method: "POST", schema: WebhookDeliverySchema });
export const fetchDeliveries = (id: string) => api.call(`${one(id)}/deliveries`, { schema: WebhookDeliveriesSchema });
export const replayDelivery = (id: string, eventId: string) =>
  api.call(`${one(id)}/deliveries/${encodeURIComponent(eventId)}/replay`, { method: "POST", schema: WebhookDeliverySchema });
