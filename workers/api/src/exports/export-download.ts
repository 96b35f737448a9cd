/** GET /sapi/extraction/{jobId} and /file: the owner's job status and its file, streamed from R2. */
import type { ExtractionJob } from "#shared/api-contracts/extraction";
import { AppError, notFound } from "#shared/errors";
import { contentTypeOf, isIdleExportJob, type ExportJobMessage } from "#shared/export-job";
import { describeError, log } from "#shared/log";
import { findJobForUser } from "./export-job-store";
import { toExtractionJob } from "./export-view";

const jobNotFound = () => notFound("EXPORT_NOT_FOUND", "Exporten finns inte.");

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

/** The file as a streamed Response; 409 USER_MESSAGE while the job is not DONE. */
export async function downloadExport(db: D1Database, bucket: R2Bucket, userId: string, jobId: string, now = Date.now()): Promise<Response> {
  const job = await findJobForUser(db, jobId, userId, now);
  if (!job) throw jobNotFound();
  if (job.status === "ERROR") throw new AppError("EXPORT_FAILED", 409, "Ett fel inträffade vid export", { type: "USER_MESSAGE" });
  if (job.status !== "DONE" || !job.r2_key)
    throw new AppError("EXPORT_NOT_READY", 409, "Exporten är inte klar än.", { type: "USER_MESSAGE" });
  const object = await bucket.get(job.r2_key);
  if (!object) throw jobNotFound();
  const ascii = job.file_name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return new Response(object.body, {
    headers: {
      "Content-Type": contentTypeOf(job.format),
      "Content-Length": String(object.size),
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(job.file_name)}`,
      "Cache-Control": "private, no-store",
      ETag: object.httpEtag,
    },
  });
}
