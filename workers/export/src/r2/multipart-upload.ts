/**
 * Streams bytes of unknown length into one R2 object through a multipart upload (R2.put refuses a stream of unknown
 * length): equal parts of MIN_PART_SIZE, one in flight at a time, so memory holds one part. After each part is stored
 * onPartStored runs (the export's heartbeat renews its lease there; the upload completes only after it returned for the
 * last part). On any failure, its own included, the upload is aborted, leaving neither the object nor its parts behind,
 * and the error is rethrown.
 */
import { describeError, log } from "#shared/log";
import { equalParts, MIN_PART_SIZE } from "./equal-parts";

export interface UploadResult {
  size: number;
  parts: number;
}

export interface UploadOptions {
  httpMetadata?: R2HTTPMetadata;
  customMetadata?: Record<string, string>;
  partSize?: number;
  /** After each part is stored, before the next one (or the completion): may throw to stop the upload. */
  onPartStored?: (parts: number, bytes: number) => Promise<void>;
  /**
   * Fault injection for the resilience suite only (EXPORT_FAULT_HOLD_AFTER_PART): after this part is stored, log
   * "export upload held" and wait, so the process can be killed while the upload is unfinished. Never set in production.
   */
  holdAfterPart?: number;
}

/** How long a held upload waits (the suite kills the process well before). */
const HOLD_MS = 5 * 60_000;

export async function uploadMultipart(
  bucket: R2Bucket,
  key: string,
  chunks: AsyncIterable<Uint8Array>,
  options: UploadOptions = {},
): Promise<UploadResult> {
  const upload = await bucket.createMultipartUpload(key, { httpMetadata: options.httpMetadata, customMetadata: options.customMetadata });
  try {
    const parts: R2UploadedPart[] = [];
    let size = 0;
    for await (const part of equalParts(chunks, options.partSize ?? MIN_PART_SIZE)) {
      parts.push(await upload.uploadPart(parts.length + 1, part));
      size += part.length;
      await options.onPartStored?.(parts.length, size);
      if (parts.length === options.holdAfterPart) {
        log("warn", "export upload held", { key, part: parts.length, uploadId: upload.uploadId });
        await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
      }
    }
    if (parts.length === 0) throw new Error("Nothing to upload");
    await upload.complete(parts);
    return { size, parts: parts.length };
  } catch (error) {
    await upload.abort().catch((abortError: unknown) => log("warn", "multipart abort failed", { key, ...describeError(abortError) }));
    throw error;
  }
}
