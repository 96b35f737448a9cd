/**
 * One delivery of one export job. Idempotent: a settled job is acknowledged untouched, a job another delivery holds is
 * left to it ("busy", retried later), and only the lease holder settles it. Permanent failures (AppError 4xx: the
 * search or its list files are no longer valid) settle the job as ERROR with a refund; anything else releases the
 * lease and is rethrown, for the queue to retry with backoff and finally dead-letter.
 */
import type { SearchBackend } from "#search-index";
import { AppError } from "#shared/errors";
import { isSettledExportJob } from "#shared/export-job-states";
import { log } from "#shared/log";
import { claimJob, failLeasedJob, finishJob, loadJob, releaseJob } from "./job-store";
import { writeExportFile } from "./export-file";

export type JobOutcome = "done" | "settled" | "busy" | "missing" | "failed";

export interface JobContext {
  db: D1Database;
  exports: R2Bucket;
  backend: () => Promise<SearchBackend>;
  now?: () => number;
  /** How long a claim holds the job (default DEFAULT_LEASE_MS). */
  leaseMs?: number;
  /** Resilience suite only: hold a job's first delivery after this multipart part (see uploadMultipart). */
  faultHoldAfterPart?: number;
}

const isPermanent = (error: unknown): error is AppError => error instanceof AppError && error.status < 500;

export async function processJob(context: JobContext, jobId: string): Promise<JobOutcome> {
  const now = context.now ?? Date.now;
  const job = await loadJob(context.db, jobId);
  if (!job) return "missing";
  if (isSettledExportJob(job.status)) return "settled";
  const token = await claimJob(context.db, jobId, now(), context.leaseMs);
  if (!token) return "busy";
  try {
    const started = now();
    const hold = job.attempts === 0 ? context.faultHoldAfterPart : undefined;
    const file = await writeExportFile(context.exports, job, await context.backend(), hold);
    const finished = await finishJob(context.db, jobId, token, file, now());
    log("info", "export written", { jobId, rows: file.rowCount, bytes: file.size, ms: now() - started, finished });
    return finished ? "done" : "settled";
  } catch (error) {
    if (isPermanent(error)) {
      await failLeasedJob(context.db, jobId, token, error.code, now());
      log("warn", "export failed permanently", { jobId, code: error.code, issues: error.issues });
      return "failed";
    }
    await releaseJob(context.db, jobId, token, now());
    throw error;
  }
}
