/**
 * The reindex's SqlStore over D1's HTTP API, against tests/support/fakes/d1-http-server.ts; the fake itself is held to the
 * documented request and answer shapes first, so the store is tested against the API, not against our own guess.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startFakeD1Api } from "#tests/support/fakes/d1-http-server";
import { d1HttpSqlStore, STATEMENTS_PER_REQUEST } from "./d1-http-sql-store";
import { markRunStaged, type StageItem, stageItems } from "#search-index/indexing";

const MIGRATIONS = path.resolve(import.meta.dirname, "../../workers/api/migrations");
let api: { accountId: string; apiToken: string; baseUrl: string };
let fake: Awaited<ReturnType<typeof startFakeD1Api>>;

beforeAll(async () => {
  fake = await startFakeD1Api({ token: "tok", migrationsDir: MIGRATIONS });
  api = { accountId: "acc", apiToken: "tok", baseUrl: fake.baseUrl };
});
afterAll(() => fake.close());

const post = (body: unknown, token = "tok", database = "app") =>
  fetch(`${fake.baseUrl}/accounts/acc/d1/database/${database}/query`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

describe("the fake D1 HTTP API", () => {
  it("answers one query and a batch with the documented envelope, one result per query", async () => {
    const one = await post({ sql: "SELECT ? AS a", params: ["x"] });
    expect(await one.json()).toMatchObject({ success: true, errors: [], messages: [], result: [{ results: [{ a: "x" }], success: true }] });
    const batch = await post({ batch: [{ sql: "SELECT 1 AS n" }, { sql: "SELECT ? + 1 AS n", params: ["1"] }] });
    const answer = (await batch.json()) as { result: { results: unknown[] }[] };
    expect(answer.result.map((r) => r.results)).toEqual([[{ n: 1 }], [{ n: 2 }]]);
  });

  it("refuses what the reference does not describe: numeric params, two statements in one sql, a bad token or path", async () => {
    expect((await post({ sql: "SELECT ? AS a", params: [1] })).status).toBe(400);
    expect((await post({ sql: "SELECT 1; SELECT 2" })).status).toBe(400);
    expect((await post({ sql: "SELECT 1" }, "wrong")).status).toBe(403);
    const wrongPath = await fetch(`${fake.baseUrl}/accounts/acc/d1/database/app/raw`, {
      method: "POST",
      headers: { Authorization: "Bearer tok" },
    });
    expect(wrongPath.status).toBe(404);
  });
});

const item = (userId: string, orgSeqNo: number): StageItem => ({
  userId,
  kind: "COMPANY_CHANGED",
  subjectId: "",
  orgSeqNo,
  companyName: `Bolag\t${orgSeqNo} AB`,
  changes: ["Antal anställda 4 → 5"],
});

describe("d1HttpSqlStore", () => {
  it("runs a call's statements as one batch with text parameters and returns each statement's rows", async () => {
    const store = d1HttpSqlStore(api, { DB: "app", SEARCH_DB: "search" });
    const before = fake.requests.length;
    const [a, b] = await store.sql<{ v: string | number }>(
      [
        { sql: "SELECT ? AS v", params: ["text"] },
        { sql: "SELECT typeof(?) AS v", params: [42] },
      ],
      "DB",
    );
    expect(a).toEqual([{ v: "text" }]);
    expect(b).toEqual([{ v: "text" }]);
    expect(fake.requests.slice(before)).toEqual([
      {
        database: "app",
        body: {
          batch: [
            { sql: "SELECT ? AS v", params: ["text"] },
            { sql: "SELECT typeof(?) AS v", params: ["42"] },
          ],
        },
      },
    ]);
  });

  it("stages rows in requests of at most STATEMENTS_PER_REQUEST statements of at most 100 parameters, then marks the run", async () => {
    const store = d1HttpSqlStore(api, { DB: "app", SEARCH_DB: "search" });
    const before = fake.requests.length;
    const watched = Array.from({ length: 1300 }, (_, i) => item(`u${i % 7}`, 1000 + i));
    const users = await stageItems(store, 3, 4, { items: [], hits: [{ id: "s1", userId: "u1", hitCount: 9 }], skipped: 0 }, watched);
    expect(users.size).toBe(7);
    await markRunStaged(store, 3, 4, users.size, { added: [1], removed: [], changed: [2, 3] });
    const sent = fake.requests.slice(before).map((r) => ("batch" in r.body ? r.body.batch : [r.body]));
    expect(sent.every((queries) => queries.length <= STATEMENTS_PER_REQUEST)).toBe(true);
    expect(sent.flat().every((q) => (q.params ?? []).length <= 100 && (q.params ?? []).every((p) => typeof p === "string"))).toBe(true);
    const db = fake.database("app");
    expect(db.prepare("SELECT COUNT(*) AS n FROM monitoring_run_items WHERE to_version = 4").get()).toEqual({ n: 1300 });
    expect(db.prepare("SELECT typeof(org_seq_no) AS t, company_name FROM monitoring_run_items LIMIT 1").get()).toEqual({
      t: "integer",
      company_name: "Bolag 1000 AB",
    });
    expect(db.prepare("SELECT state, users, added, changed FROM monitoring_runs WHERE to_version = 4").get()).toEqual({
      state: "STAGED",
      users: 7,
      added: 1,
      changed: 2,
    });
  });

  it("sends a request again after a transient failure or a lost answer, and the rows are still staged once", async () => {
    // Request 1 (the DELETE of the pair's staged rows) meets a 503; request 3 (the INSERT) is applied but its answer
    // never arrives (the connection dropped), so the same rows are sent again.
    let calls = 0;
    const fetcher: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (++calls === 3) throw new TypeError("fetch failed");
      return response;
    };
    const warnings = vi.spyOn(console, "error").mockImplementation(() => {});
    const store = d1HttpSqlStore({ ...api, fetcher }, { DB: "app", SEARCH_DB: "search" }, { retryDelayMs: 1 });
    fake.failNextRequest(0);
    const watched = Array.from({ length: 30 }, (_, i) => item("u9", 5000 + i));
    await stageItems(store, 7, 8, { items: [], hits: [], skipped: 0 }, watched);
    expect(calls).toBe(4);
    expect(warnings.mock.calls.map(([line]) => JSON.parse(String(line)) as { reason: string }).map((w) => w.reason)).toEqual([
      expect.stringMatching(/Service unavailable/),
      "fetch failed",
    ]);
    warnings.mockRestore();
    expect(fake.database("app").prepare("SELECT COUNT(*) AS n FROM monitoring_run_items WHERE to_version = 8").get()).toEqual({ n: 30 });
  });

  it("gives up on an error that another attempt cannot cure", async () => {
    const store = d1HttpSqlStore(api, { DB: "app", SEARCH_DB: "search" }, { retryDelayMs: 1 });
    await expect(store.sql([{ sql: "SELECT * FROM no_such_table", params: [] }], "DB")).rejects.toThrow(/no such table/);
  });
});
