/** "API-nycklar"'s calls from the browser (issue 47), each validated with its contract in workers/shared/api-contracts. */
import { ApiKeyListSchema, type CreateApiKeyRequest, CreatedApiKeySchema } from "#shared/api-contracts/api-keys";
import { api } from "../api";

const BASE = "/sapi/api-keys";

export const fetchApiKeys = () => api.call(BASE, { schema: ApiKeyListSchema, retries: 1 });
export const createApiKey = (request: CreateApiKeyRequest) =>
  api.call(BASE, { method: "POST", body: request, schema: CreatedApiKeySchema });
export const revokeApiKey = (keyId: string) => api.call(`${BASE}/${encodeURIComponent(keyId)}`, { method: "DELETE", responseType: "none" });
