import type { MiddlewareHandler } from "hono";
import type { ApiBindings, ApiEnv } from "../env";
import { currentSession } from "../middleware/session";
import { consume, pruneBucket, type MultiWindowLimit } from "./rate-limiter";

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * Per-user limits on the search calls (issue 38, docs/decisions/0038-search-rate-limits-and-refresh-grace.md): a burst
 * window that no typing or clicking reaches and a script does at once, and a sustained window that a person working
 * hard stays well below and a harvesting script does not. Each call is one event in its user's bucket.
 */
export const SEARCH_CALL_LIMITS = {
  /** The header box's suggestions: at most one call per 150 ms debounce in the one box that has the keyboard. */
  suggest: [
    { limit: 100, windowMs: 10 * SECOND },
    { limit: 2_000, windowMs: 10 * MINUTE },
  ],
  /** Result pages (POST /sapi/search/page/N, and /sok rendered on the server): clicks, ticks, "Visa fler", tabs. */
  search: [
    { limit: 100, windowMs: 10 * SECOND },
    { limit: 1_000, windowMs: 10 * MINUTE },
  ],
} as const;

export type SearchCallKind = keyof typeof SEARCH_CALL_LIMITS;

export const TOO_MANY_SEARCHES_MESSAGE = "För många sökningar på kort tid. Vänta en stund och försök igen.";

export const searchCallRule = (kind: SearchCallKind, userId: string, scale = 1): MultiWindowLimit => ({
  bucket: `${kind}:${userId}`,
  windows: SEARCH_CALL_LIMITS[kind].map((window) => ({ ...window, limit: window.limit * scale })),
});

/** SEARCH_LIMIT_SCALE (a whole number ≥ 1) outside production; 1 in production and for anything else. */
export function searchLimitScale(env: Pick<ApiEnv, "APP_ENV" | "SEARCH_LIMIT_SCALE">): number {
  const scale = Number(env.SEARCH_LIMIT_SCALE ?? 1);
  return env.APP_ENV !== "production" && Number.isSafeInteger(scale) && scale >= 1 ? scale : 1;
}

/**
 * Counts the call against the signed-in user's bucket before any search work, or answers 429 RATE_LIMITED with
 * Retry-After. About one call in fifty also deletes the bucket's events that no window counts any more, after the
 * answer (waitUntil): the search's own path pays one D1 statement, not two.
 */
export const limitSearchCalls =
  (kind: SearchCallKind): MiddlewareHandler<ApiBindings> =>
  async (c, next) => {
    const rule = searchCallRule(kind, currentSession(c).userId, searchLimitScale(c.env));
    const now = Date.now();
    if (Math.random() < 0.02) c.executionCtx.waitUntil(pruneBucket(c.env.DB, rule, now));
    await consume(c.env.DB, rule, now, TOO_MANY_SEARCHES_MESSAGE);
    await next();
  };
