/**
 * export_jobs as the API uses it: reserve (create the job and debit the quota in one D1 batch), undo a reservation
 * whose job could not be queued, and read a job for its owner. The transitions and their guards are those of
 * #shared/export-job-states; the consumer's live in workers/export.
 */
import type { ColumnSpec, ExportFormat } from "#shared/api-contracts/export-columns";
import { ExportJobRowSchema, type ExportJobRow } from "#shared/export-job";
import { exportJobGuard, exportJobStatusAfter, sqlStatus } from "#shared/export-job-states";

export interface NewExportJob {
  id: string;
  userId: string;
  idempotencyKey: string;
  requestHash: string;
  resultType: "COMPANY" | "WORKSITE";
  serializedSearch: string;
  exclude: boolean;
  idNumbers: readonly (string | number)[];
  listFilesKey: string | null;
  count: number;
  fileName: string;
  /** xlsx unless given. */
  format?: ExportFormat;
  /** Template Standard unless given. */
  columns?: readonly ColumnSpec[];
  /**
   * The record ids the job exports, in order (frozen in R2 under idsKey): only those not yet in the user's ledger for
   * the period are charged. Without them the job is charged `count` (as before the ledger).
   */
  ledger?: { ids: readonly number[]; idsKey: string };
  createdAt: number;
  expiresAt: number;
}

/** D1 reports the users CHECK (extraction_records_left >= 0) refusing the debit this way. */
export const isQuotaCheckFailure = (error: unknown) =>
  /CHECK constraint failed/i.test(String(error instanceof Error ? error.message : error));

/**
 * One batch: insert the job unless the user already has one under this idempotency key; debit the quota only if this
 * batch's job exists (so a replay debits nothing); return the job now stored under the key (ours or the earlier one).
 * Throws D1's CHECK failure when the quota would go negative; the whole batch is then rolled back.
 */
export async function reserveExportJob(db: D1Database, job: NewExportJob): Promise<ExportJobRow> {
  const exists = "EXISTS (SELECT 1 FROM export_jobs WHERE id = ?)";
  const debit = job.ledger
    ? [
        db
          .prepare(
            `INSERT INTO export_ledger (user_id, period, result_type, record_id, job_id)
             SELECT u.id, u.subscription_expires_at, ?, CAST(j.value AS INTEGER), ? FROM users u, json_each(?) j
             WHERE u.id = ? AND ${exists}
             ON CONFLICT (user_id, period, result_type, record_id) DO NOTHING`,
          )
          .bind(job.resultType, job.id, JSON.stringify(job.ledger.ids), job.userId, job.id),
        db
          .prepare("UPDATE export_jobs SET charged_count = (SELECT count(*) FROM export_ledger WHERE job_id = ?), ids_key = ? WHERE id = ?")
          .bind(job.id, job.ledger.idsKey, job.id),
        db
          .prepare(
            `UPDATE users SET extraction_records_left = extraction_records_left - (SELECT charged_count FROM export_jobs WHERE id = ?)
             WHERE id = ? AND ${exists}`,
          )
          .bind(job.id, job.userId, job.id),
      ]
    : [
        db
          .prepare(`UPDATE users SET extraction_records_left = extraction_records_left - ? WHERE id = ? AND ${exists}`)
          .bind(job.count, job.userId, job.id),
      ];
  const results = await db.batch([
    db
      .prepare(
        `INSERT INTO export_jobs (id, user_id, idempotency_key, request_hash, status, result_type, serialized_search, exclude,
                                  id_numbers_json, list_files_key, reserved_count, file_name, created_at, expires_at,
                                  format, columns_json)
         VALUES (?, ?, ?, ?, ${sqlStatus(exportJobStatusAfter("reserve"))}, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (user_id, idempotency_key) DO NOTHING`,
      )
      .bind(
        job.id,
        job.userId,
        job.idempotencyKey,
        job.requestHash,
        job.resultType,
        job.serializedSearch,
        job.exclude ? 1 : 0,
        JSON.stringify(job.idNumbers),
        job.listFilesKey,
        job.count,
        job.fileName,
        job.createdAt,
        job.expiresAt,
        job.format ?? "xlsx",
        job.columns ? JSON.stringify(job.columns) : null,
      ),
    ...debit,
    db.prepare("SELECT * FROM export_jobs WHERE user_id = ? AND idempotency_key = ?").bind(job.userId, job.idempotencyKey),
  ]);
  return ExportJobRowSchema.parse(results.at(-1)?.results[0]);
}

