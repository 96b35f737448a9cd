import { AppError } from "#shared/errors";

/**
 * Sliding-window rate limits in D1 (table rate_limit_events). `consume` inserts one event only while the bucket holds
 * fewer than `limit` events inside the window; it is one INSERT … SELECT statement, and D1 runs statements one at a
 * time, so parallel requests can never push a bucket past its limit. Events age out: no permanent lockout.
 * A bucket may be held to several windows at once (a burst and a sustained rate, docs/decisions/0038): the one event
 * is recorded only while every window has room.
 */
export interface RateWindow {
  limit: number;
  windowMs: number;
}

export interface RateLimit extends RateWindow {
  bucket: string;
}

/** One bucket held to several windows at once. */
export interface MultiWindowLimit {
  bucket: string;
  windows: readonly RateWindow[];
}

const windowsOf = (rule: RateLimit | MultiWindowLimit): readonly RateWindow[] => ("windows" in rule ? rule.windows : [rule]);

export const TOO_MANY_ATTEMPTS_MESSAGE = "För många försök. Vänta en stund och försök igen.";

/** 429 with the spec's error body and a Retry-After header (seconds). */
export class RateLimitedError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number, message = TOO_MANY_ATTEMPTS_MESSAGE) {
    super("RATE_LIMITED", 429, message, { type: "USER_MESSAGE", headers: { "Retry-After": String(retryAfterSeconds) } });
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Records one event in `bucket` while every window has room; returns its id, or undefined when one is full. */
export async function tryConsumeWindows(
  db: D1Database,
  bucket: string,
  windows: readonly RateWindow[],
  now = Date.now(),
): Promise<number | undefined> {
  const conditions = windows.map(
    (_, i) => `(SELECT COUNT(*) FROM rate_limit_events WHERE bucket = ?1 AND at > ?${3 + 2 * i}) < ?${4 + 2 * i}`,
  );
  const row = await db
    .prepare(`INSERT INTO rate_limit_events (bucket, at) SELECT ?1, ?2 WHERE ${conditions.join(" AND ")} RETURNING id`)
    .bind(bucket, now, ...windows.flatMap((w) => [now - w.windowMs, w.limit]))
    .first<{ id: number }>();
  return row?.id;
}

/** Seconds until every full window of the bucket has room again: its oldest event in the window ages out. */
async function retryAfterSeconds(db: D1Database, bucket: string, windows: readonly RateWindow[], now: number): Promise<number> {
  const statement = db.prepare("SELECT COUNT(*) AS n, MIN(at) AS oldest FROM rate_limit_events WHERE bucket = ? AND at > ?");
  const answers = await db.batch<{ n: number; oldest: number | null }>(windows.map((w) => statement.bind(bucket, now - w.windowMs)));
  let retryMs = 0;
  windows.forEach((window, i) => {
    const row = answers[i]?.results[0];
    if (row && row.n >= window.limit) retryMs = Math.max(retryMs, (row.oldest ?? now) + window.windowMs - now);
  });
  return Math.max(1, Math.ceil(retryMs / 1000));
}

/** Records one event in `bucket` or throws 429 with a Retry-After estimate. */
export async function consumeWindows(
  db: D1Database,
  bucket: string,
  windows: readonly RateWindow[],
  options: { now?: number; message?: string } = {},
): Promise<number> {
  const now = options.now ?? Date.now();
  const id = await tryConsumeWindows(db, bucket, windows, now);
  if (id !== undefined) return id;
  throw new RateLimitedError(await retryAfterSeconds(db, bucket, windows, now), options.message);
}

/** Records one event or throws 429 with a Retry-After estimate. */
export function consume(db: D1Database, rule: RateLimit | MultiWindowLimit, now = Date.now(), message?: string): Promise<number> {
  return consumeWindows(db, rule.bucket, windowsOf(rule), { now, ...(message === undefined ? {} : { message }) });
}

/** Takes back an event (a reserved failure slot after a successful sign-in). */
export async function release(db: D1Database, eventId: number): Promise<void> {
  await db.prepare("DELETE FROM rate_limit_events WHERE id = ?").bind(eventId).run();
}

/** Deletes events older than any window (called now and then from requests; cheap with the index on at). */
export async function pruneEvents(db: D1Database, olderThanMs = 24 * 60 * 60 * 1000, now = Date.now()): Promise<void> {
  await db
    .prepare("DELETE FROM rate_limit_events WHERE at < ?")
    .bind(now - olderThanMs)
    .run();
}
