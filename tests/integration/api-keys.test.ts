/**
 * API keys and /v1 (issue 47 points 1, 2 and 5's key security): keys made, listed and revoked through /sapi/api-keys,
 * used on /v1 through the web worker with only `Authorization: Bearer`; a revoked or expired key, a disabled account
 * or one past its subscription refused on the next call; one user's key never reads another's exports; the key never
 * in a log line (the workers' console captured).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ApiKeyListSchema, MAX_API_KEYS } from "#shared/api-contracts/api-keys";
import { ExtractionJobSchema } from "#shared/api-contracts/extraction";
import { SearchPageAnswerSchema } from "#shared/api-contracts/search-api";
import { ErrorBodySchema } from "#shared/errors";
import { authedFetch, createTestUser } from "../support/factories";
import { seedIndex } from "../support/seed-index";
import { createUrvalHarness } from "../support/worker-harness";
import { API_KEY_BURST } from "#api/tooling";
import { createKey, v1 } from "./support/api-key-support";
import { postExport, settledJob, vad } from "./support/export-support";
import { roomInWindow } from "./support/rate-window";

const harness = createUrvalHarness();

beforeAll(async () => {
  await harness.start();
  await seedIndex(harness);
}, 180_000);
afterAll(() => harness.server.close());

const errorCode = async (response: Awaited<ReturnType<typeof v1>>) => ErrorBodySchema.parse(await response.json()).code;

async function listKeys(cookie: string) {
  const response = await authedFetch(harness, cookie, "/sapi/api-keys");
  expect(response.status).toBe(200);
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  return ApiKeyListSchema.parse(await response.json()).keys;
}

describe("API keys", () => {
  it("are shown once, listed without the secret, and refused within a second of their revocation", async () => {
    const user = await createTestUser(harness);
    const { apiKey, key } = await createKey(harness, user);
    expect(key).toMatch(/^urv_[A-Za-z0-9]{12}_[A-Za-z0-9]{32}$/);
    const listed = await listKeys(user.cookie);
    expect(listed).toEqual([apiKey]);
    expect(JSON.stringify(listed)).not.toContain(key.slice(17));
    expect(listed[0]).toMatchObject({ displayPrefix: `urv_${apiKey.keyId}`, lastUsedAt: null, revokedAt: null });

    const env = await harness.api().getEnv();
    const stored = await env.DB.prepare("SELECT * FROM api_keys WHERE id = ?").bind(apiKey.keyId).first<Record<string, unknown>>();
    expect(JSON.stringify(stored)).not.toContain(key.slice(17));
    expect(stored?.key_hash).toMatch(/^[0-9a-f]{64}$/);

    const search = await v1(harness, "/v1/search", { key, body: {} });
    expect(search.status).toBe(200);
    expect(search.headers.get("Cache-Control")).toBe("no-store");
    expect(SearchPageAnswerSchema.parse(await search.json()).results.hitCount).toBeGreaterThan(0);
    await vi.waitFor(async () => expect((await listKeys(user.cookie))[0]!.lastUsedAt).not.toBeNull(), { timeout: 5_000 });

    const revoked = await authedFetch(harness, user.cookie, `/sapi/api-keys/${apiKey.keyId}`, { method: "DELETE" });
    expect(revoked.status).toBe(204);
    const started = Date.now();
    const refused = await v1(harness, "/v1/search", { key, body: {} });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(refused.status).toBe(401);
    expect(refused.headers.get("WWW-Authenticate")).toContain("Bearer");
    expect(await errorCode(refused)).toBe("API_KEY_REVOKED");
    expect((await listKeys(user.cookie))[0]!.revokedAt).not.toBeNull();
  });

  it("are at most five live ones per user, and only their owner revokes them", async () => {
    const user = await createTestUser(harness);
    const other = await createTestUser(harness);
    const created = await Promise.all(
      Array.from({ length: MAX_API_KEYS + 2 }, () =>
        authedFetch(harness, user.cookie, "/sapi/api-keys", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ name: "Parallell", scopes: ["search"] }),
        }),
      ),
    );
    expect(created.map((r) => r.status).sort()).toEqual([201, 201, 201, 201, 201, 400, 400]);
    const refusedBody = ErrorBodySchema.parse(await created.find((r) => r.status === 400)!.json());
    expect(refusedBody).toMatchObject({ code: "API_KEY_LIMIT", type: "USER_MESSAGE" });
    const keys = await listKeys(user.cookie);
    expect(keys).toHaveLength(MAX_API_KEYS);
    const notMine = await authedFetch(harness, other.cookie, `/sapi/api-keys/${keys[0]!.keyId}`, { method: "DELETE" });
    expect(notMine.status).toBe(404);
    expect((await listKeys(user.cookie)).every((k) => k.revokedAt === null)).toBe(true);
    await authedFetch(harness, user.cookie, `/sapi/api-keys/${keys[0]!.keyId}`, { method: "DELETE" });
    await createKey(harness, user, ["details"]);
  });

  it("are refused once expired, and with the account disabled or past its subscription", async () => {
    const user = await createTestUser(harness);
    const { apiKey, key } = await createKey(harness, user, ["search"], { expiresInDays: 30 });
    expect(Date.parse(apiKey.expiresAt!) - Date.now()).toBeGreaterThan(29 * 86_400_000);
    const env = await harness.api().getEnv();
    expect((await v1(harness, "/v1/search", { key, body: {} })).status).toBe(200);
    await env.DB.prepare("UPDATE api_keys SET expires_at = ? WHERE id = ?")
      .bind(Date.now() - 1, apiKey.keyId)
      .run();
    expect(await errorCode(await v1(harness, "/v1/search", { key, body: {} }))).toBe("API_KEY_EXPIRED");

    const { key: second } = await createKey(harness, user, ["search"]);
    await env.DB.prepare("UPDATE users SET disabled = 1 WHERE id = ?").bind(user.userId).run();
    const disabled = await v1(harness, "/v1/search", { key: second, body: {} });
    expect([disabled.status, await errorCode(disabled)]).toEqual([403, "ACCOUNT_DISABLED"]);
    await env.DB.prepare("UPDATE users SET disabled = 0, subscription_expires_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), user.userId)
      .run();
    const expired = await v1(harness, "/v1/search", { key: second, body: {} });
    expect([expired.status, await errorCode(expired)]).toEqual([403, "SUBSCRIPTION_EXPIRED"]);
  });
});

describe("/v1 with a key", () => {
  it("refuses a call outside the key's scopes", async () => {
    const user = await createTestUser(harness);
    const { key } = await createKey(harness, user, ["details"]);
    const search = await v1(harness, "/v1/search", { key, body: {} });
    expect([search.status, await errorCode(search)]).toEqual([403, "SCOPE_MISSING"]);
    expect((await v1(harness, "/v1/worksites/10000101", { key })).status).toBe(200);
  });

  it("never reads another user's exports or saved searches", async () => {
    const owner = await createTestUser(harness, { quota: 100 });
    const stranger = await createTestUser(harness, { quota: 100 });
    const posted = await postExport(harness, owner, { serializedSearch: vad(), count: 3 });
    const job = ExtractionJobSchema.parse(await posted.json());
    await settledJob(harness, owner, job.jobId);
    const { key } = await createKey(harness, stranger);
    for (const path of [`/v1/exports/${job.jobId}`, `/v1/exports/${job.jobId}/file`]) {
      const answer = await v1(harness, path, { key });
      expect([path, answer.status, await errorCode(answer)]).toEqual([path, 404, "EXPORT_NOT_FOUND"]);
    }
    const list = await v1(harness, "/v1/exports", { key });
    expect(await list.json()).toEqual({ jobs: [] });
    // A key is no session: the web app's calls (the saved searches among them) refuse it.
    for (const path of ["/sapi/monitoring", "/sapi/extraction", "/sapi/api-keys"]) {
      const answer = await v1(harness, path, { key });
      expect([path, answer.status]).toEqual([path, 401]);
    }
    const ownKey = await createKey(harness, owner, ["export"]);
    expect((await v1(harness, `/v1/exports/${job.jobId}`, { key: ownKey.key })).status).toBe(200);
  });

  it("refuses hostile keys with one error body, and no key ever reaches a log line", async () => {
    const user = await createTestUser(harness);
    const { key } = await createKey(harness, user);
    const body = {};
    const cases: [string, Record<string, string>, number, string][] = [
      ["no header", {}, 401, "API_KEY_MISSING"],
      ["another scheme", { Authorization: `Basic ${key}` }, 401, "API_KEY_MISSING"],
      ["wrong prefix", { Authorization: `Bearer urx_${key.slice(4)}` }, 401, "API_KEY_INVALID"],
      ["truncated", { Authorization: `Bearer ${key.slice(0, -1)}` }, 401, "API_KEY_INVALID"],
      ["one character changed", { Authorization: `Bearer ${key.slice(0, -1)}${key.endsWith("A") ? "B" : "A"}` }, 401, "API_KEY_INVALID"],
      ["unknown id", { Authorization: `Bearer urv_AAAAAAAAAAAA${key.slice(16)}` }, 401, "API_KEY_INVALID"],
      ["huge header", { Authorization: `Bearer ${key}${"x".repeat(16_000)}` }, 401, "API_KEY_INVALID"],
      ["SQL in the key", { Authorization: "Bearer urv_' OR 1=1 --" }, 401, "API_KEY_INVALID"],
      ["cookie only", { Cookie: user.cookie }, 401, "API_KEY_MISSING"],
    ];
    for (const [name, headers, status, code] of cases) {
      const answer = await v1(harness, "/v1/search", { headers, body });
      const parsed = ErrorBodySchema.parse(await answer.json());
      expect([name, answer.status, parsed.code]).toEqual([name, status, code]);
      expect(answer.headers.get("Cache-Control")).toBe("no-store");
    }
    expect((await v1(harness, "/v1/search", { key: `${key}`, body, headers: { Authorization: `bearer  ${key}` } })).status).toBe(200);
    // Every line the three workers logged in this file's run (the harness captures their console).
    const output = harness.server
      .getLogs()
      .map((entry) => entry.message)
      .join("\n");
    expect(output).toContain('"route":"/v1/search"');
    expect(output).toContain('"code":"API_KEY_INVALID"');
    expect(output).not.toContain(key.slice(17));
    expect(output).not.toContain(key.slice(4, 16) + "_");
  });

  it("limits each key's burst, and calls with a wrong secret under its id do not use up the real key's window", async () => {
    const user = await createTestUser(harness);
    const { key } = await createKey(harness, user, ["export"]);
    const wrongSecret = `${key.slice(0, 17)}${"A".repeat(32)}`;
    const path = "/v1/exports/00000000-0000-4000-8000-000000000000";
    const statuses = async (n: number, used: string) =>
      Promise.all(Array.from({ length: n }, async () => (await v1(harness, path, { key: used })).status));
    expect(new Set(await statuses(API_KEY_BURST.limit + 10, wrongSecret))).toEqual(new Set([401]));
    // The key's 51 calls in one window: the windows are aligned to the clock.
    await roomInWindow(API_KEY_BURST.periodSeconds, 8_000);
    expect(new Set(await statuses(API_KEY_BURST.limit, key))).toEqual(new Set([404]));
    const over = await v1(harness, path, { key });
    expect(over.status).toBe(429);
    expect(over.headers.get("Retry-After")).toBe(String(API_KEY_BURST.periodSeconds));
    expect(await errorCode(over)).toBe("RATE_LIMITED");
  });
});
