/**
 * Reading POST /sapi/list-file/add/{seqNo}: multipart/form-data with one or more files in the field `listFile`
 * (spec §7). The request size is checked before the body is read; each file's own limits are the parser's.
 */
import type { Context } from "hono";
import { z } from "zod";
import { parseOrThrow, userMessage, validationError } from "#shared/errors";
import { readCappedBytes } from "../http/capped-body";
import { LIST_FILE_REQUEST_TOO_LARGE, MAX_LIST_FILE_REQUEST_BYTES } from "#shared/api-contracts/list-files";
import { LIST_FILE_LIMITS } from "./limits";
import { fileTooLarge } from "./refusals";

/** Files per upload request, and bytes per request (a Worker holds the whole form in its 128 MB). */
export const UPLOAD_LIMITS = { maxFiles: 10, maxRequestBytes: MAX_LIST_FILE_REQUEST_BYTES } as const;

export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

const ListFileFieldSchema = z
  .array(z.instanceof(File, { error: "Fältet listFile ska innehålla filer" }), { error: "Välj minst en fil" })
  .min(1, "Välj minst en fil")
  .max(UPLOAD_LIMITS.maxFiles, `Högst ${UPLOAD_LIMITS.maxFiles} filer åt gången`);

const tooLargeRequest = () => userMessage(LIST_FILE_REQUEST_TOO_LARGE.code, LIST_FILE_REQUEST_TOO_LARGE.message);

const noFiles = () => validationError([{ path: "listFile", message: "Välj minst en fil" }]);

/**
 * The form's listFile values. The body is read with the request cap whether or not Content-Length was sent (a chunked
 * body used to be buffered whole), and a malformed multipart body is VALIDATION, not an internal error.
 */
async function readListFileField(c: Context): Promise<FormDataEntryValue[]> {
  const contentType = c.req.header("Content-Type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) throw noFiles();
  const bytes = await readCappedBytes(c.req.raw, UPLOAD_LIMITS.maxRequestBytes, tooLargeRequest);
  try {
    return (await new Response(bytes, { headers: { "Content-Type": contentType } }).formData()).getAll("listFile");
  } catch {
    throw noFiles();
  }
}

/** The uploaded files, or VALIDATION "listFile" when there are none. */
export async function readListFileUploads(c: Context): Promise<UploadedFile[]> {
  const files = parseOrThrow(ListFileFieldSchema, await readListFileField(c), "listFile");
  if (files.reduce((sum, f) => sum + f.size, 0) > UPLOAD_LIMITS.maxRequestBytes) throw tooLargeRequest();
  const uploads: UploadedFile[] = [];
  for (const file of files) {
    if (file.size > LIST_FILE_LIMITS.maxFileBytes) throw fileTooLarge(file.name);
    uploads.push({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
  }
  return uploads;
}
