/**
 * The reindex's production path for Bevakning's jobs, against local fakes of Cloudflare's D1 and Queues HTTP APIs
 * (tests/support/fakes/): the fake queue API is first held to the documented shapes, then the reindex's enqueueing claims the
 * staged run in the remote app database, pushes one job per affected user and marks the run, exactly once.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeD1Api } from "#tests/support/fakes/d1-http-server";
import { startFakeQueuesApi } from "#tests/support/fakes/queues-http-server";
import { MonitoringJobMessageSchema } from "#shared/monitoring-job";
import { markRunStaged, stageItems } from "#search-index/indexing";
import { httpQueue, SEND_BATCH } from "./queues-http";
import { readRemoteConfig, remoteQueueName, remoteVar } from "../lib/remote-config";
import { remoteMonitoring, remoteTarget, type RemoteTarget } from "./remote-monitoring";

const QUEUE = "urval-monitoring-alerts";
const QUEUE_ID = "0123456789abcdef0123456789abcdef";
let d1: Awaited<ReturnType<typeof startFakeD1Api>>;
let queues: Awaited<ReturnType<typeof startFakeQueuesApi>>;
let target: RemoteTarget;

beforeAll(async () => {
  d1 = await startFakeD1Api({ token: "tok", migrationsDir: path.resolve(import.meta.dirname, "../../workers/api/migrations") });
  queues = await startFakeQueuesApi({
    token: "tok",
    queues: { [QUEUE]: QUEUE_ID, "urval-export-jobs": "ffffffffffffffffffffffffffffffff" },
  });
  target = {
    api: { accountId: "acc", apiToken: "tok", baseUrl: d1.baseUrl },
    databaseIds: { DB: "app", SEARCH_DB: "search" },
    queueName: QUEUE,
    packBucket: "urval-search-index",
    origin: "https://app.urval.se",
  };
});
afterAll(async () => {
  await Promise.all([d1.close(), queues.close()]);
});

const push = (queueId: string, body: unknown) =>
  fetch(`${queues.baseUrl}/accounts/acc/queues/${queueId}/messages/batch`, {
    method: "POST",
    headers: { Authorization: "Bearer tok", "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

describe("the fake Queues HTTP API", () => {
  it("lists the queues and accepts a documented batch, answering with the envelope", async () => {
    const list = await fetch(`${queues.baseUrl}/accounts/acc/queues`, { headers: { Authorization: "Bearer tok" } });
    expect(await list.json()).toMatchObject({
      success: true,
      result: expect.arrayContaining([{ queue_id: QUEUE_ID, queue_name: QUEUE, created_on: expect.any(String) }]),
    });
    const pushed = await push("ffffffffffffffffffffffffffffffff", {
      messages: [
        { body: "hej", content_type: "text" },
        { body: { a: 1 }, content_type: "json" },
      ],
    });
    expect(pushed.status).toBe(200);
    expect(await pushed.json()).toMatchObject({ success: true, errors: [] });
    expect(queues.received("urval-export-jobs")).toEqual(["hej", { a: 1 }]);
  });

  it("refuses an unknown queue (10104), a text message with a non-text body, more than 100 messages and a bad token", async () => {
    const unknown = await push("00000000000000000000000000000000", { messages: [{ body: {} }] });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ success: false, errors: [{ code: 10104 }] });
    expect((await push(QUEUE_ID, { messages: [{ body: { a: 1 }, content_type: "text" }] })).status).toBe(400);
    expect((await push(QUEUE_ID, { messages: Array.from({ length: 101 }, () => ({ body: 1 })) })).status).toBe(400);
    const forbidden = await fetch(`${queues.baseUrl}/accounts/acc/queues`, { headers: { Authorization: "Bearer nope" } });
    expect(forbidden.status).toBe(403);
    expect(queues.received(QUEUE)).toEqual([]);
  });
});

describe("httpQueue", () => {
  it("finds the queue's id by its name and sends batches of at most SEND_BATCH json messages", async () => {
    const queue = await httpQueue<{ n: number }>({ accountId: "acc", apiToken: "tok", baseUrl: queues.baseUrl }, "urval-export-jobs");
    const before = queues.received("urval-export-jobs").length;
    await queue.sendBatch(Array.from({ length: SEND_BATCH * 2 + 5 }, (_, n) => ({ body: { n } })));
    const sent = queues.received("urval-export-jobs").slice(before);
    expect(sent).toHaveLength(SEND_BATCH * 2 + 5);
    expect(sent.at(-1)).toEqual({ n: SEND_BATCH * 2 + 4 });
    await expect(httpQueue({ accountId: "acc", apiToken: "tok", baseUrl: queues.baseUrl }, "urval-nothing")).rejects.toThrow(
      /no queue named/,
    );
  });
});

describe("remoteMonitoring().enqueue", () => {
  const split = () => ({ ...target, api: { ...target.api } });
  // The D1 and Queues fakes are separate servers; the real API has one base URL, so requests are routed by path.
  const routed = (t: RemoteTarget): RemoteTarget => ({
    ...t,
    api: {
      ...t.api,
      fetcher: (input, init) => {
        const url = String(input);
        return fetch(url.includes("/queues") ? url.replace(d1.baseUrl, queues.baseUrl) : url, init);
      },
    },
  });

  it("claims the staged run, pushes one job per affected user with the digest's origin and marks it enqueued, once", async () => {
    const { store, enqueue } = remoteMonitoring(routed(split()));
    const items = ["anna", "bo", "anna"].map((userId, i) => ({
      userId,
      kind: "COMPANY_CHANGED" as const,
      subjectId: "",
      orgSeqNo: 100 + i,
      companyName: "Bolaget AB",
      changes: ["Ny adress: Storgatan 1, 111 22 Stockholm"],
    }));
    const users = await stageItems(store, 11, 12, { items: [], hits: [{ id: "s", userId: "cilla", hitCount: 3 }], skipped: 0 }, items);
    await markRunStaged(store, 11, 12, users.size, { added: [], removed: [], changed: [100, 101, 102] });
    expect(await enqueue()).toEqual({ runs: 1, jobs: 3 });
    const jobs = queues.received(QUEUE).map((body) => MonitoringJobMessageSchema.parse(body));
    expect(jobs.map((j) => j.userId).sort()).toEqual(["anna", "bo", "cilla"]);
    expect(jobs.every((j) => j.fromVersion === 11 && j.toVersion === 12 && j.origin === "https://app.urval.se")).toBe(true);
    expect(d1.database("app").prepare("SELECT state FROM monitoring_runs WHERE to_version = 12").get()).toEqual({ state: "ENQUEUED" });
    expect(await enqueue()).toEqual({ runs: 0, jobs: 0 });
    expect(queues.received(QUEUE)).toHaveLength(3);
  });

  it("leaves the run STAGED for the API when no origin is known for the digest's link", async () => {
    const { store, enqueue } = remoteMonitoring(routed({ ...split(), origin: null }));
    await markRunStaged(store, 12, 13, 1, { added: [], removed: [], changed: [1] });
    expect(await enqueue()).toMatchObject({ skipped: expect.stringMatching(/PUBLIC_ORIGIN/) });
    expect(d1.database("app").prepare("SELECT state FROM monitoring_runs WHERE to_version = 13").get()).toEqual({ state: "STAGED" });
  });
});

describe("remoteTarget", () => {
  it("reads the queue and origin of [env.production] and refuses its database ids while they are placeholders", () => {
    const config = readRemoteConfig("production");
    expect(remoteQueueName(config, "MONITORING_QUEUE", "production")).toBe(QUEUE);
    expect(remoteVar(config, "PUBLIC_ORIGIN")).toBeNull();
    const saved = { ...process.env };
    Object.assign(process.env, { CLOUDFLARE_ACCOUNT_ID: "acc", CLOUDFLARE_API_TOKEN: "tok" });
    try {
      expect(() => remoteTarget("production")).toThrow(/set database_id of the DB binding in \[env\.production\]/);
    } finally {
      process.env = saved;
    }
  });
});
