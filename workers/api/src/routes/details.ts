import { Hono } from "hono";
import { EntityAnswerSchema, EntityIdSchema, INDEX_VERSION_HEADER } from "#shared/api-contracts/search-api";
import { parseOrThrow } from "#shared/errors";
import type { ApiBindings } from "../env";
import { currentSession } from "../middleware/session";
import { limitCalls } from "../rate-limits/call-limits";
import { contractJson } from "../http/contract-answer";
import { loadEntity } from "../details/details-service";
import { backendFor } from "../search/search-backend-for";

/**
 * GET /sapi/details/entity/{id}: a company (orgSeqNo) or worksite (cfarNo) with `type` (spec §7). Limited per user so
 * that a person reading cards never meets the limit and a script cannot read the register (docs/decisions/0052).
 */
export const detailRoutes = new Hono<ApiBindings>().get("/entity/:id", limitCalls("details"), async (c) => {
  const id = parseOrThrow(EntityIdSchema, c.req.param("id"), "id");
  const backend = await backendFor(c);
  const entity = await loadEntity(backend, currentSession(c).companyFinancialType, id);
  c.header("Cache-Control", "private, no-store");
  c.header(INDEX_VERSION_HEADER, String((await backend.info()).version));
  return contractJson(c, EntityAnswerSchema, entity);
});
