/**
 * The export job state machine in D1 (#shared/export-job-states), as the consumer drives it: READY → RUNNING (a lease)
 * → DONE or ERROR. Every transition is one UPDATE guarded by the module's from-states, so duplicate or concurrent
 * deliveries cannot both win; settling a job and its refund run in one batch, the refund guarded by the settle token
 * only the winning UPDATE wrote.
 */
import { DEFAULT_EXPORT_LEASE_MS, ExportJobRowSchema, type ExportJobRow } from "#shared/export-job";
import { exportJobGuard, exportJobStatusAfter, sqlStatus, type ExportJobEvent } from "#shared/export-job-states";

/**
 * How long a consumer owns a RUNNING job after its claim or its last heartbeat (renewLease), by default
 * (EXPORT_LEASE_SECONDS sets another).
 */
export const DEFAULT_LEASE_MS = DEFAULT_EXPORT_LEASE_MS;

export async function loadJob(db: D1Database, jobId: string): Promise<ExportJobRow | null> {
  const row = await db.prepare("SELECT * FROM export_jobs WHERE id = ?").bind(jobId).first();
  return row ? ExportJobRowSchema.parse(row) : null;
}

/**
 * Takes the job if it is READY or its RUNNING lease ran out; returns the lease token, or null if someone holds it.
 * The claim is the delivery's first heartbeat (heartbeat_at), and its file starts from the first row (rows_written 0).
 */
export async function claimJob(db: D1Database, jobId: string, now: number, leaseMs = DEFAULT_LEASE_MS): Promise<string | null> {
  const token = crypto.randomUUID();
  const guard = exportJobGuard("claim", { now });
  const result = await db
    .prepare(
      `UPDATE export_jobs SET status = ${sqlStatus(exportJobStatusAfter("claim"))}, lease_token = ?, lease_until = ?,
              attempts = attempts + 1, started_at = COALESCE(started_at, ?), heartbeat_at = ?, rows_written = 0
       WHERE id = ? AND ${guard.sql}`,
    )
    .bind(token, now + leaseMs, now, now, jobId, ...guard.params)
    .run();
  return result.meta.changes === 1 ? token : null;
}

/**
 * The heartbeat (event renew): the holder moves its lease to now + leaseMs and records the rows written so far.
 * Returns false when the lease is no longer the caller's (another delivery claimed it after it ran out, or the job
 * was settled): the caller must stop writing at once.
 */
export async function renewLease(
  db: D1Database,
  jobId: string,
  token: string,
  rowsWritten: number,
  now: number,
  leaseMs = DEFAULT_LEASE_MS,
): Promise<boolean> {
  const guard = exportJobGuard("renew", { now, token });
  const result = await db
    .prepare(`UPDATE export_jobs SET lease_until = ?, heartbeat_at = ?, rows_written = ? WHERE id = ? AND ${guard.sql}`)
    .bind(now + leaseMs, now, rowsWritten, jobId, ...guard.params)
    .run();
  return result.meta.changes === 1;
}

/**
 * Gives up the lease after a transient failure, so the retry can claim the job at once. The lease ends now (not at
 * 0): the scheduled cleanup measures how long nobody has worked on a job from lease_until, and a job released a
 * moment ago, waiting for its retry, is not abandoned.
 */
export async function releaseJob(db: D1Database, jobId: string, token: string, now: number): Promise<void> {
  const guard = exportJobGuard("release", { token });
  await db
    .prepare(`UPDATE export_jobs SET lease_until = ? WHERE id = ? AND ${guard.sql}`)
    .bind(now, jobId, ...guard.params)
    .run();
}

export interface FinishedFile {
  rowCount: number;
  r2Key: string;
  size: number;
  /** Ledger jobs: the frozen record ids the file does not hold (gone from the register meanwhile), refunded. */
  missingIds?: readonly number[];
}

const inMissing = "record_id IN (SELECT CAST(value AS INTEGER) FROM json_each(?))";

/**
 * RUNNING → DONE for the lease holder, refunding the rows not written (reserved − rowCount) in the same batch.
 * Returns false when the lease was lost (another delivery took over and settles the job itself).
 */
