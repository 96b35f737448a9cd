import { Hono } from "hono";
import { EntityAnswerSchema, EntityIdSchema, INDEX_VERSION_HEADER } from "#shared/api-contracts/search-api";
import { parseOrThrow } from "#shared/errors";
import type { ApiBindings } from "../env";
import { currentSession } from "../middleware/session";
import { contractJson } from "../http/contract-answer";
import { loadEntity } from "../details/details-service";
import { backendFor } from "../search/search-backend-for";

/** GET /sapi/details/entity/{id}: a company (orgSeqNo) or worksite (8-digit cfarNo) with `type` (spec §7). */
export const detailRoutes = new Hono<ApiBindings>().get("/entity/:id", async (c) => {
  const id = parseOrThrow(EntityIdSchema, c.req.param("id"), "id");
  const backend = await backendFor(c);
  const entity = await loadEntity(c.env.DB, backend, currentSession(c).userId, id);
  c.header("Cache-Control", "private, no-store");
  c.header(INDEX_VERSION_HEADER, String((await backend.info()).version));
  return contractJson(c, EntityAnswerSchema, entity);
});
