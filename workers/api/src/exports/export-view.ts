/** An export job row as the API answers it (ExtractionJobSchema), and as "Mina exporter" lists it (issue 28). */
import type { ExtractionJob, ExtractionJobListItem } from "#shared/api-contracts/extraction";
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

/** The list's item: the job plus its search in one line, the free records and whether the file can be downloaded. */
export function toExtractionJobListItem(row: ExportJobRow, summary: string, now: number): ExtractionJobListItem {
  return {
    ...toExtractionJob(row),
    resultType: row.result_type,
    summary,
    // Rows of the request that were already paid for in the period (not charged when the job was reserved).
    freeCount: row.charged_count === null ? 0 : row.reserved_count - row.charged_count,
    downloadable: row.status === "DONE" && row.r2_key !== null && row.expires_at > now,
  };
}
