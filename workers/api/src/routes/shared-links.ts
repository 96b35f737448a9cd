import { Hono } from "hono";
import { z } from "zod";
import { SharedLinkAnswerSchema, SharedLinkIdSchema, SearchAnswerSchema } from "#shared/api-contracts/search-api";
import { parseOrThrow } from "#shared/errors";
import { MAX_SERIALIZED_LENGTH } from "#shared/search/search-serialize";
import type { ApiBindings } from "../env";
import { currentSession } from "../middleware/session";
import { contractJson } from "../http/contract-answer";
import { createSharedLink, deleteSharedLink, readSharedLink } from "../search/shared-link-service";

const SerializedParamSchema = z.string().min(1).max(MAX_SERIALIZED_LENGTH);

/**
 * Mounted at /sapi/search (spec §7): POST /create-shared-link/{serializedSearch} → the link string;
 * GET /shared-link/{id} → the search (any signed-in account); DELETE /shared-link/{id} → 204 (its creator only).
 */
export const sharedLinkRoutes = new Hono<ApiBindings>()
  .post("/create-shared-link/:serializedSearch", async (c) => {
    const serializedSearch = parseOrThrow(SerializedParamSchema, c.req.param("serializedSearch"), "serializedSearch");
    const origin = new URL(c.req.url).origin;
    const link = await createSharedLink(c.env.DB, { userId: currentSession(c).userId, serializedSearch, origin });
    return contractJson(c, SharedLinkAnswerSchema, link);
  })
  .get("/shared-link/:id", async (c) => {
    const id = parseOrThrow(SharedLinkIdSchema, c.req.param("id"), "id");
    c.header("Cache-Control", "no-store");
    return contractJson(c, SearchAnswerSchema, await readSharedLink(c.env.DB, id));
  })
  .delete("/shared-link/:id", async (c) => {
    const id = parseOrThrow(SharedLinkIdSchema, c.req.param("id"), "id");
    await deleteSharedLink(c.env.DB, currentSession(c).userId, id);
    return c.body(null, 204);
  });
