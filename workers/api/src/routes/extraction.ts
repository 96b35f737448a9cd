import { Hono } from "hono";
import { z } from "zod";
import {
  ExtractionJobSchema,
  ExtractionQuerySchema,
  ExtractionSelectionSchema,
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyKeySchema,
} from "../../../shared/api-contracts/extraction";
import { parseOrThrow } from "../../../shared/errors";
import { readJson } from "../auth/request-input";
import type { ApiBindings } from "../env";
import { currentSession } from "../middleware/session";
import { contractJson } from "../services/contract-answer";
import { downloadExport, readExportJob } from "../services/export-download";
import { requestExport } from "../services/export-request";
import { backendFor } from "../services/search-backend-for";

const JobIdSchema = z.uuid();
const LeaseSecondsSchema = z.coerce.number().positive();

/** The export worker's lease (EXPORT_LEASE_SECONDS, set on both workers), in ms; undefined for the default. */
const leaseMsOf = (value: string | undefined) => {
  const parsed = LeaseSecondsSchema.safeParse(value);
  return value !== undefined && parsed.success ? parsed.data * 1000 : undefined;
};

/**
 * Mounted at /sapi/extraction (spec §7, issue 9): POST /spreadsheet → 202 with the queued job; GET /{jobId} → its
 * status; GET /{jobId}/file → the .xlsx. Jobs are visible to their owner only (404 for anyone else).
 */
export const extractionRoutes = new Hono<ApiBindings>()
  .post("/spreadsheet", async (c) => {
    const query = parseOrThrow(ExtractionQuerySchema, c.req.query());
    const idempotencyKey = parseOrThrow(IdempotencyKeySchema, c.req.header(IDEMPOTENCY_KEY_HEADER), IDEMPOTENCY_KEY_HEADER);
    const selection = await readJson(c, ExtractionSelectionSchema);
    const deps = { db: c.env.DB, exports: c.env.EXPORTS, queue: c.env.EXPORT_QUEUE, backend: () => backendFor(c) };
    const job = await requestExport(deps, { userId: currentSession(c).userId, ...query, selection, idempotencyKey });
    c.status(202);
    return contractJson(c, ExtractionJobSchema, job);
  })
  .get("/:jobId", async (c) => {
    const jobId = parseOrThrow(JobIdSchema, c.req.param("jobId"), "jobId");
    c.header("Cache-Control", "no-store");
    const recovery = { queue: c.env.EXPORT_QUEUE, leaseMs: leaseMsOf(c.env.EXPORT_LEASE_SECONDS) };
    return contractJson(c, ExtractionJobSchema, await readExportJob(c.env.DB, currentSession(c).userId, jobId, recovery));
  })
  .get("/:jobId/file", async (c) => {
    const jobId = parseOrThrow(JobIdSchema, c.req.param("jobId"), "jobId");
    return downloadExport(c.env.DB, c.env.EXPORTS, currentSession(c).userId, jobId);
  });
