/**
 * The export worker's lease heartbeat (issue 28) in the Workers runtime with real D1, R2 and Queues: a long export
 * keeps its lease moving and records its rows while nobody can claim the job; a short export's progress moves as the
 * popup polls it (issue 38); a delivery whose lease was taken over stops without completing its upload, settling or
 * refunding; and a job whose heartbeat stopped is queued again by its owner's poll and by the cleanup once the
 * product's default lease has run out, and not before.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmbeddedBackend } from "#search-index/engine";
import type { ExportChunk, SearchBackend } from "#search-index";
import { reserveExportJob, type NewExportJob } from "#api/exports/export-job-store";
import { cleanupExports } from "#export/cleanup/expire-exports";
import { claimJob, renewLease } from "#export/jobs/job-store";
import { processJob, type JobContext } from "#export/jobs/process-job";
import { handleJobBatch } from "#export/jobs/queue-handlers";
import { ExtractionJobSchema } from "#shared/api-contracts/extraction";
import { DEFAULT_EXPORT_LEASE_MS, exportFileKey, type ExportJobMessage } from "#shared/export-job";
import { recordsLeftOf, seedExportRegister, vad } from "./support/export-support";
import { authedFetch, createTestUser, type TestUser } from "../support/factories";
import { createUrvalHarness } from "../support/worker-harness";

const harness = createUrvalHarness();
let backend: EmbeddedBackend;
const env = async () => harness.api().getEnv();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  await harness.start();
  backend = await seedExportRegister(harness, 300);
}, 180_000);
afterAll(() => harness.server.close());

async function reservedJob(user: TestUser, count: number, overrides: Partial<NewExportJob> = {}) {
  const now = Date.now();
  const job: NewExportJob = {
    id: crypto.randomUUID(),
    userId: user.userId,
    idempotencyKey: `heartbeat-${crypto.randomUUID()}`,
    requestHash: "heartbeat",
    resultType: "COMPANY",
    serializedSearch: vad(),
    exclude: false,
    idNumbers: [],
    listFilesKey: null,
    count,
    fileName: "urval-foretag-20261126-1200.xlsx",
    createdAt: now,
    expiresAt: now + 7 * 86_400_000,
    ...overrides,
  };
  return (await reserveExportJob((await env()).DB, job)).id;
}

interface LeaseRow {
  status: string;
  attempts: number;
  lease_token: string | null;
  lease_until: number | null;
  heartbeat_at: number | null;
  rows_written: number;
  row_count: number | null;
  refunded_count: number;
}

async function leaseRow(jobId: string): Promise<LeaseRow> {
  const row = await (
    await env()
  ).DB.prepare(
    "SELECT status, attempts, lease_token, lease_until, heartbeat_at, rows_written, row_count, refunded_count FROM export_jobs WHERE id = ?",
  )
    .bind(jobId)
    .first<LeaseRow>();
  if (!row) throw new Error(`no job ${jobId}`);
  return row;
}

/**
 * The register's export rows in small chunks, each after a pause, so an export of a few hundred rows takes seconds;
 * `gate` (if given) holds the stream after its first chunk until it resolves, as a delivery that stalls.
 */
function paced(chunkSize: number, pauseMs: number, gate?: Promise<void>): SearchBackend {
  const readExportRows = async function* (...[search, options]: Parameters<SearchBackend["readExportRows"]>) {
    let first = true;
    for await (const chunk of backend.readExportRows(search, { ...options, chunkSize })) {
      if (!first && gate) await gate;
      first = false;
      await sleep(pauseMs);
      yield chunk as ExportChunk;
    }
  };
  return { readExportRows } as unknown as SearchBackend;
}

/** The EXPORTS bucket, recording the completions and aborts of the multipart uploads opened through it. */
function recordingBucket(bucket: R2Bucket) {
  const events: string[] = [];
  const wrapped = {
    createMultipartUpload: async (key: string, options?: R2MultipartOptions) => {
      const upload = await bucket.createMultipartUpload(key, options);
      return {
        uploadId: upload.uploadId,
        key: upload.key,
        uploadPart: (n: number, part: Uint8Array) => upload.uploadPart(n, part),
        complete: async (parts: R2UploadedPart[]) => (events.push("complete"), upload.complete(parts)),
        abort: async () => (events.push("abort"), upload.abort()),
      };
    },
    get: (key: string) => bucket.get(key),
  };
  return { bucket: wrapped as unknown as R2Bucket, events };
}

