/**
 * Webhook events (issue 47 point 4): what each endpoint is owed after a Bevakning alert job, a test event, a replay,
 * and the delivery log. An event row in D1 is the truth; the queue (WEBHOOK_QUEUE) carries only its id, and the sweep
 * queues again an event that is due and unclaimed, so an event survives a worker killed mid-delivery or a lost
 * message. An event's id is its `webhook-id` on every attempt: for a job it is derived from (endpoint, versions), so a
 * redelivered job makes no second event.
 */
import {
  MAX_COMPANIES_PER_EVENT,
  MAX_DELIVERIES_SHOWN,
  type WebhookDelivery,
  type WebhookMessage,
  type WebhookPayload,
} from "#shared/api-contracts/webhooks";
import { notFound } from "#shared/errors";
import type { MonitoringJobMessage } from "#shared/monitoring-job";
import { newSharedLinkId } from "../search/shared-link-service";

/** An event due this long ago and unclaimed is queued again by the sweep (its own queued attempt is late or lost). */
export const SWEEP_GRACE_MS = 30_000;
const SWEEP_BATCH = 100;

interface AlertRow {
  kind: "SEARCH_NEW" | "SEARCH_REMOVED" | "COMPANY_CHANGED";
  subject_id: string;
  org_no: string;
  company_name: string;
  changes: string;
}

