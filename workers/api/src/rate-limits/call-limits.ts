import type { MiddlewareHandler } from "hono";
import { describeError, log } from "#shared/log";
import type { ApiBindings, ApiEnv } from "../env";
import { RateLimitedError, type RateWindow } from "./rate-limiter";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const TOO_MANY_SEARCHES_MESSAGE = "För många sökningar på kort tid. Vänta en stund och försök igen.";
export const TOO_MANY_DETAILS_MESSAGE = "Du har öppnat många företag på kort tid. Vänta en stund och försök igen.";
export const TOO_MANY_LIST_FILES_MESSAGE = "Du har laddat upp många listfiler på kort tid. Vänta en stund och försök igen.";

/** The Workers Rate Limiting bindings of workers/api/wrangler.toml: one per burst window (its limit and period). */
export type BurstBinding = "SEARCH_BURST" | "SUGGEST_BURST" | "DETAILS_BURST" | "LIST_FILE_BURST";

export interface CallLimit {
  /** At the edge, on the call's path (no database): the binding's own limit per key, over 10 or 60 s. */
  burst: { binding: BurstBinding; limit: number; periodSeconds: 10 | 60 };
  /** Counted off the call's path by the user's Durable Object (UserCallLimits): the longer windows. */
  windows: readonly RateWindow[];
  message: string;
}

/**
 * Per-user limits on every call that searches or reads records (issue 48 points 1 and 2,
 * docs/decisions/0052-call-limits-at-the-edge.md; the sizes of searches and suggestions are 0038's). A result page and
 * an export preview are one kind: both run a search with counts. The bursts here must match the [[ratelimits]] of
 * workers/api/wrangler.toml (a unit test compares them).
 */
export const CALL_LIMITS = {
  search: {
    burst: { binding: "SEARCH_BURST", limit: 100, periodSeconds: 10 },
    windows: [{ limit: 1_000, windowMs: 10 * MINUTE }],
    message: TOO_MANY_SEARCHES_MESSAGE,
  },
  suggest: {
    burst: { binding: "SUGGEST_BURST", limit: 100, periodSeconds: 10 },
    windows: [{ limit: 2_000, windowMs: 10 * MINUTE }],
    message: TOO_MANY_SEARCHES_MESSAGE,
  },
  details: {
    burst: { binding: "DETAILS_BURST", limit: 60, periodSeconds: 60 },
    windows: [
      { limit: 300, windowMs: 10 * MINUTE },
      { limit: 2_500, windowMs: 24 * HOUR },
    ],
    message: TOO_MANY_DETAILS_MESSAGE,
  },
  listFiles: {
    burst: { binding: "LIST_FILE_BURST", limit: 30, periodSeconds: 60 },
    windows: [
      { limit: 100, windowMs: HOUR },
      { limit: 300, windowMs: 24 * HOUR },
    ],
    message: TOO_MANY_LIST_FILES_MESSAGE,
  },
} as const satisfies Record<string, CallLimit>;

export type CallKind = keyof typeof CALL_LIMITS;

/** What the user's Durable Object answers for one call (UserCallLimits.count). */
export interface CallCount {
  /** Whether the call was counted (every window had room). */
  counted: boolean;
  /** While some window is full (this call may have filled it): when it has room again, in ms since the epoch. */
  blockedUntil: number | null;
}

/** The RPC surface of UserCallLimits, as the middleware calls it. */
export interface CallCounter {
  count(kind: string, windows: readonly RateWindow[]): Promise<CallCount>;
}

/** SEARCH_LIMIT_SCALE (a whole number ≥ 1) outside production; 1 in production and for anything else. */
export function searchLimitScale(env: Pick<ApiEnv, "APP_ENV" | "SEARCH_LIMIT_SCALE">): number {
  const scale = Number(env.SEARCH_LIMIT_SCALE ?? 1);
  return env.APP_ENV !== "production" && Number.isSafeInteger(scale) && scale >= 1 ? scale : 1;
}

export const scaledWindows = (kind: CallKind, scale: number): RateWindow[] =>
  CALL_LIMITS[kind].windows.map((window) => ({ ...window, limit: window.limit * scale }));

/**
 * The users this isolate knows to be over a longer window, until when: learnt from their Durable Object's answers.
 * Bounded: past MAX_BLOCKS, entries whose time has passed go first, then the oldest.
 */
const blocks = new Map<string, number>();
const MAX_BLOCKS = 10_000;

function remember(key: string, until: number, now: number) {
  blocks.delete(key);
  blocks.set(key, until);
  if (blocks.size <= MAX_BLOCKS) return;
  for (const [k, t] of blocks) if (t <= now) blocks.delete(k);
  for (const k of blocks.keys()) {
    if (blocks.size <= MAX_BLOCKS) break;
    blocks.delete(k);
  }
}

function blockedUntil(key: string, now: number): number | undefined {
  const until = blocks.get(key);
  if (until === undefined) return undefined;
  if (until > now) return until;
  blocks.delete(key);
  return undefined;
}

const secondsUntil = (until: number, now: number) => Math.max(1, Math.ceil((until - now) / SECOND));

function counterFor(env: ApiEnv, userId: string): CallCounter {
  return env.USER_LIMITS.get(env.USER_LIMITS.idFromName(userId)) as unknown as CallCounter;
}

/** Counts the call in the user's Durable Object after the answer; never throws (the burst limit still holds). */
async function countLater(env: ApiEnv, kind: CallKind, userId: string, scale: number): Promise<void> {
  try {
    const { blockedUntil: until } = await counterFor(env, userId).count(kind, scaledWindows(kind, scale));
    if (until !== null) remember(`${kind}:${userId}`, until, Date.now());
  } catch (error) {
    log("error", "call count failed", { kind, ...describeError(error) });
  }
}

/**
 * Limits the user's calls of one kind (signed in, or calling /v1 with one of their API keys: the same limits), before
 * any parsing or work, without a database round trip:
 * 1. a user this isolate knows to be over a longer window is refused until that window has room (429, Retry-After);
 * 2. the burst window: the Workers Rate Limiting binding, at the edge (429 with Retry-After of its period);
 * 3. after the answer (waitUntil) the user's Durable Object counts the call in the longer windows; when one is full,
 *    it says until when, and this isolate refuses the user's next calls of that kind until then.
 * A script spread over several isolates gets at most one more call per isolate past a longer window. With
 * SEARCH_LIMIT_SCALE (benchmarks, never production) the bursts are left out and the longer windows multiplied.
 */
export const limitCalls =
  (kind: CallKind): MiddlewareHandler<ApiBindings> =>
  async (c, next) => {
    const userId = c.get("userId");
    if (userId === undefined) throw new Error("limitCalls() used on a route without a signed-in user or an API key");
    const rule: CallLimit = CALL_LIMITS[kind];
    const now = Date.now();
    const until = blockedUntil(`${kind}:${userId}`, now);
    if (until !== undefined) throw new RateLimitedError(secondsUntil(until, now), rule.message);
    const scale = searchLimitScale(c.env);
    if (scale === 1) {
      const { success } = await c.env[rule.burst.binding].limit({ key: userId });
      if (!success) throw new RateLimitedError(rule.burst.periodSeconds, rule.message);
    }
    c.executionCtx.waitUntil(countLater(c.env, kind, userId, scale));
    await next();
  };
