/**
 * Issue 48 points 1 and 2 (docs/decisions/0052): the per-user limits on every call that searches or reads records, at
 * the edge and without a database write per click. The API worker runs with its round trips counted
 * (support/round-trip-counting-api.ts): each answer says what the request did before it (D1 reads and writes, Cache
 * API calls). The burst windows are the Workers Rate Limiting bindings as Miniflare runs them (windows aligned to the
 * clock); the longer windows are each user's Durable Object, seeded here through its own storage.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorBodySchema } from "#shared/errors";
import { CALL_LIMITS, type CallKind } from "#api/rate-limits/call-limits";
import { authedFetch, createTestUser, type HarnessResponse, type TestUser } from "../support/factories";
import { createUrvalHarness } from "../support/worker-harness";
import { seedIndex, type SeededIndex } from "../support/seed-index";
import { ROUND_TRIPS_HEADER, type RoundTrips } from "./support/round-trips";
import { roomInWindow } from "./support/rate-window";

const harness = createUrvalHarness({ countRoundTrips: true });
let seeded: SeededIndex;

beforeAll(async () => {
  await harness.start();
  seeded = await seedIndex(harness);
}, 180_000);
afterAll(() => harness.server.close());

const JSON_HEADERS = { "Content-Type": "application/json" };
const searchPage = (who: TestUser, body: unknown = {}, page = 0) =>
  authedFetch(harness, who.cookie, `/sapi/search/page/${page}`, { method: "POST", headers: JSON_HEADERS, body: JSON.stringify(body) });
const suggest = (who: TestUser, text = "restaurang") =>
  authedFetch(harness, who.cookie, `/sapi/search/suggest?${new URLSearchParams({ text }).toString()}`);
const detail = (who: TestUser, id: number) => authedFetch(harness, who.cookie, `/sapi/details/entity/${id}`);
const preview = (who: TestUser) =>
  authedFetch(harness, who.cookie, "/sapi/extraction/preview?serializedSearch=", {
    method: "POST",
    headers: JSON_HEADERS,
    body: JSON.stringify({ offset: 0, count: 10 }),
  });
function uploadListFile(who: TestUser, seqNo: number) {
  const boundary = `----urval${crypto.randomUUID()}`;
  const orgNo = seeded.companies[0]!.orgNo;
  const body = `--${boundary}\r\nContent-Disposition: form-data; name="listFile"; filename="kunder.txt"\r\nContent-Type: text/plain\r\n\r\n${orgNo}\r\n--${boundary}--\r\n`;
  return authedFetch(harness, who.cookie, `/sapi/list-file/add/${seqNo}`, {
    method: "POST",
    headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
    body,
  });
}

function roundTrips(response: HarnessResponse): RoundTrips {
  const header = response.headers.get(ROUND_TRIPS_HEADER);
  expect(header, "the counting API worker answered").not.toBeNull();
  return JSON.parse(header!) as RoundTrips;
}

async function expectLimited(response: HarnessResponse, kind: CallKind, maxRetryAfter: number, minRetryAfter = 1) {
  expect(response.status).toBe(429);
  const body = ErrorBodySchema.strict().parse(await response.json());
  expect(body).toEqual({
    type: "USER_MESSAGE",
    code: "RATE_LIMITED",
    message: CALL_LIMITS[kind].message,
    requestId: response.headers.get("X-Request-Id"),
  });
  const retryAfter = Number(response.headers.get("Retry-After"));
  expect(retryAfter).toBeGreaterThanOrEqual(minRetryAfter);
  expect(retryAfter).toBeLessThanOrEqual(maxRetryAfter);
}

/** Calls of `kind` at the given ages (ms before now) in the user's Durable Object, as earlier calls would have left. */
async function seedCalls(who: TestUser, kind: CallKind, agesMs: number[]) {
  const storage = await harness.server.getWorker("urval-api").getDurableObjectStorage("USER_LIMITS", { name: who.userId });
  const now = Date.now();
  const times = JSON.stringify(agesMs.map((age) => now - age));
  await storage.exec("INSERT INTO calls (kind, at) SELECT ?, value FROM json_each(?)", kind, times);
}