async function eventIdFor(endpointId: string, job: MonitoringJobMessage): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${endpointId}|${job.fromVersion}|${job.toVersion}`));
  return `msg_${[...new Uint8Array(digest)]
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("")
    .slice(0, 32)}`;
}

function payloadFor(
  job: MonitoringJobMessage,
  savedSearchId: string | null,
  alerts: AlertRow[],
  searchNames: Map<string, string>,
  now: number,
): WebhookPayload | null {
  const mine = alerts.filter((a) => (savedSearchId === null ? true : a.kind !== "COMPANY_CHANGED" && a.subject_id === savedSearchId));
  if (mine.length === 0) return null;
  const company = (a: AlertRow) => ({ orgNo: a.org_no, name: a.company_name, savedSearchId: a.subject_id });
  const entered = mine.filter((a) => a.kind === "SEARCH_NEW");
  const left = mine.filter((a) => a.kind === "SEARCH_REMOVED");
  const changed = mine.filter((a) => a.kind === "COMPANY_CHANGED");
  const searchIds = [...new Set([...entered, ...left].map((a) => a.subject_id))].sort();
  const truncated = [entered, left, changed].some((list) => list.length > MAX_COMPANIES_PER_EVENT);
  return {
    type: "bevakning.changes",
    timestamp: new Date(now).toISOString(),
    data: {
      fromVersion: job.fromVersion,
      toVersion: job.toVersion,
      savedSearch: savedSearchId === null ? null : { id: savedSearchId, name: searchNames.get(savedSearchId) ?? "" },
      new: entered.slice(0, MAX_COMPANIES_PER_EVENT).map(company),
      removed: left.slice(0, MAX_COMPANIES_PER_EVENT).map(company),
      changed: changed.slice(0, MAX_COMPANIES_PER_EVENT).map((a) => ({
        orgNo: a.org_no,
        name: a.company_name,
        changes: JSON.parse(a.changes) as string[],
      })),
      searches: searchIds.map((id) => ({
        id,
        name: searchNames.get(id) ?? "",
        new: entered.filter((a) => a.subject_id === id).length,
        removed: left.filter((a) => a.subject_id === id).length,
      })),
      truncated,
    },
  };
}

async function enqueue(queue: Queue<WebhookMessage>, ids: string[]): Promise<void> {
  for (let at = 0; at < ids.length; at += 100) await queue.sendBatch(ids.slice(at, at + 100).map((eventId) => ({ body: { eventId } })));
}

/**
 * After an alert job wrote the user's alerts: one event per endpoint with something to say, queued. A redelivered job
 * finds its events (same ids) and queues again only those still owed.
 */
export async function createJobEvents(
  db: D1Database,
  queue: Queue<WebhookMessage>,
  job: MonitoringJobMessage,
  now = Date.now(),
): Promise<number> {
  const endpoints = await db
    .prepare("SELECT id, saved_search_id FROM webhook_endpoints WHERE user_id = ? ORDER BY id")
    .bind(job.userId)
    .all<{ id: string; saved_search_id: string | null }>();
  if (endpoints.results.length === 0) return 0;
  const [alerts, searches] = await db.batch([
    db
      .prepare(
        `SELECT kind, subject_id, org_no, company_name, changes FROM monitoring_alerts
         WHERE user_id = ? AND from_version = ? AND to_version = ? ORDER BY kind, company_name, org_seq_no`,
      )
      .bind(job.userId, job.fromVersion, job.toVersion),
    db.prepare("SELECT id, name FROM saved_searches WHERE user_id = ?").bind(job.userId),
  ]);
  const names = new Map(((searches?.results ?? []) as { id: string; name: string }[]).map((s) => [s.id, s.name]));
  const events: { id: string; endpointId: string; payload: WebhookPayload }[] = [];
  for (const endpoint of endpoints.results) {
    const payload = payloadFor(job, endpoint.saved_search_id, (alerts?.results ?? []) as AlertRow[], names, now);
    if (payload) events.push({ id: await eventIdFor(endpoint.id, job), endpointId: endpoint.id, payload });
  }
  if (events.length === 0) return 0;
  await db.batch(
    events.map((event) =>
      db
        .prepare(
          `INSERT OR IGNORE INTO webhook_events (id, endpoint_id, user_id, type, payload, state, next_attempt_at, round_started_at, created_at)
           VALUES (?, ?, ?, ?, ?, 'PENDING', ?, ?, ?)`,
        )
        .bind(event.id, event.endpointId, job.userId, event.payload.type, JSON.stringify(event.payload), now, now, now),
    ),
  );
  // A redelivered job finds its events made already: only those still owed are queued again.
  const pending = await db
    .prepare("SELECT id FROM webhook_events WHERE id IN (SELECT value FROM json_each(?)) AND state = 'PENDING'")
    .bind(JSON.stringify(events.map((event) => event.id)))
    .all<{ id: string }>();
  const owed = pending.results.map((row) => row.id);
  await enqueue(queue, owed);
  return owed.length;
}

async function ownedEndpoint(db: D1Database, userId: string, endpointId: string): Promise<void> {
  const row = await db.prepare("SELECT 1 FROM webhook_endpoints WHERE id = ? AND user_id = ?").bind(endpointId, userId).first();
  if (!row) throw notFound("WEBHOOK_NOT_FOUND", "Webhooken finns inte.");
}

/** A test event with an example of the payload (a made-up company), queued. */
export async function createTestEvent(
  db: D1Database,
  queue: Queue<WebhookMessage>,
  userId: string,
  endpointId: string,
  now = Date.now(),
): Promise<WebhookDelivery> {
  await ownedEndpoint(db, userId, endpointId);
  const payload: WebhookPayload = {
    type: "bevakning.test",
    timestamp: new Date(now).toISOString(),
    data: {
      fromVersion: 0,
      toVersion: 0,
      savedSearch: null,
      new: [],
      removed: [],
      changed: [{ orgNo: "556000-0000", name: "Testbolaget AB", changes: ["Det här är en testhändelse från Urval."] }],
      searches: [],
      truncated: false,
    },
  };
  const id = `msg_${newSharedLinkId(24)}`;
  await db
    .prepare(
      `INSERT INTO webhook_events (id, endpoint_id, user_id, type, payload, state, next_attempt_at, round_started_at, created_at)
       VALUES (?, ?, ?, ?, ?, 'PENDING', ?, ?, ?)`,
    )
    .bind(id, endpointId, userId, payload.type, JSON.stringify(payload), now, now, now)
    .run();
  await enqueue(queue, [id]);
  return (await readDeliveries(db, userId, endpointId, id))[0]!;
}

/** The same event (same id, same body) owed again: a new round of attempts from now. */
export async function replayEvent(
  db: D1Database,
  queue: Queue<WebhookMessage>,
  userId: string,
  endpointId: string,
  eventId: string,
  now = Date.now(),
): Promise<WebhookDelivery> {
  await ownedEndpoint(db, userId, endpointId);
  const replayed = await db
    .prepare(
      `UPDATE webhook_events SET state = 'PENDING', next_attempt_at = ?, round_started_at = ?, lease_until = NULL
       WHERE id = ? AND endpoint_id = ? AND user_id = ? AND (state <> 'PENDING' OR lease_until IS NULL OR lease_until <= ?)`,
    )
    .bind(now, now, eventId, endpointId, userId, now)
    .run();
  const [delivery] = await readDeliveries(db, userId, endpointId, eventId);
  if (!delivery) throw notFound("WEBHOOK_EVENT_NOT_FOUND", "Händelsen finns inte.");
  if (replayed.meta.changes > 0) await enqueue(queue, [eventId]);
  return delivery;
}

interface EventRow {
  id: string;
  type: WebhookDelivery["type"];
  created_at: number;
  state: WebhookDelivery["state"];
  attempts: number;
  last_status: number | null;
  delivered_at: number | null;
}

interface AttemptRow {
  event_id: string;
  attempt: number;
  started_at: number;
  duration_ms: number;
  status: number | null;
  error: string | null;
}

/** The endpoint's latest events (or one of them) with every attempt, newest first; another user's endpoint is 404. */
export async function listDeliveries(db: D1Database, userId: string, endpointId: string): Promise<WebhookDelivery[]> {
  await ownedEndpoint(db, userId, endpointId);
  return readDeliveries(db, userId, endpointId);
}

/** The events of an endpoint already known to be the user's (every statement is scoped to the user all the same). */
async function readDeliveries(db: D1Database, userId: string, endpointId: string, eventId?: string): Promise<WebhookDelivery[]> {
  const only = eventId === undefined ? "" : "AND id = ?";
  const binds = eventId === undefined ? [endpointId, userId] : [endpointId, userId, eventId];
  const events = await db
    .prepare(
      `SELECT id, type, created_at, state, attempts, last_status, delivered_at FROM webhook_events
       WHERE endpoint_id = ? AND user_id = ? ${only} ORDER BY created_at DESC, id LIMIT ${MAX_DELIVERIES_SHOWN}`,
    )
    .bind(...binds)
    .all<EventRow>();
  const ids = events.results.map((e) => e.id);
  const attempts = await db
    .prepare(
      `SELECT event_id, attempt, started_at, duration_ms, status, error FROM webhook_attempts
       WHERE event_id IN (SELECT value FROM json_each(?)) ORDER BY event_id, attempt`,
    )
    .bind(JSON.stringify(ids))
    .all<AttemptRow>();
  const logOf = new Map<string, AttemptRow[]>();
  for (const row of attempts.results) logOf.set(row.event_id, [...(logOf.get(row.event_id) ?? []), row]);
  return events.results.map((e) => ({
    id: e.id,
    type: e.type,
    createdAt: new Date(e.created_at).toISOString(),
    state: e.state,
    attempts: e.attempts,
    lastStatus: e.last_status,
    deliveredAt: e.delivered_at === null ? null : new Date(e.delivered_at).toISOString(),
    log: (logOf.get(e.id) ?? []).map((a) => ({
      attempt: a.attempt,
      at: new Date(a.started_at).toISOString(),
      durationMs: a.duration_ms,
      status: a.status,
      error: a.error,
    })),
  }));
}

/** Queues again the events that are due and unclaimed (a lost message, a worker killed mid-delivery). */
export async function sweepWebhookEvents(db: D1Database, queue: Queue<WebhookMessage>, now = Date.now()): Promise<number> {
  const due = await db
    .prepare(
      `SELECT id FROM webhook_events WHERE state = 'PENDING' AND next_attempt_at <= ?
         AND (lease_until IS NULL OR lease_until <= ?) ORDER BY next_attempt_at LIMIT ${SWEEP_BATCH}`,
    )
    .bind(now - SWEEP_GRACE_MS, now)
    .all<{ id: string }>();
  const ids = due.results.map((r) => r.id);
  await enqueue(queue, ids);
  return ids.length;
}
