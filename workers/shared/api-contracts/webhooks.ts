/**
 * Webhooks for Bevakning (issue 47 point 4, docs/decisions/0062): a user's HTTPS endpoints, each for one saved search
 * or for all of them, receive the changes after each reindex as signed JSON (Standard Webhooks). Shared by the API
 * worker (validation at the edge, both ways) and the web app. All under /sapi/monitoring/webhooks:
 *
 *   GET    /                                   → WebhookList
 *   POST   /                                   body CreateWebhookRequest → WebhookWithSecret (limit MAX_WEBHOOKS)
 *   DELETE /{id}                               → 204
 *   POST   /{id}/rotate                        → WebhookWithSecret (the previous secret signs too for 24 hours)
 *   POST   /{id}/test                          → WebhookDelivery (a test event, queued)
 *   GET    /{id}/deliveries                    → WebhookDeliveries (the latest events with every attempt)
 *   POST   /{id}/deliveries/{eventId}/replay   → WebhookDelivery (the same event, with the same webhook-id, again)
 *
 * Another user's endpoint or event is 404. The secret is shown when the endpoint is made and when it is rotated.
 */
import { z } from "zod";
import { SavedSearchIdSchema } from "./monitoring";

export const MAX_WEBHOOKS = 5;
/** Events listed per endpoint in the delivery log. */
export const MAX_DELIVERIES_SHOWN = 50;
/** Companies per list in one event; a larger change says `truncated` (the API has them all). */
export const MAX_COMPANIES_PER_EVENT = 1000;

export const WEBHOOK_LIMIT_MESSAGE = `Du kan ha högst ${MAX_WEBHOOKS} webhooks. Ta bort en innan du lägger till en ny.`;
export const WEBHOOK_URL_MESSAGES = {
  INVALID: "Ange en fullständig adress, till exempel https://crm.example.se/urval.",
  NOT_HTTPS: "Adressen måste börja med https://.",
  CREDENTIALS: "Skriv inte användarnamn eller lösenord i adressen.",
  PRIVATE_ADDRESS: "Adressen pekar på ett internt nät. Ange en adress som nås från internet.",
} as const;

export const WebhookIdSchema = z.string().regex(/^wh_[A-Za-z0-9]{16}$/, "Ogiltigt webhook-id");
export const WebhookEventIdSchema = z.string().regex(/^msg_[A-Za-z0-9]{24,32}$/, "Ogiltigt händelse-id");

export const CreateWebhookRequestSchema = z.object({
  url: z.string().trim().min(1, WEBHOOK_URL_MESSAGES.INVALID).max(2000, WEBHOOK_URL_MESSAGES.INVALID),
  /** null: every saved search of the user (and the watched companies). */
  savedSearchId: SavedSearchIdSchema.nullable(),
});
export type CreateWebhookRequest = z.infer<typeof CreateWebhookRequestSchema>;

export const WebhookSchema = z.object({
  id: WebhookIdSchema,
  url: z.string(),
  savedSearchId: SavedSearchIdSchema.nullable(),
  savedSearchName: z.string().nullable(),
  createdAt: z.string(),
  /** Until when the previous secret still signs (after a rotation), else null. */
  previousSecretUntil: z.string().nullable(),
});
export type Webhook = z.infer<typeof WebhookSchema>;

export const WebhookListSchema = z.object({ webhooks: z.array(WebhookSchema), max: z.number().int() });
export type WebhookList = z.infer<typeof WebhookListSchema>;

export const WebhookWithSecretSchema = z.object({ webhook: WebhookSchema, secret: z.string().startsWith("whsec_") });
export type WebhookWithSecret = z.infer<typeof WebhookWithSecretSchema>;

export const WebhookEventTypeSchema = z.enum(["bevakning.changes", "bevakning.test"]);

export const WebhookAttemptSchema = z.object({
  attempt: z.number().int(),
  at: z.string(),
  durationMs: z.number().int(),
  /** The receiver's status code; null when no answer came (timeout, refused connection). */
  status: z.number().int().nullable(),
  error: z.string().nullable(),
});

export const WebhookDeliverySchema = z.object({
  id: WebhookEventIdSchema,
  type: WebhookEventTypeSchema,
  createdAt: z.string(),
  state: z.enum(["PENDING", "DELIVERED", "FAILED"]),
  attempts: z.number().int(),
  lastStatus: z.number().int().nullable(),
  deliveredAt: z.string().nullable(),
  log: z.array(WebhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveriesSchema = z.object({ deliveries: z.array(WebhookDeliverySchema) });
export type WebhookDeliveries = z.infer<typeof WebhookDeliveriesSchema>;

const CompanyRefSchema = z.object({ orgNo: z.string(), name: z.string() });

/** The body every delivery POSTs (what receivers code against; the `webhook-id` header is the event's id). */
export const WebhookPayloadSchema = z.object({
  type: WebhookEventTypeSchema,
  timestamp: z.string(),
  data: z.object({
    fromVersion: z.number().int(),
    toVersion: z.number().int(),
    /** The saved search the changes are of; null for an endpoint of all searches (and for a test event). */
    savedSearch: z.object({ id: SavedSearchIdSchema, name: z.string() }).nullable(),
    /** Companies that entered or left a saved search (which one: savedSearchId). */
    new: z.array(CompanyRefSchema.extend({ savedSearchId: SavedSearchIdSchema })),
    removed: z.array(CompanyRefSchema.extend({ savedSearchId: SavedSearchIdSchema })),
    /** Watched companies with what changed (endpoints of all searches only). */
    changed: z.array(CompanyRefSchema.extend({ changes: z.array(z.string()) })),
    /** Per saved search: how many companies entered and left it (all of them, also when the lists are truncated). */
    searches: z.array(z.object({ id: SavedSearchIdSchema, name: z.string(), new: z.number().int(), removed: z.number().int() })),
    truncated: z.boolean(),
  }),
});
export type WebhookPayload = z.infer<typeof WebhookPayloadSchema>;

/** The queue message: which event to deliver (the row in D1 holds the rest). */
export const WebhookMessageSchema = z.object({ eventId: WebhookEventIdSchema });
export type WebhookMessage = z.infer<typeof WebhookMessageSchema>;
