import { Hono } from "hono";
import { z } from "zod";
import {
  ExtractionJobListSchema,
  ExtractionJobSchema,
  ExtractionListQuerySchema,
  ExtractionPreviewQuerySchema,
  ExtractionPreviewSchema,
  ExtractionQuerySchema,
  ExtractionRequestBodySchema,
  IDEMPOTENCY_KEY_HEADER,
  ExtractionSelectionSchema,
  IdempotencyKeySchema,
} from "#shared/api-contracts/extraction";
import {
  ExportTemplateInputSchema,
  ExportTemplateListSchema,
  ExportTemplatePatchSchema,
  ExportTemplateSchema,
  TemplateIdSchema,
} from "#shared/api-contracts/export-templates";
import { parseOrThrow } from "#shared/errors";
import { readJson } from "../auth/request-input";
import type { ApiBindings, ApiEnv } from "../env";
import { currentSession } from "../middleware/session";
import { limitCalls } from "../rate-limits/call-limits";
import { contractJson } from "../http/contract-answer";
import { downloadExport, readExportJob } from "../exports/export-download";
import { listExports } from "../exports/export-list";
import { previewExport, requestExport } from "../exports/export-request";
import { createTemplate, deleteTemplate, listTemplates, setDefaultTemplate, updateTemplate } from "../exports/export-template-service";
import { backendFor } from "../search/search-backend-for";

const JobIdSchema = z.uuid();
const LeaseSecondsSchema = z.coerce.number().positive();

/** The export worker's lease (EXPORT_LEASE_SECONDS, set on both workers), in ms; undefined for the default. */
const leaseMsOf = (value: string | undefined) => {
  const parsed = LeaseSecondsSchema.safeParse(value);
  return value !== undefined && parsed.success ? parsed.data * 1000 : undefined;
};

/** How a poll recovers a job whose lease ran out (the export queue, the lease): for /sapi/extraction and /v1/exports. */
export const exportRecovery = (env: ApiEnv) => ({ queue: env.EXPORT_QUEUE, leaseMs: leaseMsOf(env.EXPORT_LEASE_SECONDS) });

/** /sapi/extraction/templates (issue 17): the user's export templates and the built-ins; see export-templates.ts. */
const templateRoutes = new Hono<ApiBindings>()
  .get("/", async (c) => {
    c.header("Cache-Control", "no-store");
    const templates = await listTemplates(c.env.DB, currentSession(c).userId);
    return contractJson(c, ExportTemplateListSchema, { templates });
  })
  .post("/", async (c) => {
    const input = await readJson(c, ExportTemplateInputSchema);
    const template = await createTemplate(c.env.DB, currentSession(c).userId, input);
    c.status(201);
    return contractJson(c, ExportTemplateSchema, template);
  })
  .patch("/:templateId", async (c) => {
    const templateId = parseOrThrow(TemplateIdSchema, c.req.param("templateId"), "templateId");
    const patch = await readJson(c, ExportTemplatePatchSchema);
    return contractJson(c, ExportTemplateSchema, await updateTemplate(c.env.DB, currentSession(c).userId, templateId, patch));
  })
  .delete("/:templateId", async (c) => {
    const templateId = parseOrThrow(TemplateIdSchema, c.req.param("templateId"), "templateId");
    await deleteTemplate(c.env.DB, currentSession(c).userId, templateId);
    return c.body(null, 204);
  })
  .put("/:templateId/default", async (c) => {
    const templateId = parseOrThrow(TemplateIdSchema, c.req.param("templateId"), "templateId");
    const resultType = parseOrThrow(z.enum(["COMPANY", "WORKSITE"]).optional(), c.req.query("resultType"), "resultType");
    return contractJson(c, ExportTemplateSchema, await setDefaultTemplate(c.env.DB, currentSession(c).userId, templateId, resultType));
  });

/**
 * Mounted at /sapi/extraction (spec §7, issue 9): POST /spreadsheet → 202 with the queued job; GET / → the user's
 * exports of the period ("Mina exporter", issue 28); GET /{jobId} → its status; GET (or HEAD) /{jobId}/file → the
 * .xlsx or .csv, resumable with Range (issue 28). Jobs are visible to their owner only (404 for anyone else).
 */
export const extractionRoutes = new Hono<ApiBindings>()
  .route("/templates", templateRoutes)
  .get("/", async (c) => {
    const { limit } = parseOrThrow(ExtractionListQuerySchema, c.req.query());
    c.header("Cache-Control", "no-store");
    return contractJson(c, ExtractionJobListSchema, await listExports(c.env.DB, currentSession(c).userId, limit, exportRecovery(c.env)));
  })
  // A preview runs a search with counts: it counts as a result page (docs/decisions/0052).
  .post("/preview", limitCalls("search"), async (c) => {
    const { serializedSearch } = parseOrThrow(ExtractionPreviewQuerySchema, c.req.query());
    const selection = await readJson(c, ExtractionSelectionSchema);
    const deps = { db: c.env.DB, exports: c.env.EXPORTS, queue: c.env.EXPORT_QUEUE, backend: () => backendFor(c) };
    c.header("Cache-Control", "no-store");
    return contractJson(c, ExtractionPreviewSchema, await previewExport(deps, currentSession(c).userId, serializedSearch, selection));
  })
  .post("/spreadsheet", async (c) => {
    const query = parseOrThrow(ExtractionQuerySchema, c.req.query());
    const idempotencyKey = parseOrThrow(IdempotencyKeySchema, c.req.header(IDEMPOTENCY_KEY_HEADER), IDEMPOTENCY_KEY_HEADER);
    const { format, columns, templateId, ...selection } = await readJson(c, ExtractionRequestBodySchema);
    const deps = { db: c.env.DB, exports: c.env.EXPORTS, queue: c.env.EXPORT_QUEUE, backend: () => backendFor(c) };
    const request = { userId: currentSession(c).userId, ...query, selection, idempotencyKey, format, columns, templateId };
    const job = await requestExport(deps, request);
    c.status(202);
    return contractJson(c, ExtractionJobSchema, job);
  })
  .get("/:jobId", async (c) => {
    const jobId = parseOrThrow(JobIdSchema, c.req.param("jobId"), "jobId");
    c.header("Cache-Control", "no-store");
    return contractJson(c, ExtractionJobSchema, await readExportJob(c.env.DB, currentSession(c).userId, jobId, exportRecovery(c.env)));
  })
  .get("/:jobId/file", async (c) => {
    const jobId = parseOrThrow(JobIdSchema, c.req.param("jobId"), "jobId");
    // Hono answers HEAD with this GET handler (the request's method stays HEAD) and drops the body.
    const request = { method: c.req.method, range: c.req.header("Range") ?? null, ifRange: c.req.header("If-Range") ?? null };
    return downloadExport(c.env.DB, c.env.EXPORTS, currentSession(c).userId, jobId, request);
  });
