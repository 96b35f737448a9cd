/**
 * POST /sapi/extraction/spreadsheet: validates the search, recomputes the maximum (spec §5), reserves the quota and
 * creates the job in one batch, freezes the list files the search names, and queues the job. Idempotent per
 * (user, Idempotency-Key): a replay answers the job of the first request and debits nothing.
 */
import type { SearchBackend } from "../../../../search-index";
import {
  EXPORT_RETENTION_DAYS,
  exportFileName,
  type ExtractionJob,
  type ExtractionSelection,
} from "../../../shared/api-contracts/extraction";
import type { ColumnSpec, ExportFormat } from "../../../shared/api-contracts/export-columns";
import { AppError } from "../../../shared/errors";
import { listFileSnapshotKey, type ExportJobMessage, type ExportJobRow } from "../../../shared/export-job";
import { describeError, log } from "../../../shared/log";
import type { Search } from "../../../shared/search/search-schema";
import { deserializeSearchOrThrow } from "../../../shared/search/search-serialize";
import { listFilesForSearch } from "../list-files/list-file-numbers";
import { findJobByKey, isQuotaCheckFailure, recordsLeft, reserveExportJob, undoReservation, type NewExportJob } from "./export-job-store";
import { assertExportCount, keyReused, quotaExceeded } from "./export-quota";
import { exportColumnsFor } from "./export-template-service";
import { toExtractionJob } from "./export-view";

export interface ExportDeps {
  db: D1Database;
  exports: R2Bucket;
  queue: Queue<ExportJobMessage>;
  backend: () => Promise<SearchBackend>;
}

export interface ExportRequest {
  userId: string;
  serializedSearch: string;
  count: number;
  selection: ExtractionSelection;
  idempotencyKey: string;
  format: ExportFormat;
  /** The request's own columns, or the template to take them from (else the user's default template). */
  columns?: readonly ColumnSpec[];
  templateId?: string;
}

const DAY_MS = 86_400_000;

async function requestHash(request: ExportRequest): Promise<string> {
  const ids = [...new Set(request.selection.idNumbers.map(String))].sort();
  const design = [request.format, request.columns ?? null, request.templateId ?? null];
  const text = JSON.stringify([request.serializedSearch, request.count, request.selection.exclude, ids, ...design]);
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function replayed(job: ExportJobRow, hash: string): ExtractionJob {
  if (job.request_hash !== hash) throw keyReused();
  return toExtractionJob(job);
}

async function checkCount(deps: ExportDeps, request: ExportRequest, search: Search) {
  const listFiles = await listFilesForSearch(deps.db, request.userId, search.numSet);
  const { hitCount } = await (await deps.backend()).search(search, { listFiles });
  const marked = new Set(request.selection.idNumbers.map(String)).size;
  const left = await recordsLeft(deps.db, request.userId);
  assertExportCount(request.count, { hits: hitCount, recordsLeft: left, marked, exclude: request.selection.exclude });
  return listFiles;
}

export async function requestExport(deps: ExportDeps, request: ExportRequest, now = Date.now()): Promise<ExtractionJob> {
  const hash = await requestHash(request);
  const existing = await findJobByKey(deps.db, request.userId, request.idempotencyKey);
  if (existing) return replayed(existing, hash);
  const search = deserializeSearchOrThrow(request.serializedSearch, "serializedSearch");
  const columns = await exportColumnsFor(deps.db, request.userId, search.resultType, request);
  const listFiles = await checkCount(deps, request, search);
  const job = newJob(request, search, { hash, columns }, now, listFiles !== undefined);
  if (listFiles && job.listFilesKey) await deps.exports.put(job.listFilesKey, JSON.stringify([...listFiles]));
  const stored = await reserve(deps, job);
  if (stored.id !== job.id) return replayed(stored, hash);
  await enqueue(deps, job);
  return toExtractionJob(stored);
}

function newJob(
  request: ExportRequest,
  search: Search,
  { hash, columns }: { hash: string; columns: readonly ColumnSpec[] },
  now: number,
  hasListFiles: boolean,
): NewExportJob {
  const id = crypto.randomUUID();
  return {
    id,
    userId: request.userId,
    idempotencyKey: request.idempotencyKey,
    requestHash: hash,
    resultType: search.resultType,
    serializedSearch: request.serializedSearch,
    exclude: request.selection.exclude,
    idNumbers: request.selection.idNumbers,
    listFilesKey: hasListFiles ? listFileSnapshotKey(id) : null,
    count: request.count,
    fileName: exportFileName(search.resultType, new Date(now), request.format),
    format: request.format,
    columns,
    createdAt: now,
    expiresAt: now + EXPORT_RETENTION_DAYS * DAY_MS,
  };
}

async function reserve(deps: ExportDeps, job: NewExportJob): Promise<ExportJobRow> {
  try {
    const stored = await reserveExportJob(deps.db, job);
    if (stored.id !== job.id && job.listFilesKey) await deps.exports.delete(job.listFilesKey);
    return stored;
  } catch (error) {
    if (job.listFilesKey) await deps.exports.delete(job.listFilesKey);
    if (isQuotaCheckFailure(error)) throw quotaExceeded();
    throw error;
  }
}

async function enqueue(deps: ExportDeps, job: NewExportJob): Promise<void> {
  try {
    await deps.queue.send({ jobId: job.id });
  } catch (error) {
    log("error", "export job not queued, reservation undone", { jobId: job.id, ...describeError(error) });
    await undoReservation(deps.db, job.id);
    if (job.listFilesKey) await deps.exports.delete(job.listFilesKey);
    throw new AppError("EXPORT_QUEUE_UNAVAILABLE", 503, "Exporten kunde inte startas just nu. Försök igen om en stund.", {
      cause: error,
      expose: true,
    });
  }
}
