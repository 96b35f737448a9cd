/**
 * Resilience scenario 4 (issue 14): export faults in the Workers runtime with real D1, R2 and Queues. Redelivery
 * storms (one job delivered 20 times at once through the consumer's batch handler, and 20 messages of one job on the
 * real queue), an R2 multipart upload aborted from outside between its parts, a part upload that fails once, a
 * permanent failure, a poison message dead-lettered, and a delivery that died holding its lease. Every job must end
 * DONE with exactly one file and one debit equal to its rows (read back from the XLSX), or ERROR with a full refund;
 * the ledger of every user must add up and no quota may ever be seen negative.
 */
import * as XLSX from "@e965/xlsx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { byScale, recordScenario, resilienceScale } from "../support/report";
import type { EmbeddedBackend } from "#search-index/engine";
import { reserveExportJob, type NewExportJob } from "#api/exports/export-job-store";
import { claimJob } from "#export/jobs/job-store";
import type { JobContext } from "#export/jobs/process-job";
import { handleJobBatch } from "#export/jobs/queue-handlers";
import { ExtractionJobSchema } from "#shared/api-contracts/extraction";
import { exportFileKey, listFileSnapshotKey } from "#shared/export-job";
import { postExport, seedExportRegister, vad } from "../../integration/support/export-support";
import { authedFetch, createTestUser, type TestUser } from "../../support/factories";
import { createUrvalHarness } from "../../support/worker-harness";

const STORM = 20;
const scale = {
  stormJobs: byScale(3, 12),
  queueStormJobs: byScale(2, 6),
  faultRounds: byScale(1, 3),
  companies: byScale(150, 400),
};

const harness = createUrvalHarness();
let backend: EmbeddedBackend;
const env = async () => harness.api().getEnv();

/** Everything the ledger check needs: the users with their opening quota, every job, and what the deliveries saw. */
const ledger = {
  users: new Map<string, { user: TestUser; initial: number }>(),
  jobs: new Set<string>(),
  deliveries: 0,
  minQuotaSeen: Number.POSITIVE_INFINITY,
};
let sampling = true;
let sampler: Promise<void> = Promise.resolve();

beforeAll(async () => {
  // Retries without waiting, so a poison message reaches the dead-letter queue within the test.
  await harness.server.update((options) => ({
    ...options,
    workers: (options.workers ?? []).map((worker) =>
      "configPath" in worker && String(worker.configPath).includes("workers/export")
        ? { ...worker, vars: { EXPORT_RETRY_BASE_SECONDS: "0" } }
        : worker,
    ),
  }));
  await harness.start();
  backend = await seedExportRegister(harness, scale.companies);
  sampler = sampleQuotas();
}, 180_000);
afterAll(async () => {
  sampling = false;
  await sampler;
  await harness.server.close();
});

