import { z } from "zod";
import { EXPORT_JOB_STATUSES } from "./export-job-states";

/** The message the API puts on EXPORT_QUEUE: only the job id; everything else is read from the job row. */
export const ExportJobMessageSchema = z.object({ jobId: z.string().min(1).max(64) });
export type ExportJobMessage = z.infer<typeof ExportJobMessageSchema>;

/** A row of export_jobs (workers/api/migrations/0020_create_export_jobs.sql) as both workers read it. */
export const ExportJobRowSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  request_hash: z.string(),
  status: z.enum(EXPORT_JOB_STATUSES),
  result_type: z.enum(["COMPANY", "WORKSITE"]),
  serialized_search: z.string(),
  exclude: z.union([z.literal(0), z.literal(1)]),
  id_numbers_json: z.string(),
  list_files_key: z.string().nullable(),
  reserved_count: z.number().int().positive(),
  refunded_count: z.number().int().nonnegative(),
  row_count: z.number().int().nullable(),
  file_name: z.string(),
  r2_key: z.string().nullable(),
  file_size: z.number().int().nullable(),
  attempts: z.number().int(),
  lease_token: z.string().nullable(),
  lease_until: z.number().int().nullable(),
  error_code: z.string().nullable(),
  created_at: z.number().int(),
  finished_at: z.number().int().nullable(),
  expires_at: z.number().int(),
  format: z.enum(["xlsx", "csv"]),
  /** The export's columns (ColumnSpec[] as JSON); null for jobs from before templates: Standard. */
  columns_json: z.string().nullable(),
  /** Records charged (ledger rows inserted); null for jobs from before the ledger (charged reserved_count). */
  charged_count: z.number().int().nullable(),
  /** R2 key of the record ids the job exports, frozen at request time (null before the ledger). */
  ids_key: z.string().nullable(),
  /** Rows written so far, as the delivery's last heartbeat recorded them (0 before it starts). */
  rows_written: z.number().int().nonnegative(),
  /** When the delivery holding the job last renewed its lease (its claim or a heartbeat; epoch ms); null before a claim. */
  heartbeat_at: z.number().int().nullable(),
});
export type ExportJobRow = z.infer<typeof ExportJobRowSchema>;

/** The organisation numbers of the list files a search names, frozen when the export was requested (stored in R2). */
export const ListFileSnapshotSchema = z.array(z.tuple([z.number().int(), z.array(z.string())]));
export type ListFileSnapshot = z.infer<typeof ListFileSnapshotSchema>;

export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const CSV_CONTENT_TYPE = "text/csv; charset=utf-8";
export const contentTypeOf = (format: "xlsx" | "csv") => (format === "csv" ? CSV_CONTENT_TYPE : XLSX_CONTENT_TYPE);

/** Where an export's file and its list-file snapshot live in the EXPORTS bucket (one fixed key per job). */
export const exportFileKey = (jobId: string, format: "xlsx" | "csv" = "xlsx") => `exports/${jobId}.${format}`;
export const listFileSnapshotKey = (jobId: string) => `exports/${jobId}.list-files.json`;
/** Outside exports/<jobId>* so listings of a job's files show only its file and its list-file snapshot. */
export const exportIdsKey = (jobId: string) => `export-ids/${jobId}.json`;
export const ExportIdsSchema = z.array(z.number().int());

/**
 * How long a delivery holds a job after its claim or its last heartbeat, by default. The delivery renews the lease
 * after each part it uploads and every HEARTBEAT_INTERVAL_MS (1 s) while rows stream
 * (workers/export/src/jobs/lease-heartbeat.ts), so a live delivery never lets it run out: the lease is several times
 * the worst gap between two renewals measured under load (docs/decisions/0014, amendment of issue 28). A dead
 * delivery's job is idle a lease after its last heartbeat and taken over within two minutes of the death: by a
 * redelivered message (which retries a lease after finding it held), the owner's poll or the cleanup (every minute).
 */
export const DEFAULT_EXPORT_LEASE_MS = 60_000;
/** A job claimed this often without settling is failed rather than queued again (it kills its consumer). */
export const MAX_EXPORT_CLAIMS = 10;

/**
 * A job waiting for a delivery that may never come: RUNNING with its lease run out (its delivery's heartbeat stopped a
 * lease ago: the delivery died with its process), or READY for over a lease (its message was lost). Queuing it again
 * is safe: a job is claimed and settled once, whatever the number of messages, and a claim needs the lease run out.
 */
export function isIdleExportJob(
  job: Pick<ExportJobRow, "status" | "attempts" | "lease_until" | "created_at">,
  now: number,
  leaseMs = DEFAULT_EXPORT_LEASE_MS,
): boolean {
  if (job.attempts >= MAX_EXPORT_CLAIMS) return false;
  if (job.status === "RUNNING") return (job.lease_until ?? 0) < now;
  return job.status === "READY" && job.created_at < now - leaseMs;
}
