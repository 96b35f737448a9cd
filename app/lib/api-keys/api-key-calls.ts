/**
 * "API-nycklar"'s calls from the browser (issue 47), each validated with its contract in workers/shared/api-contracts.
 * The contract (and zod) is fetched with the first call, not in the page's first load (decision 0063).
 */
import type { CreateApiKeyRequest } from "#shared/api-contracts/api-keys";
import { api } from "../api";

const BASE = "/sapi/api-keys";
const contracts = () => import("#shared/api-contracts/api-keys");

export const fetchApiKeys = () => api.call(BASE, { schema: contracts().then((c) => c.ApiKeyListSchema), retries: 1 });
export const createApiKey = (request: CreateApiKeyRequest) =>
  api.call(BASE, { method: "POST", body: request, schema: contracts().then((c) => c.CreatedApiKeySchema) });
export const revokeApiKey = (keyId: string) => api.call(`${BASE}/${encodeURIComponent(keyId)}`, { method: "DELETE", responseType: "none" });