export async function finishJob(db: D1Database, jobId: string, token: string, file: FinishedFile, now: number): Promise<boolean> {
  const settle = crypto.randomUUID();
  const missing = JSON.stringify(file.missingIds ?? []);
  const guard = exportJobGuard("finish", { token });
  const [done] = await db.batch([
    db
      .prepare(
        `UPDATE export_jobs SET status = ${sqlStatus(exportJobStatusAfter("finish"))}, row_count = ?, r2_key = ?, file_size = ?,
                finished_at = ?, settle_token = ?, rows_written = ?,
                refunded_count = CASE WHEN charged_count IS NULL THEN reserved_count - ?
                                      ELSE (SELECT count(*) FROM export_ledger WHERE job_id = ? AND ${inMissing}) END,
                lease_until = NULL
         WHERE id = ? AND ${guard.sql} AND reserved_count >= ?`,
      )
      .bind(
        file.rowCount,
        file.r2Key,
        file.size,
        now,
        settle,
        file.rowCount,
        file.rowCount,
        jobId,
        missing,
        jobId,
        ...guard.params,
        file.rowCount,
      ),
    refundStatement(db, jobId, settle),
    releaseLedgerStatement(db, jobId, settle, `AND ${inMissing}`, [missing]),
  ]);
  return done?.meta.changes === 1;
}

/** RUNNING → ERROR for the lease holder (a permanent failure), the whole reservation refunded in the same batch. */
export async function failLeasedJob(db: D1Database, jobId: string, token: string, errorCode: string, now: number): Promise<boolean> {
  return settleAsError(db, "fail", jobId, errorCode, now, token);
}

/**
 * → ERROR with a refund for a job nobody works on any more: READY, or RUNNING with its lease run out (dead letters,
 * stale jobs). A job whose lease is still live is left to its holder. Returns false when nothing changed.
 */
export async function failAbandonedJob(db: D1Database, jobId: string, errorCode: string, now: number): Promise<boolean> {
  return settleAsError(db, "abandon", jobId, errorCode, now);
}

/** Events fail and abandon: → ERROR, refunding everything the job was charged. */
async function settleAsError(
  db: D1Database,
  event: Extract<ExportJobEvent, "fail" | "abandon">,
  jobId: string,
  errorCode: string,
  now: number,
  token?: string,
) {
  const settle = crypto.randomUUID();
  const guard = exportJobGuard(event, { now, token });
  const [failed] = await db.batch([
    db
      .prepare(
        `UPDATE export_jobs SET status = ${sqlStatus(exportJobStatusAfter(event))}, error_code = ?, finished_at = ?, settle_token = ?,
                refunded_count = COALESCE(charged_count, reserved_count), lease_until = NULL
         WHERE id = ? AND ${guard.sql}`,
      )
      .bind(errorCode, now, settle, jobId, ...guard.params),
    refundStatement(db, jobId, settle),
    releaseLedgerStatement(db, jobId, settle, "", []),
  ]);
  return failed?.meta.changes === 1;
}

/** A refunded job takes its refunded records out of the ledger: only with this settle token (issue 17). */
function releaseLedgerStatement(db: D1Database, jobId: string, settle: string, filter: string, params: unknown[]): D1PreparedStatement {
  return db
    .prepare(
      `DELETE FROM export_ledger WHERE job_id = ? ${filter}
         AND EXISTS (SELECT 1 FROM export_jobs WHERE id = ? AND settle_token = ?)`,
    )
    .bind(jobId, ...params, jobId, settle);
}

/** Gives back the job's refunded_count, only if the job carries this settle token (set by the UPDATE before it). */
function refundStatement(db: D1Database, jobId: string, settle: string): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE users SET extraction_records_left = extraction_records_left +
              (SELECT refunded_count FROM export_jobs WHERE id = ? AND settle_token = ?)
       WHERE id = (SELECT user_id FROM export_jobs WHERE id = ? AND settle_token = ?)`,
    )
    .bind(jobId, settle, jobId, settle);
}
