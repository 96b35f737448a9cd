/**
 * Bevakning (issue 16), the /sapi/monitoring calls through the web worker into the API worker with real D1 and the
 * embedded index of the search fixture: saved searches (hit count from the backend, rename, delete, limits), watched
 * companies (existence, limits, idempotence), the digest setting, unread alerts; another user's ids answer 404 and
 * change nothing; bad input is the spec's error body and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MAX_SAVED_SEARCHES,
  MAX_WATCHED_COMPANIES,
  MonitoringOverviewSchema,
  SAVED_SEARCH_LIMIT_MESSAGE,
  savedSearchExistsMessage,
  SavedSearchSchema,
  WATCH_LIMIT_MESSAGE,
} from "#shared/api-contracts/monitoring";
import { ErrorBodySchema } from "#shared/errors";
import { SearchSchema, type SearchInput } from "#shared/search/search-schema";
import { serializeSearch } from "#shared/search/search-serialize";
import { authedFetch, createTestUser, type TestUser } from "../support/factories";
import { createUrvalHarness } from "../support/worker-harness";
import { seedIndex, type SeededIndex } from "../support/seed-index";

const harness = createUrvalHarness();
let seeded: SeededIndex;

beforeAll(async () => {
  await harness.start();
  seeded = await seedIndex(harness);
}, 120_000);
afterAll(() => harness.server.close());

const vad = (input: SearchInput) => serializeSearch(SearchSchema.parse(input));
const db = async () => (await harness.api().getEnv()).DB;

function call(user: TestUser, method: string, path: string, body?: unknown) {
  return authedFetch(harness, user.cookie, path, {
    method,
    headers: { "Content-Type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function errorOf(response: Awaited<ReturnType<typeof call>>) {
  return ErrorBodySchema.parse(await response.json());
}

async function saveSearch(user: TestUser, name: string, search: SearchInput = { text: "bygg" }) {
  const response = await call(user, "POST", "/sapi/monitoring/searches", { name, serializedSearch: vad(search) });
  expect(response.status, await response.clone().text()).toBe(200);
  return SavedSearchSchema.parse(await response.json());
}

async function overview(user: TestUser) {
  const response = await call(user, "GET", "/sapi/monitoring");
  expect(response.status).toBe(200);
  return MonitoringOverviewSchema.parse(await response.json());
}

async function userRows(user: TestUser) {
  const d1 = await db();
  const rows = async (sql: string) => (await d1.prepare(sql).bind(user.userId).all()).results;
  return JSON.stringify(
    await Promise.all([
      rows("SELECT * FROM saved_searches WHERE user_id = ? ORDER BY id"),
      rows("SELECT * FROM watched_companies WHERE user_id = ? ORDER BY org_seq_no"),
      rows("SELECT * FROM monitoring_settings WHERE user_id = ?"),
      rows("SELECT * FROM monitoring_alerts WHERE user_id = ? ORDER BY id"),
    ]),
  );
}

describe("saved searches", () => {
  it("saves a company search with the backend's hit count and lists it on the overview", async () => {
    const user = await createTestUser(harness);
    const page = await call(user, "POST", "/sapi/search/page/0", SearchSchema.parse({ text: "bygg" }));
    const { results } = (await page.json()) as { results: { hitCount: number } };
    expect(results.hitCount).toBeGreaterThan(0);

    const saved = await saveSearch(user, "  Byggföretag  ");
    expect(saved).toMatchObject({ name: "Byggföretag", hitCount: results.hitCount, previousHitCount: null, newCount: 0, removedCount: 0 });
    expect(saved.id).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(saved.serializedSearch).toBe(vad({ text: "bygg" }));
    const view = await overview(user);
    expect(view.savedSearches).toEqual([saved]);
    expect(view).toMatchObject({ watchedCompanies: [], unread: 0, digest: "DAILY" });
  });

  it("saves a search with exclusions as it is, counted without the excluded (issue 46)", async () => {
    const user = await createTestUser(harness);
    const count = async (input: SearchInput) => {
      const page = await call(user, "POST", "/sapi/search/page/0", SearchSchema.parse(input));
      return ((await page.json()) as { results: { hitCount: number } }).results.hitCount;
    };
    const search: SearchInput = { text: "bygg", excludeCodeSet: { location: ["01"] } };
    const saved = await saveSearch(user, "Bygg utanför Stockholms län", search);
    expect(saved.serializedSearch).toBe(vad(search));
    expect(saved.hitCount).toBe(await count(search));
    expect(saved.hitCount).toBeLessThan(await count({ text: "bygg" }));
  });

  it("renames and deletes its own saved search", async () => {
    const user = await createTestUser(harness);
    const saved = await saveSearch(user, "Första namnet");
    const renamed = await call(user, "POST", `/sapi/monitoring/searches/${saved.id}/rename`, { name: "Andra namnet" });
    expect(renamed.status).toBe(200);
    expect(SavedSearchSchema.parse(await renamed.json())).toEqual({ ...saved, name: "Andra namnet" });
    expect((await call(user, "DELETE", `/sapi/monitoring/searches/${saved.id}`)).status).toBe(204);
    expect((await overview(user)).savedSearches).toEqual([]);
    const again = await call(user, "DELETE", `/sapi/monitoring/searches/${saved.id}`);
    expect(again.status).toBe(404);
    expect((await errorOf(again)).code).toBe("SAVED_SEARCH_NOT_FOUND");
  });

  it("answers 404 to another user for every call on the saved search and changes nothing", async () => {
    const owner = await createTestUser(harness);
    const other = await createTestUser(harness);
    const saved = await saveSearch(owner, "Ägarens bevakning");
    const before = await userRows(owner);
    const calls = [
      call(other, "POST", `/sapi/monitoring/searches/${saved.id}/rename`, { name: "Kapad" }),
      call(other, "DELETE", `/sapi/monitoring/searches/${saved.id}`),
      call(other, "GET", `/sapi/monitoring/searches/${saved.id}/new`),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(404);
      const body = await errorOf(response);
      expect(body).toMatchObject({ type: "NOT_FOUND", code: "SAVED_SEARCH_NOT_FOUND", message: "Bevakningen finns inte." });
    }
    expect(await userRows(owner)).toBe(before);
    expect((await overview(other)).savedSearches).toEqual([]);
  });

  it("refuses bad input with the spec's error body and stores nothing", async () => {
    const user = await createTestUser(harness);
    const before = await userRows(user);
    const cases: [unknown, string][] = [
      [{ name: "", serializedSearch: vad({}) }, "VALIDATION"],
      [{ name: "x".repeat(81), serializedSearch: vad({}) }, "VALIDATION"],
      // Invisible format characters (issue 48 point 4): a right-to-left override shows "Faktura\u202Eexe" reversed.
      [{ name: "Liknar Faktura\u202Eexe", serializedSearch: vad({}) }, "VALIDATION"],
      [{ name: "Noll\u200Bbredd", serializedSearch: vad({}) }, "VALIDATION"],
      [{ name: "Namn", serializedSearch: "inte-en-sokning" }, "VALIDATION"],
      [{ name: "Namn", serializedSearch: vad({}), extra: 1 }, "VALIDATION"],
      [{ name: "Arbetsställen", serializedSearch: vad({ resultType: "WORKSITE" }) }, "USER_MESSAGE"],
    ];
    for (const [body, type] of cases) {
      const response = await call(user, "POST", "/sapi/monitoring/searches", body);
      expect(response.status).toBe(400);
      expect((await errorOf(response)).type).toBe(type);
    }
    const badId = await call(user, "POST", "/sapi/monitoring/searches/kort/rename", { name: "Namn" });
    expect(badId.status).toBe(400);
    expect((await errorOf(badId)).issues?.[0]?.path).toBe("id");
    expect(await userRows(user)).toBe(before);
    expect(before).not.toContain(user.userId);
  });

  it(`allows ${MAX_SAVED_SEARCHES} saved searches and refuses the next with a Swedish message`, async () => {
    const user = await createTestUser(harness);
    const d1 = await db();
    const now = Date.now();
    await d1.batch(
      Array.from({ length: MAX_SAVED_SEARCHES - 1 }, (_, i) =>
        d1
          .prepare(
            `INSERT INTO saved_searches (id, user_id, name, serialized_search, hit_count, checked_version, checked_at, created_at)
             VALUES (?, ?, ?, ?, 0, 1, ?, ?)`,
          )
          .bind(`limit${String(i).padStart(11, "0")}`, user.userId, `B${i}`, vad({ text: `b${i}` }), now, now),
      ),
    );
    await saveSearch(user, "Den femtionde");
    const refused = await call(user, "POST", "/sapi/monitoring/searches", { name: "En för mycket", serializedSearch: vad({}) });
    expect(refused.status).toBe(400);
    expect(await errorOf(refused)).toMatchObject({ type: "USER_MESSAGE", code: "SAVED_SEARCH_LIMIT", message: SAVED_SEARCH_LIMIT_MESSAGE });
    expect((await overview(user)).savedSearches).toHaveLength(MAX_SAVED_SEARCHES);
  });

  it("refuses the same search saved twice by one user, naming the saved one; another user may save it too", async () => {
    const [user, other] = [await createTestUser(harness), await createTestUser(harness)];
    await saveSearch(user, "Bygg i hela landet");
    const before = await userRows(user);
    const again = await call(user, "POST", "/sapi/monitoring/searches", { name: "Samma igen", serializedSearch: vad({ text: "bygg" }) });
    expect(again.status).toBe(400);
    expect(await errorOf(again)).toMatchObject({
      type: "USER_MESSAGE",
      code: "SAVED_SEARCH_EXISTS",
      message: savedSearchExistsMessage("Bygg i hela landet"),
    });
    expect(await userRows(user)).toBe(before);
    expect((await saveSearch(other, "Min egen")).name).toBe("Min egen");
    expect((await saveSearch(user, "Bygg i Stockholm", { text: "bygg", codeSet: { location: ["01"] } })).name).toBe("Bygg i Stockholm");
  });
});

describe("watched companies", () => {
  it("watches a company of the index once, lists it, and stops watching", async () => {
    const user = await createTestUser(harness);
    const company = seeded.companies[0]!;
    const path = `/sapi/monitoring/companies/${company.orgSeqNo}`;
    const first = await call(user, "POST", path);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ orgSeqNo: company.orgSeqNo, orgNo: company.orgNo, name: company.name, changes: [] });
    expect((await call(user, "POST", path)).status).toBe(200);
    const ids = await call(user, "GET", "/sapi/monitoring/companies");
    expect(await ids.json()).toEqual({ orgSeqNos: [company.orgSeqNo] });
    expect((await overview(user)).watchedCompanies.map((w) => w.orgSeqNo)).toEqual([company.orgSeqNo]);
    expect((await call(user, "DELETE", path)).status).toBe(204);
    const gone = await call(user, "DELETE", path);
    expect(gone.status).toBe(404);
    expect((await errorOf(gone)).code).toBe("WATCH_NOT_FOUND");
  });

  it("answers 404 for a company that does not exist and for another user's watch, changing nothing", async () => {
    const owner = await createTestUser(harness);
    const other = await createTestUser(harness);
    const company = seeded.companies[1]!;
    expect((await call(owner, "POST", `/sapi/monitoring/companies/${company.orgSeqNo}`)).status).toBe(200);
    const before = await userRows(owner);
    const unknown = await call(other, "POST", "/sapi/monitoring/companies/999999999");
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).code).toBe("COMPANY_NOT_FOUND");
    const foreign = await call(other, "DELETE", `/sapi/monitoring/companies/${company.orgSeqNo}`);
    expect(foreign.status).toBe(404);
    expect((await errorOf(foreign)).code).toBe("WATCH_NOT_FOUND");
    expect(await userRows(owner)).toBe(before);
    const bad = await call(other, "POST", "/sapi/monitoring/companies/0");
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).type).toBe("VALIDATION");
  });

  it(`allows ${MAX_WATCHED_COMPANIES} watched companies and refuses the next with a Swedish message`, async () => {
    const user = await createTestUser(harness);
    const d1 = await db();
    const insert = d1.prepare("INSERT INTO watched_companies (user_id, org_seq_no, org_no, name, created_at) VALUES (?, ?, ?, ?, ?)");
    const filler = Array.from({ length: MAX_WATCHED_COMPANIES }, (_, i) =>
      insert.bind(user.userId, 900_000_000 + i, "000000-0000", "Fyll", 1),
    );
    for (let i = 0; i < filler.length; i += 100) await d1.batch(filler.slice(i, i + 100));
    const company = seeded.companies[2]!;
    const refused = await call(user, "POST", `/sapi/monitoring/companies/${company.orgSeqNo}`);
    expect(refused.status).toBe(400);
    expect(await errorOf(refused)).toMatchObject({ type: "USER_MESSAGE", code: "WATCH_LIMIT", message: WATCH_LIMIT_MESSAGE });
    // Watching one already watched is not a new watch: it stays allowed at the limit.
    expect((await call(user, "POST", "/sapi/monitoring/companies/900000000")).status).toBe(200);
  });
});

describe("digest setting and unread alerts", () => {
  it("stores the digest setting and refuses an unknown one", async () => {
    const user = await createTestUser(harness);
    const stored = await call(user, "POST", "/sapi/monitoring/settings", { digest: "WEEKLY" });
    expect(stored.status).toBe(200);
    expect(await stored.json()).toEqual({ digest: "WEEKLY" });
    expect((await overview(user)).digest).toBe("WEEKLY");
    const bad = await call(user, "POST", "/sapi/monitoring/settings", { digest: "HOURLY" });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).issues?.[0]?.path).toBe("digest");
    expect((await overview(user)).digest).toBe("WEEKLY");
  });

  it("counts the user's unread alerts only, and marks them read", async () => {
    const user = await createTestUser(harness);
    const other = await createTestUser(harness);
    const d1 = await db();
    const insert = d1.prepare(
      `INSERT INTO monitoring_alerts (user_id, from_version, to_version, kind, subject_id, org_seq_no, company_name, changes, created_at)
       VALUES (?, 1, 2, 'COMPANY_CHANGED', '', ?, 'Bolaget AB', '["Nytt namn: Bolaget AB"]', 1)`,
    );
    await d1.batch([insert.bind(user.userId, 1), insert.bind(user.userId, 2), insert.bind(other.userId, 1)]);
    expect(await (await call(user, "GET", "/sapi/monitoring/unread")).json()).toEqual({ unread: 2 });
    expect((await call(user, "POST", "/sapi/monitoring/mark-read")).status).toBe(204);
    expect(await (await call(user, "GET", "/sapi/monitoring/unread")).json()).toEqual({ unread: 0 });
    expect(await (await call(other, "GET", "/sapi/monitoring/unread")).json()).toEqual({ unread: 1 });
  });
});
