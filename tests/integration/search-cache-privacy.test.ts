/**
 * Issue 48 point 3: the shared result caches (this isolate's, the location's) must not tell one subscriber what
 * another searched. With the settings production uses, an answer carries no cache header, no `cached` flag and no
 * backend time, in the body or in Server-Timing, so a search another user ran first answers exactly as one nobody ran.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SearchPageAnswerSchema } from "#shared/api-contracts/search-api";
import { authedFetch, createTestUser, type HarnessResponse, type TestUser } from "../support/factories";
import { createUrvalHarness } from "../support/worker-harness";
import { seedIndex } from "../support/seed-index";

const harness = createUrvalHarness();
let anna: TestUser;
let bertil: TestUser;

beforeAll(async () => {
  await harness.start();
  await seedIndex(harness);
  anna = await createTestUser(harness);
  bertil = await createTestUser(harness);
}, 180_000);
afterAll(() => harness.server.close());

const search = (who: TestUser, body: unknown) =>
  authedFetch(harness, who.cookie, "/sapi/search/page/0", {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json", "X-Search-Request-Id": "7" },
  });

/** Everything of an answer a client could compare: the headers that could tell a cache, and the body. */
async function seen(response: HarnessResponse) {
  expect(response.status).toBe(200);
  const text = await response.text();
  const answer = SearchPageAnswerSchema.parse(JSON.parse(text));
  return {
    cacheHeader: response.headers.get("X-Search-Cache"),
    serverTiming: response.headers.get("Server-Timing"),
    response: Object.keys(JSON.parse(text).response as object).sort(),
    results: answer.results,
  };
}

describe("the shared result cache, as clients see it", () => {
  it("answers a search someone else ran first exactly as one nobody ran", async () => {
    const competitor = { codeSet: { sni: ["62"] }, sort: [{ field: "name", ascending: true }] };
    const control = { codeSet: { sni: ["62"] }, sort: [{ field: "name", ascending: false }] };
    await seen(await search(anna, competitor));
    const after = await seen(await search(bertil, competitor));
    const fresh = await seen(await search(bertil, control));
    for (const answer of [after, fresh]) {
      expect(answer.cacheHeader).toBeNull();
      expect(answer.serverTiming).not.toMatch(/backend/);
      expect(answer.response).toEqual(["serverRequestId"]);
    }
    expect(after.results.hitCount).toBe(fresh.results.hitCount);
  });
});
