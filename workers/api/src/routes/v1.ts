import { Hono } from "hono";
import { parseSearch, visiblePage } from "#search-index";
import {
  ExtractionJobListSchema,
  ExtractionJobSchema,
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyKeySchema,
} from "#shared/api-contracts/extraction";
import { INDEX_VERSION_HEADER } from "#shared/api-contracts/search-api";
import {
  CfarNoParamSchema,
  JobIdParamSchema,
  OrgNoParamSchema,
  V1CompanySchema,
  V1ExportRequestSchema,
  V1SearchQuerySchema,
  V1WorksiteSchema,
} from "#shared/api-contracts/v1";
import { ExtractionListQuerySchema } from "#shared/api-contracts/extraction";
import { parseOrThrow } from "#shared/errors";
import { serializeSearch } from "#shared/search/search-serialize";
import { currentApiKey, requireApiKey, requireScope } from "../api-keys/api-key-auth";
import { readJson } from "../auth/request-input";
import { loadCompanyByOrgNo, loadWorksite } from "../details/details-service";
import type { ApiBindings } from "../env";
import { downloadExport, readExportJob } from "../exports/export-download";
import { listExports } from "../exports/export-list";
import { requestExport } from "../exports/export-request";
import { contractJson } from "../http/contract-answer";
import { limitCalls } from "../rate-limits/call-limits";
import { backendFor } from "../search/search-backend-for";
import { edgeCacheSeconds, edgeSearchCache } from "../search/edge-search-cache";
import { readSearchBody, wantsFreshResults } from "../search/search-request";
import { searchPageJson } from "../search/search-service";
import { openApiJson } from "../v1/openapi";
import { docsPage, DOCS_PAGE_CSP } from "../v1/docs-page";
import { exportRecovery } from "./extraction";

/**
 * /v1 (issue 47 point 2, docs/decisions/0054): the public API, with an API key instead of a session. Each route is the
 * web app's own call behind a scope: the same services, the same quota and free re-export, the same per-user limits
 * (plus the key's own, in requireApiKey), and no-store on every answer. The description and the OpenAPI document are
 * public; see #shared/api-contracts/v1 for the list.
 */
const authenticated = new Hono<ApiBindings>()
  .use("*", requireApiKey())
  .post("/search", requireScope("search"), limitCalls("search"), async (c) => {
    const { page } = parseOrThrow(V1SearchQuerySchema, c.req.query());
    const search = parseSearch(await readSearchBody(c));
    const { json, indexVersion, cache } = await searchPageJson(c.env.DB, await backendFor(c), {
      userId: currentApiKey(c).userId,
      search,
      page: visiblePage(page ?? 0),
      requestId: null,
      serverRequestId: c.var.requestId,
      bypassCache: wantsFreshResults(c),
      edgeCache: edgeSearchCache(edgeCacheSeconds(c.env.SEARCH_EDGE_CACHE_SECONDS)),
      waitUntil: (work) => c.executionCtx.waitUntil(work),
    });
    c.set("searchCache", cache);
    return c.body(json, 200, { "Content-Type": "application/json; charset=utf-8", [INDEX_VERSION_HEADER]: String(indexVersion) });
  })
  .get("/companies/:orgNo", requireScope("details"), limitCalls("details"), async (c) => {
    const orgNo = parseOrThrow(OrgNoParamSchema, c.req.param("orgNo"), "orgNo");
    const company = await loadCompanyByOrgNo(await backendFor(c), currentApiKey(c).companyFinancialType, orgNo);
    return contractJson(c, V1CompanySchema, company);
  })
  .get("/worksites/:cfarNo", requireScope("details"), limitCalls("details"), async (c) => {
    const cfarNo = parseOrThrow(CfarNoParamSchema, c.req.param("cfarNo"), "cfarNo");
    return contractJson(c, V1WorksiteSchema, await loadWorksite(await backendFor(c), cfarNo));
  })
  .post("/exports", requireScope("export"), async (c) => {
    const idempotencyKey = parseOrThrow(IdempotencyKeySchema, c.req.header(IDEMPOTENCY_KEY_HEADER), IDEMPOTENCY_KEY_HEADER);
    const { search, count, format, columns, templateId, ...selection } = await readJson(c, V1ExportRequestSchema);
    const serializedSearch = serializeSearch(parseSearch(search, "search").normalised);
    const deps = { db: c.env.DB, exports: c.env.EXPORTS, queue: c.env.EXPORT_QUEUE, backend: () => backendFor(c) };
    const userId = currentApiKey(c).userId;
    const job = await requestExport(deps, { userId, serializedSearch, count, selection, idempotencyKey, format, columns, templateId });
    c.status(202);
    return contractJson(c, ExtractionJobSchema, job);
  })
  .get("/exports", requireScope("export"), async (c) => {
    const { limit } = parseOrThrow(ExtractionListQuerySchema, c.req.query());
    return contractJson(c, ExtractionJobListSchema, await listExports(c.env.DB, currentApiKey(c).userId, limit, exportRecovery(c.env)));
  })
  .get("/exports/:jobId", requireScope("export"), async (c) => {
    const jobId = parseOrThrow(JobIdParamSchema, c.req.param("jobId"), "jobId");
    return contractJson(c, ExtractionJobSchema, await readExportJob(c.env.DB, currentApiKey(c).userId, jobId, exportRecovery(c.env)));
  })
  .get("/exports/:jobId/file", requireScope("export"), async (c) => {
    const jobId = parseOrThrow(JobIdParamSchema, c.req.param("jobId"), "jobId");
    const request = { method: c.req.method, range: c.req.header("Range") ?? null, ifRange: c.req.header("If-Range") ?? null };
    return downloadExport(c.env.DB, c.env.EXPORTS, currentApiKey(c).userId, jobId, request);
  });

export const v1Routes = new Hono<ApiBindings>()
  .use("*", async (c, next) => {
    await next();
    // Every /v1 answer, errors too: nothing of a subscriber's data in a shared cache.
    c.header("Cache-Control", "no-store");
  })
  .get("/openapi.json", (c) => c.body(openApiJson(), 200, { "Content-Type": "application/json; charset=utf-8" }))
  .get("/docs", (c) => c.html(docsPage(), 200, { "Content-Security-Policy": DOCS_PAGE_CSP }))
  .route("/", authenticated);
