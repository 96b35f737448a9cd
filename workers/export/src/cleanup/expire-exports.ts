/**
 * The scheduled cleanup: files and jobs expire EXPORT_RETENTION_DAYS after the request (R2 objects first, then the
 * rows), and jobs that nobody works on any more (READY or with a lapsed lease for over an hour, e.g. after a failed
 * dead-letter delivery) are failed with a refund so no reservation is lost.
 */
import { z } from "zod";
import { log } from "../../../shared/log";
import { failAbandonedJob } from "../jobs/job-store";

const BATCH = 200;
const STALE_MS = 60 * 60_000;
const MAX_ROUNDS = 50;
const IdRowSchema = z.object({ id: z.string(), r2_key: z.string().nullable(), list_files_key: z.string().nullable() });

export interface CleanupResult {
  expired: number;
  failedStale: number;
}

async function expireBatch(db: D1Database, bucket: R2Bucket, now: number): Promise<number> {
  const { results } = await db
    .prepare("SELECT id, r2_key, list_files_key FROM export_jobs WHERE expires_at <= ? LIMIT ?")
    .bind(now, BATCH)
    .all();
  const rows = z.array(IdRowSchema).parse(results);
  if (rows.length === 0) return 0;
  const keys = rows.flatMap((row) => [row.r2_key, row.list_files_key]).filter((key): key is string => key !== null);
  if (keys.length > 0) await bucket.delete(keys);
  await db
    .prepare("DELETE FROM export_jobs WHERE id IN (SELECT value FROM json_each(?))")
    .bind(JSON.stringify(rows.map((r) => r.id)))
    .run();
  return rows.length;
}

async function failStale(db: D1Database, now: number): Promise<number> {
  const { results } = await db
    .prepare(`SELECT id FROM export_jobs WHERE (status = 'READY' AND created_at < ?) OR (status = 'RUNNING' AND lease_until < ?) LIMIT ?`)
    .bind(now - STALE_MS, now - STALE_MS, BATCH)
    .all();
  let failed = 0;
  for (const { id } of z.array(z.object({ id: z.string() })).parse(results)) {
    if (await failAbandonedJob(db, id, "EXPORT_ABANDONED", now)) failed++;
  }
  return failed;
}

export async function cleanupExports(db: D1Database, bucket: R2Bucket, now = Date.now()): Promise<CleanupResult> {
  let expired = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const count = await expireBatch(db, bucket, now);
    expired += count;
    if (count < BATCH) break;
  }
  const failedStale = await failStale(db, now);
  log("info", "export cleanup", { expired, failedStale });
  return { expired, failedStale };
}
