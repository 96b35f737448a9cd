import { DurableObject } from "cloudflare:workers";
import type { ApiEnv } from "../env";
import type { CallCount, CallCounter } from "./call-limits";
import type { RateWindow } from "./rate-limiter";

/**
 * One user's calls in the longer windows of their limits (rate-limits/call-limits.ts, docs/decisions/0052): a Durable
 * Object per user, named by the user's id, with its own SQLite storage. Each call is a row (kind, at). A call is
 * counted only while every window of its kind has room, so a refused call takes no room; rows older than the kind's
 * longest window are deleted as calls come. Its calls run one at a time, so parallel calls never pass a limit here.
 */
export class UserCallLimits extends DurableObject<ApiEnv> implements CallCounter {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: ApiEnv) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec("CREATE TABLE IF NOT EXISTS calls (kind TEXT NOT NULL, at INTEGER NOT NULL)");
    this.sql.exec("CREATE INDEX IF NOT EXISTS calls_by_kind ON calls (kind, at)");
  }

  /** Counts one call of `kind` while every window has room; says until when a window is full, if one is now. */
  count(kind: string, windows: readonly RateWindow[]): Promise<CallCount> {
    const now = Date.now();
    const longest = Math.max(...windows.map((w) => w.windowMs));
    this.sql.exec("DELETE FROM calls WHERE kind = ? AND at <= ?", kind, now - longest);
    const before = this.fullUntil(kind, windows, now);
    if (before !== null) return Promise.resolve({ counted: false, blockedUntil: before });
    this.sql.exec("INSERT INTO calls (kind, at) VALUES (?, ?)", kind, now);
    return Promise.resolve({ counted: true, blockedUntil: this.fullUntil(kind, windows, now) });
  }

  /**
   * When the fullest window has room again: a window holding `limit` calls has room once the limit-th newest of them
   * ages out of it. Null while every window has room.
   */
  private fullUntil(kind: string, windows: readonly RateWindow[], now: number): number | null {
    let until: number | null = null;
    for (const { limit, windowMs } of windows) {
      const [row] = this.sql
        .exec<{ at: number }>(
          "SELECT at FROM calls WHERE kind = ? AND at > ? ORDER BY at DESC LIMIT 1 OFFSET ?",
          kind,
          now - windowMs,
          limit - 1,
        )
        .toArray();
      if (row) until = Math.max(until ?? 0, row.at + windowMs);
    }
    return until;
  }
}
