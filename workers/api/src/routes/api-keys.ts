import { Hono } from "hono";
import { ApiKeyIdSchema, ApiKeyListSchema, CreateApiKeyRequestSchema, CreatedApiKeySchema } from "#shared/api-contracts/api-keys";
import { parseOrThrow } from "#shared/errors";
import { readJson } from "../auth/request-input";
import type { ApiBindings } from "../env";
import { currentSession } from "../middleware/session";
import { contractJson } from "../http/contract-answer";
import { apiKeyHmacKey } from "../api-keys/api-key-secret";
import { createApiKey, listApiKeys, revokeApiKey } from "../api-keys/api-key-store";

/**
 * /sapi/api-keys (issue 47 point 1): the signed-in user's API keys for /v1, see #shared/api-contracts/api-keys. Behind
 * the session (a key cannot manage keys) and the same-origin check; every answer is no-store, the create's above all.
 */
export const apiKeyRoutes = new Hono<ApiBindings>()
  .use("*", async (c, next) => {
    c.header("Cache-Control", "no-store");
    await next();
  })
  .get("/", async (c) => contractJson(c, ApiKeyListSchema, { keys: await listApiKeys(c.env.DB, currentSession(c).userId) }))
  .post("/", async (c) => {
    const request = await readJson(c, CreateApiKeyRequestSchema);
    const created = await createApiKey(c.env.DB, await apiKeyHmacKey(c.env), currentSession(c).userId, request);
    c.status(201);
    return contractJson(c, CreatedApiKeySchema, created);
  })
  .delete("/:keyId", async (c) => {
    const keyId = parseOrThrow(ApiKeyIdSchema, c.req.param("keyId"), "keyId");
    await revokeApiKey(c.env.DB, currentSession(c).userId, keyId);
    return c.body(null, 204);
  });
