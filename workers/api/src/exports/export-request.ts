/**
 * POST /sapi/extraction/spreadsheet: validates the search and the columns, recomputes the maximum (spec §5, with the
 * records already paid in the subscription period free: issue 17), freezes the list files the search names and the
 * record ids the job exports, reserves the quota, writes the ledger and creates the job in one batch, and queues the
 * job. Idempotent per (user, Idempotency-Key): a replay answers the job of the first request and debits nothing.
 */
import { validateSearch, type SearchBackend, type ValidSearch } from "#search-index";
import { EXPORT_RETENTION_DAYS, exportFileName, type ExtractionJob, type ExtractionSelection } from "#shared/api-contracts/extraction";
import type { ColumnSpec, ExportFormat } from "#shared/api-contracts/export-columns";
import { AppError } from "#shared/errors";
import { exportIdsKey, listFileSnapshotKey, type ExportJobMessage, type ExportJobRow } from "#shared/export-job";
import { describeError, log } from "#shared/log";
import { deserializeSearchOrThrow } from "#shared/search/search-serialize";
import { listFilesForSearch } from "../list-files/list-file-numbers";
import { exportAllowance } from "./export-allowance";
import { findJobByKey, isQuotaCheckFailure, reserveExportJob, undoReservation, type NewExportJob } from "./export-job-store";
import { assertAllowedCount, keyReused, quotaExceeded } from "./export-quota";
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

/** The request's search, parsed once: its form (paths under serializedSearch) and its codes. */
const parseRequestSearch = (serializedSearch: string): ValidSearch =>
  validateSearch(deserializeSearchOrThrow(serializedSearch, "serializedSearch"));

async function checkCount(deps: ExportDeps, request: ExportRequest, search: ValidSearch) {
  const listFiles = await listFilesForSearch(deps.db, request.userId, search.numSet);
  const backend = await deps.backend();
  const allowance = await exportAllowance({
    db: deps.db,
    backend,
    userId: request.userId,
    search,
    selection: request.selection,
    listFiles,
  });
  assertAllowedCount(request.count, allowance);
  return { listFiles, ids: allowance.ids.slice(0, request.count) };
}

/** The popup's figures for a selection (issue 17): N, M (already paid, free), records left and the maximum count. */
export async function previewExport(deps: ExportDeps, userId: string, serializedSearch: string, selection: ExtractionSelection) {
  const search = parseRequestSearch(serializedSearch);
  const listFiles = await listFilesForSearch(deps.db, userId, search.numSet);
  const allowance = await exportAllowance({ db: deps.db, backend: await deps.backend(), userId, search, selection, listFiles });
  const { selectionCount, alreadyPaid, recordsLeft, maxCount } = allowance;
  return { resultType: search.resultType, selectionCount, alreadyPaid, recordsLeft, maxCount };
}

/** Objects written before the reservation, deleted again when the reservation does not happen or was a replay. */
const stagedKeys = (job: NewExportJob) => [job.listFilesKey, job.ledger?.idsKey].filter((key): key is string => !!key);

export async function requestExport(deps: ExportDeps, request: ExportRequest, now = Date.now()): Promise<ExtractionJob> {
  const hash = await requestHash(request);
  const existing = await findJobByKey(deps.db, request.userId, request.idempotencyKey);
  if (existing) return replayed(existing, hash);
  const search = parseRequestSearch(request.serializedSearch);
  const columns = await exportColumnsFor(deps.db, request.userId, search.resultType, request);
  const { listFiles, ids } = await checkCount(deps, request, search);
  const job = newJob(request, search, { hash, columns }, now, listFiles !== undefined);
  job.ledger = { ids, idsKey: exportIdsKey(job.id) };
  if (listFiles && job.listFilesKey) await deps.exports.put(job.listFilesKey, JSON.stringify([...listFiles]));
  await deps.exports.put(job.ledger.idsKey, JSON.stringify(ids));
  const stored = await reserve(deps, job);
  if (stored.id !== job.id) return replayed(stored, hash);
  await enqueue(deps, job);
  return toExtractionJob(stored);
}

function newJob(
  request: ExportRequest,
  search: ValidSearch,
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
    if (stored.id !== job.id) await deps.exports.delete(stagedKeys(job));
    return stored;
  } catch (error) {
    await deps.exports.delete(stagedKeys(job));
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
    await deps.exports.delete(stagedKeys(job));
    throw new AppError("EXPORT_QUEUE_UNAVAILABLE", 503, "Exporten kunde inte startas just nu. Försök igen om en stund.", {
      cause: error,
      expose: true,
    });
  }
}
