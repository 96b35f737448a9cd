import { Hono } from "hono";
import { EntityAnswerSchema, EntityIdSchema } from "../../../shared/api-contracts/search-api";
import { parseOrThrow } from "../../../shared/errors";
import type { ApiBindings } from "../env";
import { currentSession } from "../middleware/session";
import { contractJson } from "../services/contract-answer";
import { loadEntity } from "../services/details-service";
import { backendFor } from "../services/search-backend-for";

/** GET /sapi/details/entity/{id}: a company (orgSeqNo) or worksite (8-digit cfarNo) with `type` (spec §7). */
export const detailRoutes = new Hono<ApiBindings>().get("/entity/:id", async (c) => {
  const id = parseOrThrow(EntityIdSchema, c.req.param("id"), "id");
  const entity = await loadEntity(c.env.DB, await backendFor(c), currentSession(c).userId, id);
  c.header("Cache-Control", "private, no-store");
  return contractJson(c, EntityAnswerSchema, entity);
});