describe("a long export", () => {
  it("moves its lease forward and records its rows while it writes; nobody can claim it meanwhile", async () => {
    const user = await createTestUser(harness, { quota: 1000 });
    const jobId = await reservedJob(user, 300);
    const { DB, EXPORTS } = await env();
    const leaseMs = 3_000;
    // 30 chunks of 10 rows, 150 ms each: about 5 s of streaming, longer than the lease, renewed every 250 ms.
    const context: JobContext = { db: DB, exports: EXPORTS, backend: async () => paced(10, 150), leaseMs, heartbeatMs: 250 };
    const started = Date.now();
    const delivery = processJob(context, jobId);
    const samples: LeaseRow[] = [];
    const claims: (string | null)[] = [];
    let finished = false;
    void delivery.finally(() => (finished = true));
    while (!finished) {
      const row = await leaseRow(jobId);
      if (row.status === "RUNNING") {
        samples.push(row);
        // A second delivery trying all along: the lease never runs out while the heartbeat beats.
        claims.push(await claimJob(DB, jobId, Date.now(), leaseMs));
      }
      await sleep(100);
    }
    expect(await delivery).toBe("done");
    const ran = Date.now() - started;
    expect(ran).toBeGreaterThan(leaseMs);
    expect(claims.length).toBeGreaterThan(10);
    expect(claims.every((token) => token === null)).toBe(true);

    const leases = [...new Set(samples.map((s) => s.lease_until!))];
    const beats = [...new Set(samples.map((s) => s.heartbeat_at!))];
    const rows = samples.map((s) => s.rows_written);
    expect(leases.length).toBeGreaterThanOrEqual(5);
    expect(leases).toEqual([...leases].sort((a, b) => a - b)); // only forward
    expect(leases.at(-1)! - leases[0]!).toBeGreaterThan(leaseMs); // the claim's lease would have run out long ago
    expect(beats.length).toBeGreaterThanOrEqual(5);
    for (const s of samples) expect(s.lease_until! - s.heartbeat_at!).toBe(leaseMs); // each renewal: now + lease
    expect(rows).toEqual([...rows].sort((a, b) => a - b)); // grows, never back
    expect(new Set(rows.filter((n) => n > 0 && n < 300)).size).toBeGreaterThanOrEqual(4);
    const gaps = beats.slice(1).map((b, i) => b - beats[i]!);
    console.log(`[heartbeat] ${ran} ms export, ${beats.length} heartbeats seen, largest gap seen ${Math.max(...gaps)} ms`);
    expect(Math.max(...gaps)).toBeLessThan(leaseMs);

    expect(await leaseRow(jobId)).toMatchObject({ status: "DONE", attempts: 1, row_count: 300, rows_written: 300, refunded_count: 0 });
    expect(await recordsLeftOf(harness, user)).toBe(700);
  });
});

/** The register's export rows in the chunks the export asks for, each after a pause (a slow read per chunk). */
function slowed(pauseMs: number): SearchBackend {
  const readExportRows = async function* (...[search, options]: Parameters<SearchBackend["readExportRows"]>) {
    for await (const chunk of backend.readExportRows(search, options)) {
      await sleep(pauseMs);
      yield chunk as ExportChunk;
    }
  };
  return { readExportRows } as unknown as SearchBackend;
}

