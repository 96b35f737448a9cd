/**
 * One delivery attempt of a webhook event (issue 47 point 4). The attempt is claimed with a lease on the event row (so
 * two copies of a message never post at once), posted with the Standard Webhooks headers, logged, and then settled:
 * DELIVERED on a 2xx; else the next attempt after an exponential backoff (base × 4^(n−1): 10 s, 40 s, 160 s, … by
 * default), the last one at the end of the round's window (24 hours), after which the event is FAILED and goes to the
 * dead-letter queue. Redirects are not followed (a 3xx is a failed attempt), so an endpoint cannot send the request on
 * to an address it could not have been registered with.
 */
import type { WebhookMessage } from "#shared/api-contracts/webhooks";
import { refuseEndpointUrl } from "./endpoint-url";
import { signedHeaders, type SignedHeaders } from "./signature";
import { endpointSecrets } from "./webhook-store";

/** A claimed attempt's lease: longer than the request's timeout, so a live attempt is never swept. */
export const LEASE_MS = 30_000;
export const REQUEST_TIMEOUT_MS = 10_000;
/** Cloudflare Queues delay a retry by at most 12 hours. */
const MAX_QUEUE_DELAY_SECONDS = 43_200;
/** A message that arrives this early for its attempt is left to the one queued for it (or the sweep). */
const EARLY_SLACK_MS = 2_000;

export interface RetryPolicy {
  baseSeconds: number;
  windowSeconds: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { baseSeconds: 10, windowSeconds: 24 * 60 * 60 };

/** The policy from the worker's settings (WEBHOOK_RETRY_BASE_SECONDS, WEBHOOK_RETRY_WINDOW_SECONDS; tests shorten them). */
export function retryPolicy(env: { WEBHOOK_RETRY_BASE_SECONDS?: string; WEBHOOK_RETRY_WINDOW_SECONDS?: string }): RetryPolicy {
  const read = (value: string | undefined, fallback: number) => {
    const n = Number(value);
    return value !== undefined && Number.isFinite(n) && n > 0 ? n : fallback;
  };
  return {
    baseSeconds: read(env.WEBHOOK_RETRY_BASE_SECONDS, DEFAULT_RETRY_POLICY.baseSeconds),
    windowSeconds: read(env.WEBHOOK_RETRY_WINDOW_SECONDS, DEFAULT_RETRY_POLICY.windowSeconds),
  };
}

/**
 * Seconds until the next attempt after `attempts` failed ones, `elapsedMs` into the round; null when the round is over
 * (the event fails).
 */
export function nextDelaySeconds(policy: RetryPolicy, attempts: number, elapsedMs: number): number | null {
  const left = policy.windowSeconds - elapsedMs / 1000;
  if (left <= 0) return null;
  const backoff = Math.min(policy.baseSeconds * 4 ** Math.max(0, attempts - 1), MAX_QUEUE_DELAY_SECONDS);
  return Math.max(1, Math.ceil(Math.min(backoff, left)));
}

export type DeliveryOutcome =
  | { kind: "delivered"; status: number }
  | { kind: "retry"; delaySeconds: number; status: number | null }
  | { kind: "failed"; status: number | null }
  | { kind: "skipped"; reason: "not-owed" | "claimed" | "early" | "no-endpoint" };

interface ClaimedEvent {
  endpoint_id: string;
  payload: string;
  attempts: number;
  round_started_at: number;
}

async function claim(db: D1Database, eventId: string, now: number): Promise<ClaimedEvent | DeliveryOutcome> {
  const claimed = await db
    .prepare(
      `UPDATE webhook_events SET lease_until = ?, attempts = attempts + 1
       WHERE id = ? AND state = 'PENDING' AND next_attempt_at <= ? AND (lease_until IS NULL OR lease_until <= ?)
       RETURNING endpoint_id, payload, attempts, round_started_at`,
    )
    .bind(now + LEASE_MS, eventId, now + EARLY_SLACK_MS, now)
    .first<ClaimedEvent>();
  if (claimed) return claimed;
  const row = await db
    .prepare("SELECT state, next_attempt_at, lease_until FROM webhook_events WHERE id = ?")
    .bind(eventId)
    .first<{ state: string; next_attempt_at: number; lease_until: number | null }>();
  if (!row || row.state !== "PENDING") return { kind: "skipped", reason: "not-owed" };
  if (row.lease_until !== null && row.lease_until > now) return { kind: "skipped", reason: "claimed" };
  return { kind: "skipped", reason: "early" };
}

async function post(url: string, headers: SignedHeaders, body: string): Promise<{ status: number | null; error: string | null }> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/json", "User-Agent": "Urval-Webhooks/1" },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    await response.body?.cancel();
    return { status: response.status, error: response.status >= 300 && response.status < 400 ? "REDIRECT_NOT_FOLLOWED" : null };
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    return { status: null, error: name === "TimeoutError" || name === "AbortError" ? "TIMEOUT" : "CONNECTION_FAILED" };
  }
}

export async function deliverEvent(
  db: D1Database,
  message: WebhookMessage,
  options: { policy: RetryPolicy; localDevelopment: boolean },
  now = Date.now(),
): Promise<DeliveryOutcome> {
  const claimed = await claim(db, message.eventId, now);
  if ("kind" in claimed) return claimed;
  const endpoint = await endpointSecrets(db, claimed.endpoint_id, now);
  if (!endpoint) return { kind: "skipped", reason: "no-endpoint" };
  const started = Date.now();
  const refused = refuseEndpointUrl(endpoint.url, { localDevelopment: options.localDevelopment });
  const sign = () => signedHeaders(message.eventId, Math.floor(now / 1000), claimed.payload, endpoint.secrets);
  const answer = refused ? { status: null, error: `URL_${refused}` } : await post(endpoint.url, await sign(), claimed.payload);
  const finished = Date.now();
  const ok = answer.status !== null && answer.status >= 200 && answer.status < 300;
  const delay = ok || refused ? null : nextDelaySeconds(options.policy, claimed.attempts, finished - claimed.round_started_at);
  const state = ok ? "DELIVERED" : delay === null ? "FAILED" : "PENDING";
  await db.batch([
    db
      .prepare(
        "INSERT OR REPLACE INTO webhook_attempts (event_id, attempt, started_at, duration_ms, status, error) VALUES (?, ?, ?, ?, ?, ?)",
      )
      .bind(message.eventId, claimed.attempts, started, finished - started, answer.status, answer.error),
    db
      .prepare(
        `UPDATE webhook_events SET state = ?, last_status = ?, lease_until = NULL, next_attempt_at = ?,
           delivered_at = CASE WHEN ? = 'DELIVERED' THEN ? ELSE delivered_at END
         WHERE id = ?`,
      )
      .bind(state, answer.status, delay === null ? finished : finished + delay * 1000, state, finished, message.eventId),
  ]);
  if (ok) return { kind: "delivered", status: answer.status! };
  if (delay === null) return { kind: "failed", status: answer.status };
  return { kind: "retry", delaySeconds: delay, status: answer.status };
}
