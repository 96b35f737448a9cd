/** An export job row as the API answers it (ExtractionJobSchema). */
import type { ExtractionJob } from "#shared/api-contracts/extraction";
import type { ExportJobRow } from "#shared/export-job";

const iso = (ms: number) => new Date(ms).toISOString();

export function toExtractionJob(row: ExportJobRow): ExtractionJob {
  return {
    jobId: row.id,
    status: row.status,
    count: row.reserved_count,
    // Net of refunds: a job that wrote fewer rows than it charged (hits shrank, a reindex between request and
    // delivery) or failed gave the difference back when it settled; refunded_count is 0 until then.
    chargedCount: (row.charged_count ?? row.reserved_count) - row.refunded_count,
    rowCount: row.row_count,
    rowsWritten: row.status === "DONE" ? (row.row_count ?? row.rows_written) : row.rows_written,
    fileName: row.file_name,
    format: row.format,
    createdAt: iso(row.created_at),
    finishedAt: row.finished_at === null ? null : iso(row.finished_at),
    expiresAt: iso(row.expires_at),
  };
}