/**
 * Which of these record ids the user has already paid for in the current subscription period (issue 17).
 * Ids go in as one JSON array parameter (D1 allows 100 bound parameters per statement).
 */
export async function paidRecordIds(
  db: D1Database,
  userId: string,
  resultType: "COMPANY" | "WORKSITE",
  ids?: readonly number[],
): Promise<Set<number>> {
  const among = ids ? "AND l.record_id IN (SELECT CAST(value AS INTEGER) FROM json_each(?))" : "";
  const statement = db.prepare(
    `SELECT l.record_id AS id FROM export_ledger l JOIN users u ON u.id = l.user_id AND u.subscription_expires_at = l.period
     WHERE l.user_id = ? AND l.result_type = ? ${among}`,
  );
  const bound = ids ? statement.bind(userId, resultType, JSON.stringify(ids)) : statement.bind(userId, resultType);
  const { results } = await bound.all<{ id: number }>();
  return new Set(results.map((r) => r.id));
}

/** Gives the reservation back (and the job's ledger rows) and forgets the job, if it is still READY (event undo). */
export async function undoReservation(db: D1Database, jobId: string): Promise<void> {
  const undo = exportJobGuard("undo");
  await db.batch([
    db
      .prepare(
        `UPDATE users SET extraction_records_left = extraction_records_left +
                (SELECT COALESCE(charged_count, reserved_count) FROM export_jobs WHERE id = ? AND ${undo.sql})
         WHERE id = (SELECT user_id FROM export_jobs WHERE id = ? AND ${undo.sql})`,
      )
      .bind(jobId, ...undo.params, jobId, ...undo.params),
    db
      .prepare(`DELETE FROM export_ledger WHERE job_id = ? AND EXISTS (SELECT 1 FROM export_jobs WHERE id = ? AND ${undo.sql})`)
      .bind(jobId, jobId, ...undo.params),
    db.prepare(`DELETE FROM export_jobs WHERE id = ? AND ${undo.sql}`).bind(jobId, ...undo.params),
  ]);
}

export async function findJobByKey(db: D1Database, userId: string, idempotencyKey: string): Promise<ExportJobRow | null> {
  const row = await db.prepare("SELECT * FROM export_jobs WHERE user_id = ? AND idempotency_key = ?").bind(userId, idempotencyKey).first();
  return row ? ExportJobRowSchema.parse(row) : null;
}

/** The job if it exists, has not expired and belongs to the user; otherwise null (a 404 for the caller). */
export async function findJobForUser(db: D1Database, jobId: string, userId: string, now: number): Promise<ExportJobRow | null> {
  const row = await db
    .prepare("SELECT * FROM export_jobs WHERE id = ? AND user_id = ? AND expires_at > ?")
    .bind(jobId, userId, now)
    .first();
  return row ? ExportJobRowSchema.parse(row) : null;
}

/**
 * The user's job whatever its expiry (null for another user's or an unknown job): the file answer tells an expired file
 * from one that never was. An expired job's row lasts until the next hourly cleanup deletes it.
 */
export async function findOwnJobAnyExpiry(db: D1Database, jobId: string, userId: string): Promise<ExportJobRow | null> {
  const row = await db.prepare("SELECT * FROM export_jobs WHERE id = ? AND user_id = ?").bind(jobId, userId).first();
  return row ? ExportJobRowSchema.parse(row) : null;
}

export async function recordsLeft(db: D1Database, userId: string): Promise<number> {
  const row = await db.prepare("SELECT extraction_records_left AS n FROM users WHERE id = ?").bind(userId).first<{ n: number }>();
  return row?.n ?? 0;
}