/** Reads every user's quota every 50 ms while the scenario runs (bounded: stops with the file). */
async function sampleQuotas() {
  const { DB } = await env();
  const deadline = Date.now() + 10 * 60_000;
  while (sampling && Date.now() < deadline) {
    const ids = [...ledger.users.keys()];
    if (ids.length > 0) {
      const row = await DB.prepare("SELECT MIN(extraction_records_left) AS n FROM users WHERE id IN (SELECT value FROM json_each(?))")
        .bind(JSON.stringify(ids))
        .first<{ n: number | null }>();
      if (row?.n !== null && row?.n !== undefined) ledger.minQuotaSeen = Math.min(ledger.minQuotaSeen, row.n);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function newUser(quota: number): Promise<TestUser> {
  const user = await createTestUser(harness, { quota });
  ledger.users.set(user.userId, { user, initial: quota });
  return user;
}

/** A job requested through the API (reserved, and queued to the real consumer). */
async function requestedJob(user: TestUser, count: number): Promise<string> {
  const response = await postExport(harness, user, { serializedSearch: vad(), count });
  expect(response.status).toBe(202);
  const { jobId } = ExtractionJobSchema.parse(await response.json());
  ledger.jobs.add(jobId);
  ledger.deliveries++;
  return jobId;
}

/** A job reserved exactly as the API does it, but not queued: the test delivers it, with its faults. */
async function reservedJob(user: TestUser, count: number, overrides: Partial<NewExportJob> = {}): Promise<string> {
  const now = Date.now();
  const job = await reserveExportJob((await env()).DB, {
    id: crypto.randomUUID(),
    userId: user.userId,
    idempotencyKey: `fault-${crypto.randomUUID()}`,
    requestHash: "resilience",
    resultType: "COMPANY",
    serializedSearch: vad(),
    exclude: false,
    idNumbers: [],
    listFilesKey: null,
    count,
    fileName: "urval-foretag-20261125-1200.xlsx",
    createdAt: now,
    expiresAt: now + 7 * 86_400_000,
    ...overrides,
  });
  ledger.jobs.add(job.id);
  return job.id;
}

interface Acks {
  acked: number;
  retried: number;
}

/** One delivery of the job through the consumer's batch handler (what the export worker's queue() runs). */
async function deliver(jobId: string, exports?: R2Bucket, attempts = 1): Promise<Acks> {
  const { DB, EXPORTS } = await env();
  const context: JobContext = { db: DB, exports: exports ?? EXPORTS, backend: async () => backend };
  const acks: Acks = { acked: 0, retried: 0 };
  const message = {
    id: crypto.randomUUID(),
    timestamp: new Date(),
    body: { jobId },
    attempts,
    ack: () => void acks.acked++,
    retry: () => void acks.retried++,
  };
  const batch = { queue: "urval-export-jobs", messages: [message], ackAll: () => {}, retryAll: () => {} };
  ledger.deliveries++;
  await handleJobBatch(batch as unknown as MessageBatch<unknown>, context, 0);
  return acks;
}

/** The same job delivered STORM times at once; returns the summed acknowledgements. */
async function storm(jobId: string, exports?: R2Bucket): Promise<Acks> {
  const all = await Promise.all(Array.from({ length: STORM }, () => deliver(jobId, exports)));
  return all.reduce((sum, a) => ({ acked: sum.acked + a.acked, retried: sum.retried + a.retried }), { acked: 0, retried: 0 });
}

interface JobRow {
  id: string;
  user_id: string;
  status: string;
  reserved_count: number;
  /** Records charged (issue 17's ledger); null for jobs reserved without a ledger (charged reserved_count). */
  charged_count: number | null;
  refunded_count: number;
  row_count: number | null;
  error_code: string | null;
}

async function jobRow(jobId: string): Promise<JobRow | null> {
  return (await env()).DB.prepare(
    "SELECT id, user_id, status, reserved_count, charged_count, refunded_count, row_count, error_code FROM export_jobs WHERE id = ?",
  )
    .bind(jobId)
    .first<JobRow>();
}

async function settled(jobId: string, timeoutMs = 45_000): Promise<JobRow> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await jobRow(jobId);
    if (row && (row.status === "DONE" || row.status === "ERROR")) return row;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${row?.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The EXPORTS bucket with one upload's fault: the wrapper sees every multipart upload the consumer opens. */
function faultyBucket(bucket: R2Bucket, fault: "abort-before-complete" | "part-fails") {
  const seen = { uploads: [] as { key: string; uploadId: string }[] };
  const wrapped = {
    createMultipartUpload: async (key: string, options?: R2MultipartOptions) => {
      const upload = await bucket.createMultipartUpload(key, options);
      seen.uploads.push({ key, uploadId: upload.uploadId });
      return {
        uploadId: upload.uploadId,
        key: upload.key,
        abort: () => upload.abort(),
        uploadPart: async (n: number, part: Uint8Array) => {
          if (fault === "part-fails") throw new Error("R2 part upload failed (injected)");
          return upload.uploadPart(n, part);
        },
        complete: async (parts: R2UploadedPart[]) => {
          // Someone else aborts the upload after its parts went up, before it completes.
          if (fault === "abort-before-complete") await bucket.resumeMultipartUpload(key, upload.uploadId).abort();
          return upload.complete(parts);
        },
      };
    },
    get: (key: string) => bucket.get(key),
    head: (key: string) => bucket.head(key),
  };
  return { bucket: wrapped as unknown as R2Bucket, seen };
}

describe("redelivery storms", () => {
  it(`a job delivered ${STORM} times at once is written once and debited once, for several jobs at a time`, async () => {
    const user = await newUser(4000);
    const jobs = await Promise.all(Array.from({ length: scale.stormJobs }, (_, i) => requestedJob(user, 20 + 7 * i)));
    const acks = await Promise.all(jobs.map((jobId) => storm(jobId)));
    for (const a of acks) expect(a.acked + a.retried).toBe(STORM);
    for (const jobId of jobs) expect(await settled(jobId)).toMatchObject({ status: "DONE", refunded_count: 0 });
  });

  it(`${STORM} messages of one job on the real queue settle it once`, async () => {
    const user = await newUser(3000);
    const jobs = await Promise.all(Array.from({ length: scale.queueStormJobs }, (_, i) => requestedJob(user, 15 + 11 * i)));
    const { EXPORT_QUEUE } = await env();
    await Promise.all(jobs.flatMap((jobId) => Array.from({ length: STORM - 1 }, () => EXPORT_QUEUE.send({ jobId }))));
    ledger.deliveries += jobs.length * (STORM - 1);
    for (const jobId of jobs) expect(await settled(jobId)).toMatchObject({ status: "DONE", refunded_count: 0 });
  });
});

describe("R2 and consumer faults", () => {
  it("a multipart upload aborted from outside between its parts is retried and delivered", async () => {
    const user = await newUser(2000);
    const { EXPORTS } = await env();
    for (let round = 0; round < scale.faultRounds; round++) {
      const jobId = await reservedJob(user, 25 + round);
      const faulty = faultyBucket(EXPORTS, "abort-before-complete");
      const acks = await storm(jobId, faulty.bucket);
      expect(acks).toEqual({ acked: 0, retried: STORM }); // each holder failed, the others found it busy
      expect(faulty.seen.uploads.length).toBeGreaterThanOrEqual(1);
      expect(await EXPORTS.head(exportFileKey(jobId))).toBeNull();
      for (const aborted of faulty.seen.uploads)
        await expect(EXPORTS.resumeMultipartUpload(aborted.key, aborted.uploadId).uploadPart(2, new Uint8Array(8))).rejects.toThrow();
      expect(await deliver(jobId, undefined, 2)).toEqual({ acked: 1, retried: 0 });
      expect(await settled(jobId)).toMatchObject({ status: "DONE", row_count: 25 + round });
    }
  });

  it("a part upload that fails once is retried after the cleanup ran in between, and delivered", async () => {
    const user = await newUser(2000);
    const { EXPORTS } = await env();
    for (let round = 0; round < scale.faultRounds; round++) {
      const jobId = await reservedJob(user, 30 + round);
      expect(await deliver(jobId, faultyBucket(EXPORTS, "part-fails").bucket)).toEqual({ acked: 0, retried: 1 });
      // The job waits for its retry; the cleanup must not take it for abandoned (it may queue it again).
      await harness.server.getWorker("urval-export").scheduled({ cron: "* * * * *", scheduledTime: new Date() });
      expect((await jobRow(jobId))?.status).not.toBe("ERROR");
      await deliver(jobId, undefined, 2);
      expect(await settled(jobId)).toMatchObject({ status: "DONE", row_count: 30 + round, refunded_count: 0 });
    }
  });

  it("a permanent failure (the job's list files are gone) fails the job once with a full refund", async () => {
    const user = await newUser(1000);
    for (let round = 0; round < scale.faultRounds; round++) {
      const id = crypto.randomUUID();
      const jobId = await reservedJob(user, 40, { id, listFilesKey: listFileSnapshotKey(id) });
      const acks = await storm(jobId);
      expect(acks.acked + acks.retried).toBe(STORM);
      expect(await settled(jobId)).toMatchObject({ status: "ERROR", error_code: "EXPORT_LIST_FILES_MISSING", refunded_count: 40 });
    }
  });

  it("a poison message is retried on the real queue, dead-lettered, and its job failed with a refund", async () => {
    const user = await newUser(500);
    const jobId = await reservedJob(user, 50);
    const { DB, EXPORT_QUEUE } = await env();
    await DB.prepare("UPDATE export_jobs SET id_numbers_json = 'inte json' WHERE id = ?").bind(jobId).run();
    await EXPORT_QUEUE.send({ jobId });
    ledger.deliveries++;
    expect(await settled(jobId)).toMatchObject({ status: "ERROR", error_code: "EXPORT_RETRIES_EXHAUSTED", refunded_count: 50 });
  });

  it("a delivery that died holding its lease (its message lost with it) is queued again by the cleanup and delivered", async () => {
    const user = await newUser(1000);
    const { DB } = await env();
    const jobId = await reservedJob(user, 33);
    // What a killed consumer leaves: RUNNING, a lease that will lapse, no message anywhere.
    expect(await claimJob(DB, jobId, Date.now(), 500)).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 600));
    await harness.server.getWorker("urval-export").scheduled({ cron: "* * * * *", scheduledTime: new Date() });
    expect(await settled(jobId)).toMatchObject({ status: "DONE", row_count: 33, refunded_count: 0 });
  });

  it("a job whose delivery died is queued again as soon as its owner polls it, without waiting for the cleanup", async () => {
    const user = await newUser(1000);
    const { DB } = await env();
    const jobId = await reservedJob(user, 21);
    expect(await claimJob(DB, jobId, Date.now(), 500)).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 600));
    const polled = await authedFetch(harness, user.cookie, `/sapi/extraction/${jobId}`);
    expect(ExtractionJobSchema.parse(await polled.json())).toMatchObject({ jobId, status: "RUNNING" });
    expect(await settled(jobId)).toMatchObject({ status: "DONE", row_count: 21, refunded_count: 0 });
  });
});

