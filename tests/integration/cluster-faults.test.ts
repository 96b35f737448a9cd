/**
 * Issue 23, point 7: the product when its search cluster fails. A real OpenSearch node of this file's own is stopped
 * (SIGTERM, and SIGKILL during a reindex), paused past the client's timeout (SIGSTOP), or answers 429/503 to chosen
 * requests (the fault proxy in front of it, ./cluster-fault-proxy.ts). The three workers run in the local Workers
 * runtime with real D1, R2 and Queues; the api and export workers search the cluster through the proxy. Promised:
 * the API answers the spec's error body (SEARCH_UNAVAILABLE, 503) within its timeout, never a 500 or a hang; the search
 * screen still renders; an export job is retried or ends ERROR with its reservation refunded; a reindex fails before
 * its alias switch and the old version keeps serving. Each user wait is measured and printed as a figure.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEsClient, ES_CALL_POLICIES } from "#search-index/engine";
import { INDEX_VERSION_HEADER, SearchPageAnswerSchema } from "#shared/api-contracts/search-api";
import { DEFAULT_ERROR_MESSAGE, ErrorBodySchema } from "#shared/errors";
import { SearchSchema } from "#shared/search/search-schema";
import { serializeSearch } from "#shared/search/search-serialize";
import { queueJob, reserveJob, settledJob } from "./support/cluster-fault-export";
import type { ProxiedRequest } from "../support/cluster-fault-proxy";
import {
  esEnv,
  type FaultStack,
  liveState,
  pointWorkersAtProxy,
  printWaits,
  reindexFixture,
  startFaultStack,
  timed,
} from "./support/cluster-fault-setup";
import { recordsLeftOf } from "./support/export-support";
import { authedFetch, createTestUser, type HarnessResponse, type TestUser } from "../support/factories";
import { createUrvalHarness } from "../support/worker-harness";

const FIXTURE_COMPANIES = 40;
const INTERACTIVE_MS = ES_CALL_POLICIES.interactive.timeoutMs;

const harness = createUrvalHarness();
let stack: FaultStack | undefined;
let user: TestUser;

const cluster = () => (stack as FaultStack).cluster;
const proxy = () => (stack as FaultStack).proxy;
const direct = () => (stack as FaultStack).direct;

beforeAll(async () => {
  await pointWorkersAtProxy(harness);
  const [started, harnessStarted] = await Promise.allSettled([startFaultStack(), harness.start()]);
  if (started.status === "fulfilled") stack = started.value;
  for (const outcome of [started, harnessStarted]) if (outcome.status === "rejected") throw outcome.reason;
  await reindexFixture(direct());
  user = await createTestUser(harness, { quota: 1000 });
}, 240_000);

// No JVM outlives the file, whatever failed: stop() also ends a paused node.
afterAll(async () => {
  printWaits();
  await Promise.allSettled([stack?.stop(), harness.server.close()]);
}, 120_000);

/** A search of its own (text), so neither the result cache nor an earlier answer stands in for the cluster. */
let searches = 0;
const uniqueSearch = () => ({ text: `fel${++searches}` });

function searchPage(body: object = uniqueSearch(), headers: Record<string, string> = {}): Promise<HarnessResponse> {
  return authedFetch(harness, user.cookie, "/sapi/search/page/0", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Cache-Control": "no-cache", ...headers },
    body: JSON.stringify(body),
  });
}

/** A user's search: its page and counts in one _msearch (decision 0044), or a search of one version's index. */
const isSearch = (request: ProxiedRequest) =>
  request.method === "POST" && (/^\/_msearch(\?|$)/.test(request.path) || /^\/[^/]*_v\d+\/_search/.test(request.path));
const isWorksiteBulk = (request: ProxiedRequest) => request.path.startsWith("/_bulk") && request.body.includes('"faults_worksites_v');
const isExportRead = (request: ProxiedRequest) => /^\/_search(\?|$)/.test(request.path) && request.body.includes('"pit"');
const status = (response: HarnessResponse) => `${response.status}`;

/** The spec's error body for an unavailable search: 503, type ERROR, the default Swedish message, no internals. */
async function expectUnavailable(response: HarnessResponse): Promise<void> {
  const text = await response.text();
  expect(response.status, text).toBe(503);
  const body = ErrorBodySchema.strict().parse(JSON.parse(text));
  expect(body).toMatchObject({ type: "ERROR", code: "SEARCH_UNAVAILABLE", message: DEFAULT_ERROR_MESSAGE });
  expect(body.requestId).toBe(response.headers.get("X-Request-Id"));
  expect(text).not.toMatch(/Error|exception|at .*\.(ts|js)|127\.0\.0\.1/);
}