describe("the progress an export reports (issue 38)", () => {
  it("moves while a 200-row export of a few seconds writes, with the product's chunks and heartbeat, as the popup polls it", async () => {
    const user = await createTestUser(harness, { quota: 1000 });
    const jobId = await reservedJob(user, 200);
    const { DB, EXPORTS } = await env();
    // The product's defaults (chunk size, heartbeat interval, lease); only each chunk's read is slow: 250 ms,
    // so the export writes for about two seconds.
    const delivery = processJob({ db: DB, exports: EXPORTS, backend: async () => slowed(250) }, jobId);
    let finished = false;
    void delivery.finally(() => (finished = true));
    const seen: number[] = [];
    while (!finished) {
      const job = ExtractionJobSchema.parse(await (await authedFetch(harness, user.cookie, `/sapi/extraction/${jobId}`)).json());
      if (job.status === "RUNNING") seen.push(job.rowsWritten);
      await sleep(100);
    }
    expect(await delivery).toBe("done");
    expect(seen).toEqual([...seen].sort((a, b) => a - b)); // grows, never back
    const between = [...new Set(seen.filter((n) => n > 0 && n < 200))];
    console.log(`[progress] rows written seen while running: ${[...new Set(seen)].join(", ")}`);
    expect(between.length).toBeGreaterThanOrEqual(1);
    expect(await leaseRow(jobId)).toMatchObject({ status: "DONE", row_count: 200, rows_written: 200 });
  });
});

describe("a delivery whose lease was taken over", () => {
  it("stops at its next heartbeat: its upload never completes, it neither settles nor refunds, the new holder does", async () => {
    const user = await createTestUser(harness, { quota: 500 });
    const jobId = await reservedJob(user, 200);
    const { DB, EXPORTS } = await env();
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    // Delivery A stalls after its first chunk for longer than its lease (a process frozen, a very slow read).
    const recorded = recordingBucket(EXPORTS);
    const stalled: JobContext = {
      db: DB,
      exports: recorded.bucket,
      backend: async () => paced(20, 10, gate),
      leaseMs: 800,
      heartbeatMs: 100,
    };
    const acks = { acked: 0, retried: 0 };
    const message = {
      id: "m-a",
      timestamp: new Date(),
      body: { jobId },
      attempts: 1,
      ack: () => void acks.acked++,
      retry: () => void acks.retried++,
    };
    const batch = { queue: "urval-export-jobs", messages: [message], ackAll: () => {}, retryAll: () => {} };
    const deliveryA = handleJobBatch(batch as unknown as MessageBatch<unknown>, stalled, 0);
    const heldByA = await pollUntil(
      () => leaseRow(jobId),
      (r) => r.status === "RUNNING",
    );
    await sleep(1_000); // A's lease runs out while it stalls

    // Delivery B claims the lapsed lease and writes the whole job.
    const fresh: JobContext = { db: DB, exports: EXPORTS, backend: async () => backend };
    expect(await processJob(fresh, jobId)).toBe("done");
    const settled = await leaseRow(jobId);
    expect(settled).toMatchObject({ status: "DONE", attempts: 2, row_count: 200, refunded_count: 0 });
    expect(heldByA.lease_token).not.toBeNull();
    expect(settled.lease_token).not.toBe(heldByA.lease_token); // B's claim wrote its own token

    // A wakes up: its next heartbeat finds the lease gone, and it stops.
    open();
    await deliveryA;
    expect(acks).toEqual({ acked: 1, retried: 0 }); // nothing to retry: the job is B's
    expect(recorded.events).toEqual(["abort"]); // A's own upload aborted, never completed
    expect(await leaseRow(jobId)).toMatchObject({ status: "DONE", attempts: 2, row_count: 200, rows_written: 200, refunded_count: 0 });
    expect(await recordsLeftOf(harness, user)).toBe(300); // one debit, no refund
    const listed = await EXPORTS.list({ prefix: `exports/${jobId}` });
    expect(listed.objects.map((o) => o.key)).toEqual([exportFileKey(jobId)]);
  });

  it("stops even while the new holder is still writing, and leaves the job to it", async () => {
    const user = await createTestUser(harness, { quota: 500 });
    const jobId = await reservedJob(user, 120);
    const { DB, EXPORTS } = await env();
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const recordedA = recordingBucket(EXPORTS);
    const stalled: JobContext = {
      db: DB,
      exports: recordedA.bucket,
      backend: async () => paced(20, 10, gate),
      leaseMs: 800,
      heartbeatMs: 100,
    };
    const deliveryA = processJob(stalled, jobId);
    await pollUntil(
      () => leaseRow(jobId),
      (r) => r.status === "RUNNING",
    );
    await sleep(1_000);
    // B claims and streams slowly (its own heartbeat keeps its lease); A wakes up while B writes.
    const slowB: JobContext = { db: DB, exports: EXPORTS, backend: async () => paced(10, 150), leaseMs: 3_000, heartbeatMs: 200 };
    const deliveryB = processJob(slowB, jobId);
    await pollUntil(
      () => leaseRow(jobId),
      (r) => r.attempts === 2,
    );
    open();
    expect(await deliveryA).toBe("lost");
    expect((await leaseRow(jobId)).status).toBe("RUNNING"); // A touched nothing: B still holds the job
    expect(recordedA.events).toEqual(["abort"]);
    expect(await deliveryB).toBe("done");
    expect(await leaseRow(jobId)).toMatchObject({ status: "DONE", attempts: 2, row_count: 120, refunded_count: 0 });
    expect(await recordsLeftOf(harness, user)).toBe(380);
  });
});