interface LedgerFigures {
  done: number;
  error: number;
  files: number;
  debits: number;
  refunds: number;
  mismatches: string[];
}

async function rowsInFile(key: string): Promise<number> {
  const object = await (await env()).EXPORTS.get(key);
  if (!object) return -1;
  const workbook = XLSX.read(new Uint8Array(await object.arrayBuffer()), { type: "array" });
  return XLSX.utils.sheet_to_json(workbook.Sheets[workbook.SheetNames[0]!]!).length;
}

/** Checks one job against its files; adds what it finds to the figures. */
async function checkJob(row: JobRow, figures: LedgerFigures): Promise<void> {
  const { EXPORTS } = await env();
  const listed = await EXPORTS.list({ prefix: `exports/${row.id}` });
  const files = listed.objects.map((o) => o.key).filter((key) => key.endsWith(".xlsx"));
  figures.files += files.length;
  if (row.status === "DONE") {
    figures.done++;
    figures.debits++;
    const rows = await rowsInFile(exportFileKey(row.id));
    if (files.length !== 1 || files[0] !== exportFileKey(row.id)) figures.mismatches.push(`${row.id}: files ${files.join(",")}`);
    if (rows !== row.row_count) figures.mismatches.push(`${row.id}: ${rows} rows in the file, ${row.row_count} recorded`);
    // A ledger job refunds the charged records its file lacks (at most the rows not written); without a ledger,
    // exactly the rows not written.
    const unwritten = row.reserved_count - (row.row_count ?? 0);
    const wrongRefund =
      row.charged_count === null ? row.refunded_count !== unwritten : row.refunded_count > Math.min(unwritten, row.charged_count);
    if (wrongRefund) figures.mismatches.push(`${row.id}: refund ${row.refunded_count}`);
    if (row.refunded_count > 0) figures.refunds++;
  } else if (row.status === "ERROR") {
    figures.error++;
    figures.refunds++;
    if (files.length !== 0) figures.mismatches.push(`${row.id}: ERROR with a file`);
    if (row.refunded_count !== (row.charged_count ?? row.reserved_count))
      figures.mismatches.push(`${row.id}: ERROR refunded ${row.refunded_count}`);
  } else figures.mismatches.push(`${row.id}: still ${row.status}`);
}

