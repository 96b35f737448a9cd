/**
 * Writes one job's file: the first `count` records of its search in sort order (marked rows included or excluded)
 * from the SearchBackend, as a streaming XLSX, into an R2 multipart upload under the job's fixed key. A redelivered
 * job writes the same key again, so there is only ever one file per job.
 */
import type { SearchBackend } from "../../../../search-index";
import { exportFileKey, ListFileSnapshotSchema, XLSX_CONTENT_TYPE, type ExportJobRow } from "../../../shared/export-job";
import { AppError } from "../../../shared/errors";
import type { CompanyRecord, WorksiteRecord } from "../../../shared/search/result-schemas";
import { deserializeSearchOrThrow } from "../../../shared/search/search-serialize";
import { uploadMultipart } from "../r2/multipart-upload";
import { writeCompanyWorkbook, writeWorksiteWorkbook } from "../xlsx/workbook-stream";
import type { FinishedFile } from "./job-store";
import { describeSearch, EXPORT_SOURCES } from "./search-description";
import { z } from "zod";

const IdNumbersSchema = z.array(z.union([z.number(), z.string()]));

async function readListFiles(bucket: R2Bucket, key: string | null): Promise<Map<number, string[]> | undefined> {
  if (!key) return undefined;
  const object = await bucket.get(key);
  // The snapshot is written before the job is queued and deleted only with it: missing means a broken job.
  if (!object) throw new AppError("EXPORT_LIST_FILES_MISSING", 422, "Listfilerna för exporten saknas.");
  return new Map(ListFileSnapshotSchema.parse(await object.json()));
}

export async function writeExportFile(
  bucket: R2Bucket,
  job: ExportJobRow,
  backend: SearchBackend,
  holdAfterPart?: number,
): Promise<FinishedFile> {
  const search = deserializeSearchOrThrow(job.serialized_search);
  const idNumbers = IdNumbersSchema.parse(JSON.parse(job.id_numbers_json));
  const listFiles = await readListFiles(bucket, job.list_files_key);
  const exclude = job.exclude === 1;
  // No marked ids means no selection at all (an empty list with exclude=false would select nothing).
  const selection = idNumbers.length > 0 ? { idNumbers, exclude } : {};
  const rows = backend.readExportRows(search, { count: job.reserved_count, ...selection, listFiles });
  const listFileNumbers = [...(listFiles?.values() ?? [])].reduce((sum, numbers) => sum + numbers.length, 0);
  const common = {
    criteria: describeSearch(search, { exclude, count: idNumbers.length }, listFileNumbers),
    sources: EXPORT_SOURCES,
    createdAt: new Date(job.created_at),
  };
  // The backend yields records of the search's result type, so the chunk type follows resultType.
  const stream =
    search.resultType === "COMPANY"
      ? writeCompanyWorkbook(rows as AsyncIterable<CompanyRecord[]>, common)
      : writeWorksiteWorkbook(rows as AsyncIterable<WorksiteRecord[]>, common);
  const r2Key = exportFileKey(job.id);
  const { size } = await uploadMultipart(bucket, r2Key, stream.chunks, {
    httpMetadata: { contentType: XLSX_CONTENT_TYPE, contentDisposition: `attachment; filename="${job.file_name}"` },
    customMetadata: { jobId: job.id, userId: job.user_id },
    holdAfterPart,
  });
  return { rowCount: stream.counter.rows, r2Key, size };
}
