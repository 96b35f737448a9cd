/**
 * Writes one job's file: the first `count` records of its search in sort order (marked rows included or excluded)
 * from the SearchBackend, as a streaming XLSX or CSV with the job's columns, into an R2 multipart upload under the
 * job's fixed key. A redelivered job writes the same key again, so there is only ever one file per job. With a
 * heartbeat, the delivery's lease is renewed while the rows stream and after each part (lease-heartbeat.ts); a lost
 * lease stops the writing before anything is completed.
 */
import { validateSearch, type CompanyExportRecord, type ExportChunk, type SearchBackend } from "#search-index";
import { ColumnSpecSchema, needsDetails, standardColumnSpecs, type ColumnSpec } from "#shared/api-contracts/export-columns";
import { contentTypeOf, exportFileKey, ExportIdsSchema, ListFileSnapshotSchema, type ExportJobRow } from "#shared/export-job";
import { AppError } from "#shared/errors";
import type { WorksiteRecord } from "#shared/search/result-schemas";
import { deserializeSearchOrThrow } from "#shared/search/search-serialize";
import { uploadMultipart } from "../r2/multipart-upload";
import { writeCsv } from "../csv/csv-stream";
import { companyColumns, worksiteColumns } from "../xlsx/column-values";
import type { Column } from "../xlsx/columns";
import type { RowCounter } from "../xlsx/data-sheet";
import { writeWorkbook, type WorkbookOptions } from "../xlsx/workbook-stream";
import type { FinishedFile } from "./job-store";
import type { LeaseHeartbeat } from "./lease-heartbeat";
import { describeSearch, EXPORT_SOURCES } from "./search-description";
import { z } from "zod";

const IdNumbersSchema = z.array(z.union([z.number(), z.string()]));
const ColumnsSchema = z.array(ColumnSpecSchema);

/** The job's columns: stored with the job (validated against the catalogue at request time), else Standard. */
function columnsOf(job: ExportJobRow): ColumnSpec[] {
  return job.columns_json === null ? standardColumnSpecs(job.result_type) : ColumnsSchema.parse(JSON.parse(job.columns_json));
}

/** The record ids a ledger job exports, frozen at request time (null for jobs from before the ledger). */
async function readFrozenIds(bucket: R2Bucket, key: string | null): Promise<number[] | null> {
  if (!key) return null;
  const object = await bucket.get(key);
  if (!object) throw new AppError("EXPORT_IDS_MISSING", 422, "Exportens poster saknas.");
  return ExportIdsSchema.parse(await object.json());
}

/**
 * A turn of the event loop between chunks. Where the export shares a thread with the API and web workers (one workerd
 * process: npm start, wrangler dev), the polls of the progress bar are answered only when the export lets go: without
 * it, a poll sent 0.25 s into a 60 000-row export was answered 8 s later, when the export was done (issue 38).
 */
const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Passes the chunks on, noting each record's id (orgSeqNo, or cfarNo as a number); once the writer has taken a chunk
 * (it asks for the next one), the heartbeat counts its rows and renews the lease if it is time.
 */
async function* noting(rows: AsyncIterable<ExportChunk>, written: Set<number>, heartbeat?: LeaseHeartbeat): AsyncGenerator<ExportChunk> {
  for await (const chunk of rows) {
    for (const record of chunk) written.add("cfarNo" in record ? Number(record.cfarNo) : record.orgSeqNo);
    yield chunk;
    await heartbeat?.rowsStreamed(chunk.length);
    await nextTurn();
  }
}

/** A short export still reaches the heartbeat (and the progress bar) in about this many chunks. */
const PROGRESS_STEPS = 20;

/**
 * Rows per chunk read from the backend: the backends' 500 for a large export, about a twentieth of a small one (at
 * least 25), so the rows written move in steps the heartbeat can record (issue 38: a 200-row export was one chunk).
 */
export const exportChunkSize = (count: number) => Math.min(500, Math.max(25, Math.ceil(count / PROGRESS_STEPS)));