describe("the ledger", () => {
  it("adds up for every user: opening quota − quota now = rows in the DONE jobs' files; never negative", async () => {
    const started = Date.now();
    const figures: LedgerFigures = { done: 0, error: 0, files: 0, debits: 0, refunds: 0, mismatches: [] };
    const rows = await Promise.all([...ledger.jobs].map((jobId) => settled(jobId)));
    for (const row of rows) await checkJob(row, figures);
    const { DB } = await env();
    for (const { user, initial } of ledger.users.values()) {
      const left = (
        await DB.prepare("SELECT extraction_records_left AS n FROM users WHERE id = ?").bind(user.userId).first<{ n: number }>()
      )?.n;
      // Each DONE job's rows are charged once per record and period: API jobs through the ledger (its rows, one per
      // record), directly reserved jobs (no ledger) by their rows.
      const ledgerRows = await DB.prepare("SELECT count(*) AS n FROM export_ledger WHERE user_id = ?")
        .bind(user.userId)
        .first<{ n: number }>();
      const unledgered = rows.filter((r) => r.user_id === user.userId && r.status === "DONE" && r.charged_count === null);
      const charged = (ledgerRows?.n ?? 0) + unledgered.reduce((sum, r) => sum + (r.row_count ?? 0), 0);
      if (left === undefined || initial - left !== charged)
        figures.mismatches.push(`${user.username}: charged ${initial - (left ?? 0)}, exported ${charged}`);
      if (left !== undefined) ledger.minQuotaSeen = Math.min(ledger.minQuotaSeen, left);
    }
    const pass = figures.mismatches.length === 0 && ledger.minQuotaSeen >= 0 && figures.done + figures.error === ledger.jobs.size;
    recordScenario({
      scenario: "4-export-faults",
      title: "Export faults (redelivery storms, aborted multipart, transient and permanent failures, dead delivery)",
      pass,
      figures: {
        scale: resilienceScale(),
        users: ledger.users.size,
        jobs: ledger.jobs.size,
        deliveries: ledger.deliveries,
        DONE: figures.done,
        ERROR: figures.error,
        files: figures.files,
        debits: figures.debits,
        refunds: figures.refunds,
        "ledger mismatches": figures.mismatches.length,
        "min quota seen": ledger.minQuotaSeen,
        "check ms": Date.now() - started,
      },
      notes: figures.mismatches.slice(0, 10),
    });
    expect(figures.mismatches).toEqual([]);
    expect(ledger.minQuotaSeen).toBeGreaterThanOrEqual(0);
    expect(figures.done + figures.error).toBe(ledger.jobs.size);
  });
});
