/**
 * A user's webhook endpoints in D1 (issue 47 point 4): made, listed, deleted and their secrets rotated. Every
 * statement is scoped to the caller, so another user's endpoint is WEBHOOK_NOT_FOUND (404).
 */
import { AppError, notFound, userMessage } from "#shared/errors";
import {
  MAX_WEBHOOKS,
  WEBHOOK_LIMIT_MESSAGE,
  WEBHOOK_URL_MESSAGES,
  type CreateWebhookRequest,
  type Webhook,
  type WebhookWithSecret,
} from "#shared/api-contracts/webhooks";
import { newSharedLinkId } from "../search/shared-link-service";
import { refuseEndpointUrl } from "./endpoint-url";
import { newSigningSecret } from "./signature";

/** How long the previous secret still signs after a rotation. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

interface EndpointRow {
  id: string;
  url: string;
  saved_search_id: string | null;
  saved_search_name: string | null;
  created_at: number;
  previous_secret_until: number | null;
}

const SELECT_ENDPOINTS = `SELECT e.id, e.url, e.saved_search_id, s.name AS saved_search_name, e.created_at, e.previous_secret_until
  FROM webhook_endpoints e LEFT JOIN saved_searches s ON s.id = e.saved_search_id WHERE e.user_id = ?`;

function toWebhook(row: EndpointRow, now: number): Webhook {
  const until = row.previous_secret_until !== null && row.previous_secret_until > now ? row.previous_secret_until : null;
  return {
    id: row.id,
    url: row.url,
    savedSearchId: row.saved_search_id,
    savedSearchName: row.saved_search_name,
    createdAt: new Date(row.created_at).toISOString(),
    previousSecretUntil: until === null ? null : new Date(until).toISOString(),
  };
}

export async function listWebhooks(db: D1Database, userId: string, now = Date.now()): Promise<Webhook[]> {
  const rows = await db.prepare(`${SELECT_ENDPOINTS} ORDER BY e.created_at, e.id`).bind(userId).all<EndpointRow>();
  return rows.results.map((row) => toWebhook(row, now));
}

async function readWebhook(db: D1Database, userId: string, id: string, now: number): Promise<Webhook> {
  const row = await db.prepare(`${SELECT_ENDPOINTS} AND e.id = ?`).bind(userId, id).first<EndpointRow>();
  if (!row) throw notFound("WEBHOOK_NOT_FOUND", "Webhooken finns inte.");
  return toWebhook(row, now);
}

export function checkEndpointUrl(url: string, localDevelopment: boolean): void {
  const refusal = refuseEndpointUrl(url, { localDevelopment });
  if (refusal)
    throw new AppError(`WEBHOOK_URL_${refusal}`, 400, WEBHOOK_URL_MESSAGES[refusal], {
      type: "VALIDATION",
      issues: [{ path: "url", message: WEBHOOK_URL_MESSAGES[refusal] }],
    });
}

export async function createWebhook(
  db: D1Database,
  userId: string,
  input: CreateWebhookRequest,
  options: { localDevelopment: boolean },
  now = Date.now(),
): Promise<WebhookWithSecret> {
  checkEndpointUrl(input.url, options.localDevelopment);
  if (input.savedSearchId !== null) {
    const owned = await db.prepare("SELECT 1 FROM saved_searches WHERE id = ? AND user_id = ?").bind(input.savedSearchId, userId).first();
    if (!owned) throw notFound("SAVED_SEARCH_NOT_FOUND", "Bevakningen finns inte.");
  }
  const id = `wh_${newSharedLinkId(16)}`;
  const secret = newSigningSecret();
  // The limit is part of the insert, so parallel requests cannot pass it together.
  const inserted = await db
    .prepare(
      `INSERT INTO webhook_endpoints (id, user_id, url, saved_search_id, secret, created_at)
       SELECT ?, ?, ?, ?, ?, ? WHERE (SELECT COUNT(*) FROM webhook_endpoints WHERE user_id = ?) < ?`,
    )
    .bind(id, userId, input.url, input.savedSearchId, secret, now, userId, MAX_WEBHOOKS)
    .run();
  if (inserted.meta.changes === 0) throw userMessage("WEBHOOK_LIMIT", WEBHOOK_LIMIT_MESSAGE);
  return { webhook: await readWebhook(db, userId, id, now), secret };
}

export async function deleteWebhook(db: D1Database, userId: string, id: string): Promise<void> {
  const deleted = await db.prepare("DELETE FROM webhook_endpoints WHERE id = ? AND user_id = ?").bind(id, userId).run();
  if (deleted.meta.changes === 0) throw notFound("WEBHOOK_NOT_FOUND", "Webhooken finns inte.");
}

/** A new secret; the current one becomes the previous and still signs for ROTATION_OVERLAP_MS. */
export async function rotateWebhookSecret(db: D1Database, userId: string, id: string, now = Date.now()): Promise<WebhookWithSecret> {
  const secret = newSigningSecret();
  const rotated = await db
    .prepare(
      `UPDATE webhook_endpoints SET previous_secret = secret, previous_secret_until = ?, secret = ?
       WHERE id = ? AND user_id = ?`,
    )
    .bind(now + ROTATION_OVERLAP_MS, secret, id, userId)
    .run();
  if (rotated.meta.changes === 0) throw notFound("WEBHOOK_NOT_FOUND", "Webhooken finns inte.");
  return { webhook: await readWebhook(db, userId, id, now), secret };
}

export interface EndpointSecrets {
  url: string;
  /** The current secret first; the previous one while it still signs. */
  secrets: string[];
}

export async function endpointSecrets(db: D1Database, endpointId: string, now = Date.now()): Promise<EndpointSecrets | null> {
  const row = await db
    .prepare("SELECT url, secret, previous_secret, previous_secret_until FROM webhook_endpoints WHERE id = ?")
    .bind(endpointId)
    .first<{ url: string; secret: string; previous_secret: string | null; previous_secret_until: number | null }>();
  if (!row) return null;
  const previous = row.previous_secret !== null && (row.previous_secret_until ?? 0) > now ? [row.previous_secret] : [];
  return { url: row.url, secrets: [row.secret, ...previous] };
}