type Common = Omit<WorkbookOptions<never>, "sheetName" | "columns" | "rows">;

/** The file's bytes in the job's format, and the row counter the writer fills in. */
function fileStream<R>(job: ExportJobRow, columns: Column<R>[], rows: AsyncIterable<R[]>, common: Common) {
  if (job.format === "csv") return writeCsv(columns, rows);
  const sheetName = job.result_type === "COMPANY" ? "Företag" : "Arbetsställen";
  return writeWorkbook({ ...common, sheetName, columns, rows });
}

async function readListFiles(bucket: R2Bucket, key: string | null): Promise<Map<number, string[]> | undefined> {
  if (!key) return undefined;
  const object = await bucket.get(key);
  // The snapshot is written before the job is queued and deleted only with it: missing means a broken job.
  if (!object) throw new AppError("EXPORT_LIST_FILES_MISSING", 422, "Listfilerna för exporten saknas.");
  return new Map(ListFileSnapshotSchema.parse(await object.json()));
}

export interface WriteOptions {
  /** The delivery's heartbeat (renews its lease; throws LeaseLostError when it was taken over). */
  heartbeat?: LeaseHeartbeat;
  /** Resilience suite only: hold the upload after this part (see uploadMultipart). */
  holdAfterPart?: number;
}

export async function writeExportFile(
  bucket: R2Bucket,
  job: ExportJobRow,
  backend: SearchBackend,
  { heartbeat, holdAfterPart }: WriteOptions = {},
): Promise<FinishedFile> {
  // The job's search, parsed once (its form and codes, as at request time); the backend takes it as it is.
  const search = validateSearch(deserializeSearchOrThrow(job.serialized_search));
  const idNumbers = IdNumbersSchema.parse(JSON.parse(job.id_numbers_json));
  const listFiles = await readListFiles(bucket, job.list_files_key);
  const exclude = job.exclude === 1;
  const frozen = await readFrozenIds(bucket, job.ids_key);
  // No marked ids means no selection at all (an empty list with exclude=false would select nothing). A ledger job
  // exports exactly its frozen ids (the records it was charged for or got free), in sort order.
  const selection = frozen ? { idNumbers: frozen, exclude: false } : idNumbers.length > 0 ? { idNumbers, exclude } : {};
  const written = new Set<number>();
  const columns = columnsOf(job);
  const withDetails = needsDetails(job.result_type, columns);
  const rows = noting(
    backend.readExportRows(search, {
      ...{ count: job.reserved_count, chunkSize: exportChunkSize(job.reserved_count) },
      ...{ ...selection, listFiles, withDetails },
    }),
    written,
    heartbeat,
  );
  const listFileNumbers = [...(listFiles?.values() ?? [])].reduce((sum, numbers) => sum + numbers.length, 0);
  const common = {
    criteria: describeSearch(search.normalised, { exclude, count: idNumbers.length }, listFileNumbers),
    sources: EXPORT_SOURCES,
    createdAt: new Date(job.created_at),
  };
  // The backend yields records of the search's result type, so the chunk type follows resultType.
  const stream: { chunks: AsyncGenerator<Uint8Array>; counter: RowCounter } =
    search.resultType === "COMPANY"
      ? fileStream(job, companyColumns(columns), rows as AsyncIterable<CompanyExportRecord[]>, common)
      : fileStream(job, worksiteColumns(columns), rows as AsyncIterable<WorksiteRecord[]>, common);
  const r2Key = exportFileKey(job.id, job.format);
  const { size } = await uploadMultipart(bucket, r2Key, stream.chunks, {
    httpMetadata: { contentType: contentTypeOf(job.format), contentDisposition: `attachment; filename="${job.file_name}"` },
    customMetadata: { jobId: job.id, userId: job.user_id },
    onPartStored: heartbeat ? () => heartbeat.partStored() : undefined,
    holdAfterPart,
  });
  const missingIds = frozen?.filter((id) => !written.has(id));
  return { rowCount: stream.counter.rows, r2Key, size, ...(missingIds ? { missingIds } : {}) };
}
