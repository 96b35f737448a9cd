import { AppError } from "#shared/errors";

/**
 * Sliding-window rate limits in D1 (table rate_limit_events). `consume` inserts one event only while the bucket holds
 * fewer than `limit` events inside the window; it is one INSERT … SELECT statement, and D1 runs statements one at a
 * time, so parallel requests can never push a bucket past its limit. Events age out: no permanent lockout.
 */
export interface RateLimit {
  bucket: string;
  limit: number;
  windowMs: number;
}

export const TOO_MANY_ATTEMPTS_MESSAGE = "För många försök. Vänta en stund och försök igen.";

export class RateLimitedError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number, message = TOO_MANY_ATTEMPTS_MESSAGE) {
    super("RATE_LIMITED", 429, message, { type: "USER_MESSAGE" });
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Records one event; returns its id, or undefined when the bucket is full. */
export async function tryConsume(db: D1Database, rule: RateLimit, now = Date.now()): Promise<number | undefined> {
  const row = await db
    .prepare(
      `INSERT INTO rate_limit_events (bucket, at)
       SELECT ?1, ?2 WHERE (SELECT COUNT(*) FROM rate_limit_events WHERE bucket = ?1 AND at > ?3) < ?4
       RETURNING id`,
    )
    .bind(rule.bucket, now, now - rule.windowMs, rule.limit)
    .first<{ id: number }>();
  return row?.id;
}

/** Records one event or throws 429 with a Retry-After estimate. */
export async function consume(db: D1Database, rule: RateLimit, now = Date.now(), message?: string): Promise<number> {
  const id = await tryConsume(db, rule, now);
  if (id !== undefined) return id;
  const oldest = await db
    .prepare("SELECT MIN(at) AS at FROM rate_limit_events WHERE bucket = ? AND at > ?")
    .bind(rule.bucket, now - rule.windowMs)
    .first<{ at: number | null }>();
  const retryMs = oldest?.at ? oldest.at + rule.windowMs - now : rule.windowMs;
  throw new RateLimitedError(Math.max(1, Math.ceil(retryMs / 1000)), message);
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