/** /sok on the server: the search screen renders (no error page) with its error card and 'Försök igen'. */
async function expectSearchScreen(fault: string): Promise<void> {
  const vad = serializeSearch(SearchSchema.parse(uniqueSearch()));
  const response = await timed(`${fault}: GET /sok (server-rendered)`, () => authedFetch(harness, user.cookie, `/sok?vad=${vad}`), status);
  const html = await response.text();
  expect(response.status).toBe(200);
  expect(html).toContain("Urval på företag");
  expect(html).toContain('class="error-card" role="alert"');
  expect(html).toContain("Försök igen");
}

async function expectServing(fault: string, version: number): Promise<void> {
  const response = await timed(`${fault}: search once the node is back`, () => searchPage({}), status);
  expect(response.status).toBe(200);
  expect(SearchPageAnswerSchema.parse(await response.json()).results.hitCount).toBe(FIXTURE_COMPANIES);
  expect(Number(response.headers.get(INDEX_VERSION_HEADER))).toBe(version);
}

describe("the API under faults", () => {
  it("answers normally through the proxy, without the all-of-Sweden counts the client holds (issue 48 point 6)", async () => {
    const response = await timed("healthy: search", () => searchPage({}), status);
    expect(response.status).toBe(200);
    const whole = SearchPageAnswerSchema.parse(await response.json());
    expect(whole.allCounts).toBe("included");
    expect(whole.results.aggregations.location_all).toBeDefined();
    const version = String(whole.indexVersion);
    expect(response.headers.get(INDEX_VERSION_HEADER)).toBe(version);
    const held = SearchPageAnswerSchema.parse(
      await (await searchPage({ codeSet: { location: ["01"] } }, { "X-Held-Index-Version": version })).json(),
    );
    expect(held.allCounts).toBe("omitted");
    expect(Object.keys(held.results.aggregations).filter((name) => name.endsWith("_all"))).toEqual([]);
    expect(held.results.aggregations.location).toBeDefined();
  });

  it("absorbs a single 503 or 429 with one retry", async () => {
    for (const code of [503, 429] as const) {
      const fault = proxy().inject({ match: isSearch, status: code, times: 1 });
      const response = await timed(`one ${code}, then the node answers: search`, () => searchPage(), status);
      expect(response.status).toBe(200);
      expect(fault.hits).toBe(1);
    }
  });

  it("answers SEARCH_UNAVAILABLE when the cluster keeps answering 503 or 429", async () => {
    for (const code of [503, 429] as const) {
      const fault = proxy().inject({ match: isSearch, status: code });
      try {
        await expectUnavailable(await timed(`${code} on every search: search`, () => searchPage(), status));
        expect(fault.hits).toBe(1 + ES_CALL_POLICIES.interactive.retries);
      } finally {
        fault.remove();
      }
    }
  });

  it("answers SEARCH_UNAVAILABLE within its timeout when the node is paused (SIGSTOP), and serves again after SIGCONT", async () => {
    await cluster().killNode(0, "SIGSTOP");
    try {
      const started = performance.now();
      await expectUnavailable(await timed("paused (SIGSTOP): search", () => searchPage(), status));
      expect(performance.now() - started).toBeGreaterThanOrEqual(INTERACTIVE_MS - 100);
      expect(performance.now() - started).toBeLessThan(INTERACTIVE_MS + 3000);
      await expectSearchScreen("paused (SIGSTOP)");
    } finally {
      await cluster().killNode(0, "SIGCONT");
    }
    await expectServing("paused (SIGSTOP)", (await liveState(direct())).version);
  });

  it("an export job whose reads get 503 beyond the request's retries is retried by the queue and delivered", async () => {
    const before = await recordsLeftOf(harness, user);
    const jobId = await reserveJob(harness, user, 25);
    const fault = proxy().inject({ match: isExportRead, status: 503, times: 1 + ES_CALL_POLICIES.background.retries });
    await queueJob(harness, jobId);
    const job = await timed(
      "export, 503 on its first reads: job settled",
      () => settledJob(harness, jobId),
      (j) => j.status,
    );
    expect(fault.hits).toBe(1 + ES_CALL_POLICIES.background.retries);
    expect(job).toMatchObject({ status: "DONE", row_count: 25, refunded_count: 0 });
    expect(job.attempts).toBeGreaterThanOrEqual(2);
    expect(await recordsLeftOf(harness, user)).toBe(before - 25);
  });
});

