/** API keys in the integration tests: made through /sapi/api-keys as a signed-in user, used on /v1 with Bearer. */
import { expect } from "vitest";
import { type ApiKeyScope, CreatedApiKeySchema } from "#shared/api-contracts/api-keys";
import { authedFetch, type HarnessResponse, type UrvalHarness } from "../../support/factories";
import type { TestUser } from "../../support/test-user";

export async function createKey(
  harness: UrvalHarness,
  user: TestUser,
  scopes: ApiKeyScope[] = ["search", "details", "export"],
  extra: Record<string, unknown> = {},
) {
  const response = await authedFetch(harness, user.cookie, "/sapi/api-keys", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name: "Integration", scopes, ...extra }),
  });
  expect(response.status).toBe(201);
  return CreatedApiKeySchema.parse(await response.json());
}

export interface V1Call {
  method?: string;
  key?: string | null;
  headers?: Record<string, string>;
  body?: unknown;
}

/** A /v1 call as a program makes it: no cookie, no Origin, only the key. */
export function v1(harness: UrvalHarness, path: string, call: V1Call = {}): Promise<HarnessResponse> {
  const headers: Record<string, string> = { ...call.headers };
  if (call.key) headers.Authorization = `Bearer ${call.key}`;
  if (call.body !== undefined) headers["Content-Type"] = "application/json";
  return harness.server.fetch(path, {
    method: call.method ?? (call.body === undefined ? "GET" : "POST"),
    headers,
    ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}),
  });
}
