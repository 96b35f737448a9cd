/** GET /sapi/extraction/{jobId} and /file: the owner's job status and its file, streamed from R2. */
import { EXPORT_RETENTION_DAYS, type ExtractionJob } from "#shared/api-contracts/extraction";
import { AppError, notFound } from "#shared/errors";
import { contentTypeOf, isIdleExportJob, type ExportJobMessage, type ExportJobRow } from "#shared/export-job";
import { describeError, log } from "#shared/log";
import { contentRange, decideRange, unsatisfiedRange } from "../http/byte-range";
import { findJobForUser, findOwnJob } from "./export-job-store";
import { toExtractionJob } from "./export-view";

const jobNotFound = () => notFound("EXPORT_NOT_FOUND", "Exporten finns inte.");
/** The owner's file past its expiry (issue 28): said plainly; nothing is charged for a download, nor for this. */
export const EXPORT_EXPIRED_MESSAGE = `Filen har tagits bort: exporterade filer sparas i ${EXPORT_RETENTION_DAYS} dagar. Exportera urvalet igen – poster som du redan har exporterat under prenumerationsperioden kostar inget.`;
const fileExpired = () => new AppError("EXPORT_EXPIRED", 410, EXPORT_EXPIRED_MESSAGE, { type: "USER_MESSAGE" });

export interface IdleJobRecovery {
  queue: Queue<ExportJobMessage>;
  /** The export worker's lease (EXPORT_LEASE_SECONDS). */
  leaseMs?: number;
}

/**
 * The owner's job. A job whose delivery died or whose message was lost (isIdleExportJob) is queued again while its
 * owner waits for it (a lease after the last heartbeat of a dead delivery), rather than at the next run of the cleanup
 * (every minute); a failure to queue is only logged (the cleanup remains).
 */
export async function readExportJob(
  db: D1Database,
  userId: string,
  jobId: string,
  recovery?: IdleJobRecovery,
  now = Date.now(),
): Promise<ExtractionJob> {
  const job = await findJobForUser(db, jobId, userId, now);
  if (!job) throw jobNotFound();
  if (recovery && isIdleExportJob(job, now, recovery.leaseMs)) {
    await recovery.queue.send({ jobId }).then(
      () => log("warn", "idle export job queued again", { jobId, status: job.status }),
      (error: unknown) => log("error", "idle export job not queued again", { jobId, ...describeError(error) }),
    );
  }
  return toExtractionJob(job);
}

/** What the file answer reads of the request: its method (GET or HEAD) and its Range and If-Range headers. */
export interface FileRequest {
  method: string;
  range: string | null;
  ifRange: string | null;
}

const WHOLE_FILE: FileRequest = { method: "GET", range: null, ifRange: null };

/**
 * The file as a streamed Response; 409 USER_MESSAGE while the job is not DONE; 410 EXPORT_EXPIRED once the file is gone
 * (its row lives until the cleanup removes it, then 404 like anyone else's job).
 * Downloads are free and may be repeated or resumed: every answer says `Accept-Ranges: bytes` and carries the file's
 * strong ETag; a single byte range is a 206, one past the end a 416, anything else the whole file (http/byte-range.ts).
 * HEAD reads the object's metadata only.
 */
export async function downloadExport(
  db: D1Database,
  bucket: R2Bucket,
  userId: string,
  jobId: string,
  request: FileRequest = WHOLE_FILE,
  now = Date.now(),
): Promise<Response> {
  const job = await findOwnJob(db, jobId, userId);
  if (!job) throw jobNotFound();
  if (job.expires_at <= now) throw fileExpired();
  if (job.status === "ERROR") throw new AppError("EXPORT_FAILED", 409, "Ett fel inträffade vid export", { type: "USER_MESSAGE" });
  if (job.status !== "DONE" || !job.r2_key)
    throw new AppError("EXPORT_NOT_READY", 409, "Exporten är inte klar än.", { type: "USER_MESSAGE" });
  const key = job.r2_key;

  if (request.method === "HEAD") {
    const head = await bucket.head(key);
    if (!head) throw fileExpired();
    return new Response(null, { headers: { ...fileHeaders(job, head), "Content-Length": String(head.size) } });
  }
  if (request.range === null) return wholeFile(job, await bucket.get(key));

  const head = await bucket.head(key);
  if (!head) throw fileExpired();
  const decision = decideRange(request, head.size, head.httpEtag);
  if (decision.kind === "whole") return wholeFile(job, await bucket.get(key));
  if (decision.kind === "unsatisfiable") {
    const headers = { "Content-Range": unsatisfiedRange(head.size), "Accept-Ranges": "bytes", "Cache-Control": "private, no-store" };
    throw new AppError("RANGE_NOT_SATISFIABLE", 416, "Den delen av filen finns inte.", { type: "USER_MESSAGE", headers });
  }
  const { start, end } = decision;
  const part = await bucket.get(key, { range: { offset: start, length: end - start + 1 } });
  if (!part) throw fileExpired();
  return new Response(part.body, {
    status: 206,
    headers: {
      ...fileHeaders(job, head),
      "Content-Range": contentRange(start, end, head.size),
      "Content-Length": String(end - start + 1),
    },
  });
}

function wholeFile(job: ExportJobRow, object: R2ObjectBody | null): Response {
  if (!object) throw fileExpired();
  return new Response(object.body, { headers: { ...fileHeaders(job, object), "Content-Length": String(object.size) } });
}

/** The headers of every file answer, whole or in part. */
function fileHeaders(job: ExportJobRow, object: R2Object): Record<string, string> {
  const ascii = job.file_name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return {
    "Content-Type": contentTypeOf(job.format),
    "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(job.file_name)}`,
    "Cache-Control": "private, no-store",
    ETag: object.httpEtag,
    "Accept-Ranges": "bytes",
  };
}
