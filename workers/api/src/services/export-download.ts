/** GET /sapi/extraction/{jobId} and /file: the owner's job status and its file, streamed from R2. */
import type { ExtractionJob } from "../../../shared/api-contracts/extraction";
import { AppError, notFound } from "../../../shared/errors";
import { XLSX_CONTENT_TYPE } from "../../../shared/export-job";
import { findJobForUser } from "./export-job-store";
import { toExtractionJob } from "./export-view";

const jobNotFound = () => notFound("EXPORT_NOT_FOUND", "Exporten finns inte.");

export async function readExportJob(db: D1Database, userId: string, jobId: string, now = Date.now()): Promise<ExtractionJob> {
  const job = await findJobForUser(db, jobId, userId, now);
  if (!job) throw jobNotFound();
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
      "Content-Type": XLSX_CONTENT_TYPE,
      "Content-Length": String(object.size),
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(job.file_name)}`,
      "Cache-Control": "private, no-store",
      ETag: object.httpEtag,
    },
  });
}
