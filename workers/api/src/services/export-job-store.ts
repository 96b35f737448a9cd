/**
 * export_jobs as the API uses it: reserve (create the job and debit the quota in one D1 batch), undo a reservation
 * whose job could not be queued, and read a job for its owner. The consumer's transitions live in workers/export.
 */
import type { ColumnSpec, ExportFormat } from "../../../shared/api-contracts/export-columns";
import { ExportJobRowSchema, type ExportJobRow } from "../../../shared/export-job";

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
  const results = await db.batch([
    db
      .prepare(
        `INSERT INTO export_jobs (id, user_id, idempotency_key, request_hash, status, result_type, serialized_search, exclude,
                                  id_numbers_json, list_files_key, reserved_count, file_name, created_at, expires_at,
                                  format, columns_json)
         VALUES (?, ?, ?, ?, 'READY', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
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
    db
      .prepare(
        "UPDATE users SET extraction_records_left = extraction_records_left - ? WHERE id = ? AND EXISTS (SELECT 1 FROM export_jobs WHERE id = ?)",
      )
      .bind(job.count, job.userId, job.id),
    db.prepare("SELECT * FROM export_jobs WHERE user_id = ? AND idempotency_key = ?").bind(job.userId, job.idempotencyKey),
  ]);
  return ExportJobRowSchema.parse(results[2]?.results[0]);
}

/** Gives the reservation back and forgets the job, if it is still READY (nothing has started on it). */
export async function undoReservation(db: D1Database, jobId: string): Promise<void> {
  await db.batch([
    db
      .prepare(
        `UPDATE users SET extraction_records_left = extraction_records_left +
                (SELECT reserved_count FROM export_jobs WHERE id = ? AND status = 'READY')
         WHERE id = (SELECT user_id FROM export_jobs WHERE id = ? AND status = 'READY')`,
      )
      .bind(jobId, jobId),
    db.prepare("DELETE FROM export_jobs WHERE id = ? AND status = 'READY'").bind(jobId),
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

export async function recordsLeft(db: D1Database, userId: string): Promise<number> {
  const row = await db.prepare("SELECT extraction_records_left AS n FROM users WHERE id = ?").bind(userId).first<{ n: number }>();
  return row?.n ?? 0;
}