/** Calls until the first 429 (the longer windows are learnt after an answer); how many passed first. */
async function callsUntilRefused(call: () => Promise<HarnessResponse>, most = 6): Promise<{ passed: number; refused: HarnessResponse }> {
  for (let passed = 0; passed < most; passed++) {
    const response = await call();
    if (response.status === 429) return { passed, refused: response };
    expect(response.status).toBeLessThan(300);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no 429 after ${most} calls`);
}

describe("round trips before the answer (issue 48 point 1)", () => {
  it("a search, a page, a suggestion, a detail and a cached repeat: no D1 write, and one D1 read of the app's database", async () => {
    const reader = await createTestUser(harness);
    const search = { codeSet: { sni: ["62"] } };
    const calls: [string, () => Promise<HarnessResponse>][] = [
      ["search (first page)", () => searchPage(reader, search)],
      ["next page", () => searchPage(reader, search, 1)],
      ["cached repeat", () => searchPage(reader, search)],
      ["suggestion", () => suggest(reader, "alfa")],
      ["detail", () => detail(reader, seeded.companies[0]!.orgSeqNo)],
    ];
    const table: Record<string, RoundTrips> = {};
    for (const [name, call] of calls) {
      const response = await call();
      expect(response.status, name).toBe(200);
      table[name] = roundTrips(response);
    }
    console.table(table);
    for (const [name, trips] of Object.entries(table)) {
      expect(trips["DB writes"] + trips["SEARCH_DB writes"], name).toBe(0);
      // The session check (with the user's view settings). SEARCH_DB is the embedded backend's own store: its
      // documents, and its version pointer once per 30 s per isolate (on Elasticsearch, cluster calls instead).
      expect(trips["DB reads"], name).toBe(1);
    }
    expect(table["cached repeat"]).toEqual({ "DB reads": 1, "DB writes": 0, "SEARCH_DB reads": 0, "SEARCH_DB writes": 0, "Cache API": 0 });
  });
});

describe("the burst windows at the edge", () => {
  it("stops a script's burst of suggestions at 100 with 429, Retry-After and the spec's body; others go on", async () => {
    const scripted = await createTestUser(harness);
    await roomInWindow(10, 5_000);
    const statuses = (await Promise.all(Array.from({ length: 150 }, () => suggest(scripted)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(100);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50);
    await expectLimited(await suggest(scripted), "suggest", 10);
    // Another user, and the same user's result pages, are counted apart.
    expect((await suggest(await createTestUser(harness))).status).toBe(200);
    expect((await searchPage(scripted)).status).toBe(200);
  });

  it("counts export previews with result pages: 200 distinct previews no longer pass a refusing page limit", async () => {
    const previewer = await createTestUser(harness);
    await roomInWindow(10, 6_000);
    const pages = await Promise.all(Array.from({ length: 100 }, (_, i) => searchPage(previewer, {}, i % 5)));
    expect(pages.every((r) => r.status === 200)).toBe(true);
    const previews = await Promise.all(Array.from({ length: 20 }, () => preview(previewer)));
    expect(previews.map((r) => r.status)).toEqual(Array.from({ length: 20 }, () => 429));
    await expectLimited(await preview(previewer), "search", 10);
    // A refused call does no work: not even its (here malformed) body is read.
    const malformed = await authedFetch(harness, previewer.cookie, "/sapi/search/page/0", {
      method: "POST",
      headers: JSON_HEADERS,
      body: "{",
    });
    expect(malformed.status).toBe(429);
  });

  it("lets a person read cards and stops a script reading consecutive ids after 60 in a minute", async () => {
    const script = await createTestUser(harness);
    await roomInWindow(60, 15_000);
    const ids = seeded.companies.map((c) => c.orgSeqNo);
    const answers = await Promise.all(Array.from({ length: 75 }, (_, i) => detail(script, ids[i % ids.length]!)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(60);
    await expectLimited(
      answers.find((r) => r.status === 429)!,
      "details",
      60,
    );
    expect((await detail(await createTestUser(harness), ids[0]!)).status).toBe(200);
  });

  it("limits list-file uploads per user across search contexts", async () => {
    const uploader = await createTestUser(harness);
    await roomInWindow(60, 20_000);
    const statuses: number[] = [];
    for (let seqNo = 1; seqNo <= 32; seqNo++) statuses.push((await uploadListFile(uploader, seqNo)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.slice(30)).toEqual([429, 429]);
    await expectLimited(await uploadListFile(uploader, 40), "listFiles", 60);
  });
});

describe("the longer windows, counted after the answer by the user's Durable Object", () => {
  it("never stops typing: the most one box sends in 10 s on top of ten busy minutes still answers", async () => {
    const typist = await createTestUser(harness);
    // One call per 150 ms debounce for the last 10 s, and before that nearly ten minutes of looking up a name every
    // 6 s, 15 keystrokes each, every keystroke a call (1 500 calls): docs/decisions/0038.
    const burst = Array.from({ length: 66 }, (_, i) => 100 + i * 150);
    const session = Array.from({ length: 1_500 }, (_, i) => 10_500 + Math.floor(i * (580_000 / 1_500)));
    await seedCalls(typist, "suggest", [...burst, ...session]);
    for (let i = 0; i < 5; i++) expect((await suggest(typist)).status).toBe(200);
  });

  it("stops a sustained script within a call or two, with Retry-After until the oldest counted call ages out", async () => {
    const harvester = await createTestUser(harness);
    // 2 000 suggestions spread between 9 and 1 minutes ago; the oldest leaves the ten minutes in about 61 s.
    await seedCalls(
      harvester,
      "suggest",
      Array.from({ length: 2_000 }, (_, i) => 60_000 + i * 240),
    );
    const { passed, refused } = await callsUntilRefused(() => suggest(harvester));
    expect(passed).toBeLessThanOrEqual(1);
    await expectLimited(refused, "suggest", 61, 55);
    // Result pages are a kind of their own.
    expect((await searchPage(harvester)).status).toBe(200);
  });

  it("stops a script reading the register over a day, which the minute's burst alone would let through", async () => {
    const reader = await createTestUser(harness);
    // 2 500 details over the last 23 hours: a steady script under the burst and ten-minute windows.
    await seedCalls(
      reader,
      "details",
      Array.from({ length: 2_500 }, (_, i) => 3_600_000 + i * 30_000),
    );
    const { passed, refused } = await callsUntilRefused(() => detail(reader, seeded.companies[1]!.orgSeqNo));
    expect(passed).toBeLessThanOrEqual(1);
    await expectLimited(refused, "details", 7_831, 7_825);
  });
});
