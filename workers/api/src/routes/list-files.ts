import { Hono } from "hono";
import { parseOrThrow } from "#shared/errors";
import type { ApiBindings } from "../env";
import { ListFileIdParamSchema, ListFileListSchema, SeqNoParamSchema } from "#shared/api-contracts/list-files";
import { addListFiles, listListFiles, removeListFile } from "../list-files/list-file-service";
import { readListFileUploads } from "../list-files/list-file-upload";
import { currentSession } from "../middleware/session";
import { limitCalls } from "../rate-limits/call-limits";
import { contractJson } from "../http/contract-answer";
import { backendFor } from "../search/search-backend-for";

/**
 * Mounted at /sapi/list-file (spec §7, issue 10): GET /get/{seqNo} → the user's list files of that search context;
 * POST /add/{seqNo} (multipart, field listFile, several files) → the files added, with their match reports;
 * POST /delete/{fileId} → 204. A missing seqNo is VALIDATION; another user's file is 404.
 */
export const listFileRoutes = new Hono<ApiBindings>()
  // "/get/" and "/add/" (an empty seqNo) are routed too, so they answer VALIDATION "seqNo" rather than 404.
  .on("GET", ["/get/:seqNo?", "/get/"], async (c) => {
    const seqNo = parseOrThrow(SeqNoParamSchema, c.req.param("seqNo"), "seqNo");
    return contractJson(c, ListFileListSchema, await listListFiles(c.env.DB, currentSession(c).userId, seqNo));
  })
  // Uploads are limited per user, across search contexts (docs/decisions/0052).
  .on("POST", ["/add/:seqNo?", "/add/"], limitCalls("listFiles"), async (c) => {
    const seqNo = parseOrThrow(SeqNoParamSchema, c.req.param("seqNo"), "seqNo");
    const uploads = await readListFileUploads(c);
    const files = await addListFiles(c.env.DB, await backendFor(c), { userId: currentSession(c).userId, seqNo, uploads });
    return contractJson(c, ListFileListSchema, files);
  })
  .post("/delete/:fileId", async (c) => {
    const fileId = parseOrThrow(ListFileIdParamSchema, c.req.param("fileId"), "fileId");
    await removeListFile(c.env.DB, currentSession(c).userId, fileId);
    return c.body(null, 204);
  });