describe("the cluster stopped (SIGTERM)", () => {
  let version: number;
  beforeAll(async () => {
    version = (await liveState(direct())).version;
    await cluster().killNode(0, "SIGTERM");
  }, 60_000);
  // Normally the last test has started it again.
  afterAll(async () => {
    if ((await cluster().health()) === "unreachable") await cluster().startNode(0);
  }, 120_000);

  it("the API answers SEARCH_UNAVAILABLE at once and the search screen renders", async () => {
    const started = performance.now();
    await expectUnavailable(await timed("stopped: search", () => searchPage(), status));
    expect(performance.now() - started).toBeLessThan(INTERACTIVE_MS);
    await expectSearchScreen("stopped");
  });

  it("an export job is retried by the queue, then ends ERROR with its reservation refunded", async () => {
    const before = await recordsLeftOf(harness, user);
    const jobId = await reserveJob(harness, user, 30);
    expect(await recordsLeftOf(harness, user)).toBe(before - 30);
    await queueJob(harness, jobId);
    const job = await timed(
      "stopped: export job settled",
      () => settledJob(harness, jobId),
      (j) => `${j.status} ${j.error_code}`,
    );
    expect(job).toMatchObject({ status: "ERROR", error_code: "EXPORT_RETRIES_EXHAUSTED", refunded_count: 30 });
    expect(job.attempts).toBeGreaterThanOrEqual(2);
    expect(await recordsLeftOf(harness, user)).toBe(before);
  });

  it("a reindex fails at once; once the node is back the old version serves", async () => {
    const failed = await timed("stopped: reindex rejected", () => reindexFixture(direct()).catch((e: unknown) => e), String);
    expect(failed).toBeInstanceOf(Error);
    await cluster().startNode(0);
    expect((await liveState(direct())).version).toBe(version);
    await expectServing("stopped", version);
  }, 120_000);
});

describe("a reindex that fails during its bulk load", () => {
  it("503s on the worksites' bulk requests: rejected before the switch, the new indices removed, the old version serving", async () => {
    const before = await liveState(direct());
    const viaProxy = createEsClient(esEnv(proxy().url));
    const fault = proxy().inject({ match: isWorksiteBulk, status: 503 });
    try {
      const failed = await timed("503 on bulk: reindex rejected", () => reindexFixture(viaProxy).catch((e: unknown) => e), String);
      expect(failed).toBeInstanceOf(Error);
      expect(fault.hits).toBe(1 + ES_CALL_POLICIES.maintenance.retries);
    } finally {
      fault.remove();
      await viaProxy.close();
    }
    expect(await liveState(direct())).toEqual(before);
    await expectServing("503 on bulk", before.version);
  });

  it("the node killed (SIGKILL) mid-load: rejected, the old version serves once the node is back, the next reindex cleans up", async () => {
    const before = await liveState(direct());
    const viaProxy = createEsClient(esEnv(proxy().url));
    const kill = proxy().inject({ match: isWorksiteBulk, before: () => cluster().killNode(0, "SIGKILL"), times: 1 });
    let stages: string[] = [];
    try {
      const failed = await timed(
        "killed during bulk: reindex rejected",
        () => reindexFixture(viaProxy, {}, (stage) => stages.push(stage)).catch((e: unknown) => e),
        String,
      );
      expect(failed).toBeInstanceOf(Error);
      expect(kill.hits).toBe(1);
      expect(stages).not.toContain("switch");
    } finally {
      kill.remove();
      await viaProxy.close();
      await cluster().startNode(0);
    }
    const after = await liveState(direct());
    expect(after.version).toBe(before.version);
    expect(after.indices.length).toBeGreaterThan(before.indices.length); // the dead run's indices, not deleted
    await expectServing("killed during bulk", before.version);
    stages = [];
    const next = await reindexFixture(direct(), {}, (stage) => stages.push(stage));
    expect(next.previousVersion).toBe(before.version);
    expect((await liveState(direct())).indices).toEqual(
      [before.version, next.version].flatMap((v) => [`faults_companies_v${v}`, `faults_worksites_v${v}`]).sort(),
    );
  }, 180_000);
});
