import { Hono } from "hono";
import { APP_VERSION } from "../../../shared/version";
import type { ApiBindings } from "../env";

/** GET /sapi/health → { ok, version, backend, documents }: liveness plus a real read of D1. */
export const healthRoutes = new Hono<ApiBindings>().get("/", async (c) => {
  const started = performance.now();
  const row = await c.env.SEARCH_DB.prepare(
    "SELECT COALESCE((SELECT document_count FROM index_versions WHERE is_current = 1 LIMIT 1), 0) AS documents",
  ).first<{ documents: number }>();
  c.set("backendMs", Math.round(performance.now() - started));
  return c.json({ ok: true, version: APP_VERSION, backend: c.env.SEARCH_BACKEND, documents: row?.documents ?? 0 });
});