async function pollUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error("timed out");
    await sleep(50);
  }
}

/** What a delivery that died leaves: RUNNING, claimed and renewed (with rows written) until `lastBeatAgoMs` ago. */
async function diedJob(user: TestUser, count: number, lastBeatAgoMs: number): Promise<string> {
  const jobId = await reservedJob(user, count);
  const { DB } = await env();
  const lastBeat = Date.now() - lastBeatAgoMs;
  const token = await claimJob(DB, jobId, lastBeat - 20_000); // the product's default lease
  expect(token).not.toBeNull();
  expect(await renewLease(DB, jobId, token!, 7, lastBeat)).toBe(true);
  return jobId;
}

describe("a job whose heartbeat stopped (its delivery died, its message with it)", () => {
  it("is queued again by its owner's poll a default lease after the last heartbeat, not before", async () => {
    expect(DEFAULT_EXPORT_LEASE_MS).toBe(60_000);
    const user = await createTestUser(harness, { quota: 500 });
    const dead = await diedJob(user, 25, DEFAULT_EXPORT_LEASE_MS + 1_000);
    const alive = await diedJob(user, 26, DEFAULT_EXPORT_LEASE_MS - 15_000); // its holder may still be working
    const polled = ExtractionJobSchema.parse(await (await authedFetch(harness, user.cookie, `/sapi/extraction/${dead}`)).json());
    expect(polled).toMatchObject({ status: "RUNNING", rowsWritten: 7 });
    await authedFetch(harness, user.cookie, `/sapi/extraction/${alive}`);
    const done = await pollUntil(
      () => leaseRow(dead),
      (r) => r.status === "DONE",
      45_000,
    );
    expect(done).toMatchObject({ attempts: 2, row_count: 25, rows_written: 25, refunded_count: 0 });
    const held = await leaseRow(alive);
    expect(held).toMatchObject({ status: "RUNNING", attempts: 1, rows_written: 7 });
    expect(held.lease_until).toBeGreaterThan(Date.now());
  });

  it("is queued again by the cleanup (every minute) once its lease has run out, not while its holder's lease is live", async () => {
    const user = await createTestUser(harness, { quota: 500 });
    const dead = await diedJob(user, 31, DEFAULT_EXPORT_LEASE_MS + 1_000);
    const alive = await diedJob(user, 32, DEFAULT_EXPORT_LEASE_MS - 15_000);
    const sent: string[] = [];
    const queue = { sendBatch: async (messages: { body: ExportJobMessage }[]) => void sent.push(...messages.map((m) => m.body.jobId)) };
    const { DB, EXPORTS } = await env();
    await cleanupExports(DB, EXPORTS, { queue: queue as unknown as Queue<ExportJobMessage> });
    expect(sent).toContain(dead);
    expect(sent).not.toContain(alive);
    // Through the worker's own scheduled handler and the real queue: taken over and delivered.
    await harness.server.getWorker("urval-export").scheduled({ cron: "* * * * *", scheduledTime: new Date() });
    expect(
      await pollUntil(
        () => leaseRow(dead),
        (r) => r.status === "DONE",
        45_000,
      ),
    ).toMatchObject({
      attempts: 2,
      row_count: 31,
      refunded_count: 0,
    });
    expect(await leaseRow(alive)).toMatchObject({ status: "RUNNING", attempts: 1 });
  });
});
