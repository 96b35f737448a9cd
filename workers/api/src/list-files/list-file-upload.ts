/**
 * Reading POST /sapi/list-file/add/{seqNo}: multipart/form-data with one or more files in the field `listFile`
 * (spec §7). The request size is checked before the body is read; each file's own limits are the parser's.
 */
import type { Context } from "hono";
import { z } from "zod";
import { parseOrThrow, userMessage, validationError } from "../../../shared/errors";
import { LIST_FILE_LIMITS } from "./limits";
import { fileTooLarge } from "./refusals";

/** Files per upload request, and bytes per request (a Worker holds the whole form in its 128 MB). */
export const UPLOAD_LIMITS = { maxFiles: 10, maxRequestBytes: 41 * 1024 * 1024 } as const;

export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

const ListFileFieldSchema = z
  .array(z.instanceof(File, { error: "Fältet listFile ska innehålla filer" }), { error: "Välj minst en fil" })
  .min(1, "Välj minst en fil")
  .max(UPLOAD_LIMITS.maxFiles, `Högst ${UPLOAD_LIMITS.maxFiles} filer åt gången`);

const tooLargeRequest = () =>
  userMessage("LIST_FILE_UPLOAD_TOO_LARGE", "Filerna är tillsammans för stora. Ladda upp högst 40 MB åt gången, eller en fil i taget.");

function checkRequestSize(c: Context): void {
  if (!(c.req.header("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
    throw validationError([{ path: "listFile", message: "Välj minst en fil" }]);
  }
  const length = Number(c.req.header("Content-Length") ?? "0");
  if (length > UPLOAD_LIMITS.maxRequestBytes) throw tooLargeRequest();
}

/** The uploaded files, or VALIDATION "listFile" when there are none. */
export async function readListFileUploads(c: Context): Promise<UploadedFile[]> {
  checkRequestSize(c);
  const form = await c.req.parseBody({ all: true });
  const field = form["listFile"];
  const files = parseOrThrow(ListFileFieldSchema, field === undefined ? [] : [field].flat(), "listFile");
  if (files.reduce((sum, f) => sum + f.size, 0) > UPLOAD_LIMITS.maxRequestBytes) throw tooLargeRequest();
  const uploads: UploadedFile[] = [];
  for (const file of files) {
    if (file.size > LIST_FILE_LIMITS.maxFileBytes) throw fileTooLarge(file.name);
    uploads.push({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
  }
  return uploads;
}
