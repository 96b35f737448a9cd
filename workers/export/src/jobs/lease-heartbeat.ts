/**
 * A delivery's heartbeat while it writes a job's file: it renews the lease (event renew of #shared/export-job-states)
 * after each part stored in R2 and, while rows stream, whenever HEARTBEAT_INTERVAL_MS have passed since the last
 * renewal (checked per chunk of rows: no timer, a Worker has none worth trusting), recording the rows written so far.
 * So the lease can be short (DEFAULT_EXPORT_LEASE_MS) and a dead delivery is noticed within it. The interval is the
 * progress bar's too (issue 38): the rows recorded are what the popup and "Mina exporter" show, so an export that
 * writes for more than about a second moves its bar; one small UPDATE a second is all it costs. A renewal that finds
 * the lease taken over throws LeaseLostError: the delivery stops writing at once (no R2 completion, no settling, no
 * refund), the delivery that claimed the job owns it.
 */
import { renewLease } from "./job-store";

/**
 * How often the heartbeat renews the lease, and records the rows written, while rows stream (an uploaded part renews
 * at once). The lease needs far less (it is a minute); the progress bar wants this.
 */
export const HEARTBEAT_INTERVAL_MS = 1_000;

/** A renewal found the lease no longer the caller's: another delivery claimed the job (or it was settled). */
export class LeaseLostError extends Error {
  constructor(readonly jobId: string) {
    super(`export job ${jobId}: the lease was taken over, this delivery stops`);
    this.name = "LeaseLostError";
  }
}

/** Renews the lease at `now` with the rows written so far; false when the lease is no longer the caller's. */
export type RenewLease = (rowsWritten: number, now: number) => Promise<boolean>;

export interface HeartbeatFigures {
  /** Renewals after the claim. */
  beats: number;
  /** The longest time the lease went without a renewal: from one renewal's time (or the claim's) to the next's end. */
  maxGapMs: number;
  rows: number;
}

export class LeaseHeartbeat {
  private rows = 0;
  private beats = 0;
  private maxGapMs = 0;
  private last: number;
  /** Set when a renewal found the lease taken over (whatever error the writer's pipeline turns that into). */
  lost = false;

  /** `since`: when the lease was taken or last renewed (the claim). */
  constructor(
    private readonly jobId: string,
    private readonly renew: RenewLease,
    since: number,
    private readonly now: () => number = Date.now,
    private readonly intervalMs = HEARTBEAT_INTERVAL_MS,
  ) {
    this.last = since;
  }

  static forJob(
    db: D1Database,
    jobId: string,
    token: string,
    options: { claimedAt: number; leaseMs?: number; now?: () => number; intervalMs?: number },
  ): LeaseHeartbeat {
    const renew: RenewLease = (rows, now) => renewLease(db, jobId, token, rows, now, options.leaseMs);
    return new LeaseHeartbeat(jobId, renew, options.claimedAt, options.now, options.intervalMs);
  }

  /** `count` more rows went to the file writer: renews when the interval has passed since the last renewal. */
  async rowsStreamed(count: number): Promise<void> {
    this.rows += count;
    if (this.now() - this.last >= this.intervalMs) await this.beat();
  }

  /** A part of the file is stored in R2: renews now, so the upload goes on, and completes, only under a live lease. */
  async partStored(): Promise<void> {
    await this.beat();
  }

  /** The figures so far; the gap since the last renewal counts (up to the settling that follows the file). */
  figures(): HeartbeatFigures {
    return { beats: this.beats, maxGapMs: Math.max(this.maxGapMs, this.now() - this.last), rows: this.rows };
  }

  private async beat(): Promise<void> {
    if (this.lost) throw new LeaseLostError(this.jobId);
    const at = this.now();
    const renewed = await this.renew(this.rows, at);
    // The lease ran from `last` until this renewal was stored: that is the margin a lease must have.
    this.maxGapMs = Math.max(this.maxGapMs, this.now() - this.last);
    if (!renewed) {
      this.lost = true;
      throw new LeaseLostError(this.jobId);
    }
    this.last = at;
    this.beats++;
  }
}
