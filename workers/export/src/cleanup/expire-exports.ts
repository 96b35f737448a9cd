/**
 * The scheduled cleanup (every minute): files and jobs expire EXPORT_RETENTION_DAYS after the request (R2 objects
 * first, then the rows); jobs that nobody works on (READY for longer than a lease, or RUNNING with a lapsed lease: a
 * live delivery renews it every few seconds, so its heartbeat stopped a lease ago, e.g. the consumer process died
 * mid-export and its queue message with it) are queued again so a delivery takes them over;
 * and jobs that nobody has worked on for the stale time (default an hour), or that were claimed MAX_CLAIMS times
 * without settling, are failed with a refund, so no reservation is ever lost.
 */
import { z } from "zod";
import { MAX_EXPORT_CLAIMS, type ExportJobMessage } from "#shared/export-job";
import { exportJobFromStates, sqlStatus, sqlStatuses } from "#shared/export-job-states";
import { log } from "#shared/log";
import { DEFAULT_LEASE_MS, failAbandonedJob } from "../jobs/job-store";

const BATCH = 200;
export const DEFAULT_STALE_MS = 60 * 60_000;
export const MAX_CLAIMS = MAX_EXPORT_CLAIMS;
const MAX_ROUNDS = 50;
const IdRowSchema = z.object({
  id: z.string(),
  r2_key: z.string().nullable(),
  list_files_key: z.string().nullable(),
  ids_key: z.string().nullable(),
});
const JobIdsSchema = z.array(z.object({ id: z.string() }));
const READY = sqlStatus("READY");
const RUNNING = sqlStatus("RUNNING");

export interface CleanupOptions {
  now?: number;
  /** The producer of the job queue; without it no job is queued again (only failed once stale). */
  queue?: Queue<ExportJobMessage>;
  leaseMs?: number;
  staleMs?: number;
}

export interface CleanupResult {
  expired: number;
  requeued: number;
  failedStale: number;
}

async function expireBatch(db: D1Database, bucket: R2Bucket, now: number): Promise<number> {
  const { results } = await db
    .prepare("SELECT id, r2_key, list_files_key, ids_key FROM export_jobs WHERE expires_at <= ? LIMIT ?")
    .bind(now, BATCH)
    .all();
  const rows = z.array(IdRowSchema).parse(results);
  if (rows.length === 0) return 0;
  const keys = rows.flatMap((row) => [row.r2_key, row.list_files_key, row.ids_key]).filter((key): key is string => key !== null);
  if (keys.length > 0) await bucket.delete(keys);
  await db
    .prepare("DELETE FROM export_jobs WHERE id IN (SELECT value FROM json_each(?))")
    .bind(JSON.stringify(rows.map((r) => r.id)))
    .run();
  return rows.length;
}

/** Jobs waiting for a delivery that may never come: READY for over a lease, or RUNNING with a lapsed lease. */
async function requeueIdle(db: D1Database, queue: Queue<ExportJobMessage>, now: number, leaseMs: number, staleMs: number) {
  const { results } = await db
    .prepare(
      `SELECT id FROM export_jobs
       WHERE attempts < ? AND ((status = ${READY} AND created_at < ? AND created_at >= ?)
                            OR (status = ${RUNNING} AND lease_until < ? AND lease_until >= ?))
       LIMIT ?`,
    )
    .bind(MAX_CLAIMS, now - leaseMs, now - staleMs, now, now - staleMs, BATCH)
    .all();
  const ids = JobIdsSchema.parse(results).map((row) => row.id);
  // A duplicate of a message still on its way is harmless: the job is claimed once and settled once.
  if (ids.length > 0) await queue.sendBatch(ids.map((jobId) => ({ body: { jobId } })));
  return ids.length;
}

/** Candidates for the abandon transition (failAbandonedJob applies its guard): idle past the stale time, or claimed too often. */
async function failStale(db: D1Database, now: number, staleMs: number): Promise<number> {
  const { results } = await db
    .prepare(
      `SELECT id FROM export_jobs
       WHERE (status = ${READY} AND created_at < ?) OR (status = ${RUNNING} AND lease_until < ?)
          OR (status IN ${sqlStatuses(exportJobFromStates("abandon"))} AND attempts >= ? AND COALESCE(lease_until, 0) < ?)
       LIMIT ?`,
    )
    .bind(now - staleMs, now - staleMs, MAX_CLAIMS, now, BATCH)
    .all();
  let failed = 0;
  for (const { id } of JobIdsSchema.parse(results)) {
    if (await failAbandonedJob(db, id, "EXPORT_ABANDONED", now)) failed++;
  }
  return failed;
}

export async function cleanupExports(db: D1Database, bucket: R2Bucket, options: CleanupOptions = {}): Promise<CleanupResult> {
  const { now = Date.now(), queue, leaseMs = DEFAULT_LEASE_MS, staleMs = DEFAULT_STALE_MS } = options;
  let expired = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const count = await expireBatch(db, bucket, now);
    expired += count;
    if (count < BATCH) break;
  }
  const failedStale = await failStale(db, now, staleMs);
  const requeued = queue ? await requeueIdle(db, queue, now, leaseMs, staleMs) : 0;
  // Runs every minute: a line only when it did something (the invocations themselves show in the Worker's metrics).
  if (expired + requeued + failedStale > 0) log("info", "export cleanup", { expired, requeued, failedStale });
  return { expired, requeued, failedStale };
}
