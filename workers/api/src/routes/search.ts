import { Hono } from "hono";
import { parseSearch, validateSearch, visiblePage } from "#search-index";
import {
  HISTOGRAM_NOT_FOR_TYPE_MESSAGE,
  INDEX_VERSION_HEADER,
  PageNumberSchema,
  SearchAnswerSchema,
  SearchPageQuerySchema,
  SerializedSearchQuerySchema,
} from "#shared/api-contracts/search-api";
import { parseOrThrow, validationError } from "#shared/errors";
import { histogramApplies } from "#shared/search/histogram";
import { deserializeSearchOrThrow } from "#shared/search/search-serialize";
import type { ApiBindings } from "../env";
import { cacheDiagnostics } from "../middleware/request-context";
import { currentSession } from "../middleware/session";
import { contractJson } from "../http/contract-answer";
import { limitCalls } from "../rate-limits/call-limits";
import { backendFor } from "../search/search-backend-for";
import { readHeldIndexVersion, readSearchBody, readSearchRequestId, wantsFreshResults } from "../search/search-request";
import { edgeCacheSeconds, edgeSearchCache } from "../search/edge-search-cache";
import { searchPageJson } from "../search/search-service";
import { suggestAnswer } from "../search/suggest-service";
import { SuggestAnswerSchema, SuggestQuerySchema } from "#shared/api-contracts/suggest";

/**
 * /sapi/search (spec §7): POST /page/{n} with the search object as body and the client's counter in
 * X-Search-Request-Id; GET /serialized?serializedSearch= → the search; GET /suggest?text=&type= → the header box's
 * suggestions (issue 26). Shared links: routes/shared-links.ts.
 * Result pages and suggestions are limited per user (rate-limits/call-limits.ts, docs/decisions/0038 and 0052).
 * The page and the search are parsed here, once (search-index/search-model.ts); what runs inward is their parsed type.
 */
export const searchRoutes = new Hono<ApiBindings>()
  .use("/page/:page", limitCalls("search"))
  .use("/suggest", limitCalls("suggest"))
  .post("/page/:page", async (c) => {
    const page = visiblePage(parseOrThrow(PageNumberSchema, c.req.param("page"), "page"));
    const requestId = readSearchRequestId(c);
    const heldIndexVersion = readHeldIndexVersion(c);
    const { histogram, facets } = parseOrThrow(SearchPageQuerySchema, c.req.query());
    const search = parseSearch(await readSearchBody(c));
    if (histogram && !histogramApplies(histogram, search.resultType))
      throw validationError([{ path: "histogram", message: HISTOGRAM_NOT_FOR_TYPE_MESSAGE }], "Sökningen är ogiltig.");
    const diagnostics = cacheDiagnostics(c.env);
    const { json, indexVersion, cache } = await searchPageJson(c.env.DB, await backendFor(c), {
      userId: currentSession(c).userId,
      search,
      page,
      histogram,
      facets,
      requestId,
      heldIndexVersion,
      serverRequestId: c.var.requestId,
      bypassCache: wantsFreshResults(c),
      edgeCache: edgeSearchCache(edgeCacheSeconds(c.env.SEARCH_EDGE_CACHE_SECONDS)),
      waitUntil: (work) => c.executionCtx.waitUntil(work),
      diagnostics,
    });
    c.set("searchCache", cache);
    return c.body(json, 200, {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
      [INDEX_VERSION_HEADER]: String(indexVersion),
      ...(diagnostics ? { "X-Search-Cache": cache } : {}),
    });
  })
  .get("/suggest", async (c) => {
    const query = parseOrThrow(SuggestQuerySchema, c.req.query());
    return contractJson(c, SuggestAnswerSchema, await suggestAnswer(await backendFor(c), query));
  })
  .get("/serialized", (c) => {
    const { serializedSearch } = parseOrThrow(SerializedSearchQuerySchema, c.req.query());
    const search = validateSearch(deserializeSearchOrThrow(serializedSearch, "serializedSearch"), "serializedSearch");
    return contractJson(c, SearchAnswerSchema, search.normalised);
  });
