/**
 * One delivery of one export job. Idempotent: a settled job is acknowledged untouched, a job another delivery holds is
 * left to it ("busy", retried later), and only the lease holder settles it. While it writes, the delivery's heartbeat
 * renews the lease; if a renewal finds the lease taken over (this delivery stalled past its lease and another claimed
 * the job), it stops at once and touches nothing ("lost": no completion, no settling, no refund). Permanent failures
 * (AppError 4xx: the search or its list files are no longer valid) settle the job as ERROR with a refund; anything
 * else releases the lease and is rethrown, for the queue to retry with backoff and finally dead-letter.
 */
import type { SearchBackend } from "#search-index";
import { AppError } from "#shared/errors";
import { isSettledExportJob } from "#shared/export-job-states";
import { log } from "#shared/log";
import { claimJob, failLeasedJob, finishJob, loadJob, releaseJob } from "./job-store";
import { writeExportFile } from "./export-file";
import { LeaseHeartbeat, LeaseLostError } from "./lease-heartbeat";

export type JobOutcome = "done" | "settled" | "busy" | "lost" | "missing" | "failed";

export interface JobContext {
  db: D1Database;
  exports: R2Bucket;
  backend: () => Promise<SearchBackend>;
  now?: () => number;
  /** How long a claim or a heartbeat holds the job (default DEFAULT_LEASE_MS). */
  leaseMs?: number;
  /** How often the heartbeat renews the lease while rows stream (default HEARTBEAT_INTERVAL_MS). */
  heartbeatMs?: number;
  /** Resilience suite only: hold a job's first delivery after this multipart part (see uploadMultipart). */
  faultHoldAfterPart?: number;
}

const isPermanent = (error: unknown): error is AppError => error instanceof AppError && error.status < 500;

export async function processJob(context: JobContext, jobId: string): Promise<JobOutcome> {
  const now = context.now ?? Date.now;
  const job = await loadJob(context.db, jobId);
  if (!job) return "missing";
  if (isSettledExportJob(job.status)) return "settled";
  const claimedAt = now();
  const token = await claimJob(context.db, jobId, claimedAt, context.leaseMs);
  if (!token) return "busy";
  const heartbeat = LeaseHeartbeat.forJob(context.db, jobId, token, {
    claimedAt,
    leaseMs: context.leaseMs,
    now,
    intervalMs: context.heartbeatMs,
  });
  try {
    const hold = job.attempts === 0 ? context.faultHoldAfterPart : undefined;
    const file = await writeExportFile(context.exports, job, await context.backend(), { heartbeat, holdAfterPart: hold });
    const finished = await finishJob(context.db, jobId, token, file, now());
    const { beats, maxGapMs } = heartbeat.figures();
    log("info", "export written", {
      ...{ jobId, rows: file.rowCount, bytes: file.size, ms: now() - claimedAt, finished },
      ...{ heartbeats: beats, maxHeartbeatGapMs: maxGapMs },
    });
    return finished ? "done" : "settled";
  } catch (error) {
    if (error instanceof LeaseLostError || heartbeat.lost) {
      // Another delivery claimed the job after this one's lease ran out: it writes and settles the job.
      log("warn", "export lease taken over, delivery stopped", { jobId, ...heartbeat.figures() });
      return "lost";
    }
    if (isPermanent(error)) {
      await failLeasedJob(context.db, jobId, token, error.code, now());
      log("warn", "export failed permanently", { jobId, code: error.code, issues: error.issues });
      return "failed";
    }
    await releaseJob(context.db, jobId, token, now());
    throw error;
  }
}
