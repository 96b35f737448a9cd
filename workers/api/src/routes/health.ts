import { Hono } from "hono";
import { APP_VERSION } from "#shared/version";
import type { ApiBindings } from "../env";
import { backendFor } from "../search/search-backend-for";

/**
 * GET /sapi/health → { ok, version, backend, documents }: liveness plus a real read of the search backend's store:
 * the embedded index's version row in D1, or on Elasticsearch the live indices' counts (read at most every 30 s per
 * isolate; an unreachable cluster answers the API's 503 error body).
 */
export const healthRoutes = new Hono<ApiBindings>().get("/", async (c) => {
  if (c.env.ELASTICSEARCH_URL) {
    const info = await (await backendFor(c)).info();
    return c.json({
      ok: true,
      version: APP_VERSION,
      backend: `elasticsearch (${c.env.ELASTICSEARCH_DIALECT ?? "?"})`,
      documents: info.documents,
    });
  }
  const started = performance.now();
  const row = await c.env.SEARCH_DB.prepare(
    "SELECT COALESCE((SELECT document_count FROM index_versions WHERE is_current = 1 LIMIT 1), 0) AS documents",
  ).first<{ documents: number }>();
  c.set("backendMs", Math.round(performance.now() - started));
  return c.json({ ok: true, version: APP_VERSION, backend: c.env.SEARCH_BACKEND, documents: row?.documents ?? 0 });
});
