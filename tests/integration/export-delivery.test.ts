/**
 * Export reliability in the Workers runtime (issue 9): duplicate and concurrent delivery of one job, a poison message
 * retried and dead-lettered with a refund, list files frozen with the job, the scheduled expiry and stale-job cleanup,
 * and an aborted multipart upload leaving nothing behind. Real D1, R2 and Queues throughout.
 */
import * as XLSX from "@e965/xlsx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmbeddedBackend, parseSearch } from "#search-index/engine";
import { ListFileListSchema } from "#shared/api-contracts/list-files";
import { reserveExportJob, type NewExportJob } from "#api/exports/export-job-store";
import { processJob } from "#export/jobs/process-job";
import { uploadMultipart } from "#export/r2/multipart-upload";
import { exportFileKey } from "#shared/export-job";
import type { CompanyRecord } from "#shared/search/result-schemas";
import { postExport, recordsLeftOf, seedExportRegister, settledJob, vad } from "./support/export-support";
import { authedFetch, createTestUser, type TestUser } from "../support/factories";
import { createUrvalHarness } from "../support/worker-harness";

const harness = createUrvalHarness();
let backend: EmbeddedBackend;

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
  backend = await seedExportRegister(harness, 80);
}, 180_000);
afterAll(() => harness.server.close());

const env = async () => harness.api().getEnv();

/** A job reserved the way the API does it, but not queued: the test delivers it. */
async function reservedJob(user: TestUser, overrides: Partial<NewExportJob> = {}) {
  const now = Date.now();
  const job: NewExportJob = {
    id: crypto.randomUUID(),
    userId: user.userId,
    idempotencyKey: `direct-${crypto.randomUUID()}`,
    requestHash: "test",
    resultType: "COMPANY",
    serializedSearch: vad(),
    exclude: false,
    idNumbers: [],
    listFilesKey: null,
    count: 5,
    fileName: "urval-foretag-20261121-1200.xlsx",
    createdAt: now,
    expiresAt: now + 7 * 86_400_000,
    ...overrides,
  };
  return reserveExportJob((await env()).DB, job);
}

async function jobRow(jobId: string) {
  return (await env()).DB.prepare("SELECT status, attempts, row_count, error_code, refunded_count FROM export_jobs WHERE id = ?")
    .bind(jobId)
    .first<{ status: string; attempts: number; row_count: number | null; error_code: string | null; refunded_count: number }>();
}

async function filesOf(jobId: string) {
  const listed = await (await env()).EXPORTS.list({ prefix: `exports/${jobId}` });
  return listed.objects.map((o) => o.key);
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 45_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe("at-least-once delivery", () => {
  it("a message delivered twice gives one file, one debit and one DONE", async () => {
    const user = await createTestUser(harness, { quota: 100 });
    const response = await postExport(harness, user, { serializedSearch: vad(), count: 12 });
    const { jobId } = (await response.json()) as { jobId: string };
    await (await env()).EXPORT_QUEUE.send({ jobId });
    expect(await settledJob(harness, user, jobId)).toMatchObject({ status: "DONE", rowCount: 12 });
    expect(await filesOf(jobId)).toEqual([exportFileKey(jobId)]);
    expect(await recordsLeftOf(harness, user)).toBe(88);
  });

  it("two concurrent deliveries of one job: one writes and settles it, the other backs off", async () => {
    const user = await createTestUser(harness, { quota: 50 });
    const job = await reservedJob(user, { count: 9 });
    const { DB, EXPORTS } = await env();
    const context = { db: DB, exports: EXPORTS, backend: async () => backend };
    const outcomes = await Promise.all([processJob(context, job.id), processJob(context, job.id)]);
    expect(outcomes.sort()).toEqual(["busy", "done"]);
    expect(await processJob(context, job.id)).toBe("settled");
    expect(await jobRow(job.id)).toMatchObject({ status: "DONE", row_count: 9, attempts: 1, refunded_count: 0 });
    expect(await filesOf(job.id)).toEqual([exportFileKey(job.id)]);
    expect(await recordsLeftOf(harness, user)).toBe(41);
  });
});

describe("failures", () => {
  it("a poison message is retried, dead-lettered and the job failed with a refund", async () => {
    const user = await createTestUser(harness, { quota: 30 });
    const job = await reservedJob(user, { count: 20 });
    expect(await recordsLeftOf(harness, user)).toBe(10);
    const { DB, EXPORT_QUEUE } = await env();
    await DB.prepare("UPDATE export_jobs SET id_numbers_json = 'inte json' WHERE id = ?").bind(job.id).run();
    await EXPORT_QUEUE.send({ jobId: job.id });
    const row = await waitFor(
      () => jobRow(job.id),
      (r) => r?.status === "ERROR",
    );
    expect(row).toMatchObject({ status: "ERROR", error_code: "EXPORT_RETRIES_EXHAUSTED", attempts: 4, refunded_count: 20 });
    expect(await recordsLeftOf(harness, user)).toBe(30);
    expect(await filesOf(job.id)).toEqual([]);
    expect((await authedFetch(harness, user.cookie, `/sapi/extraction/${job.id}/file`)).status).toBe(409);
  });

  it("a multipart upload of several parts (one reused part buffer) reads back byte for byte", async () => {
    const { EXPORTS } = await env();
    const key = `exports/parts-${crypto.randomUUID()}.bin`;
    const chunk = (i: number) => Uint8Array.from({ length: 1_000_003 }, (_, k) => (k * 31 + i * 7) & 255);
    async function* chunks() {
      for (let i = 0; i < 13; i++) yield chunk(i); // 13 MB: parts of 5 MiB, 5 MiB and the rest
    }
    const result = await uploadMultipart(EXPORTS, key, chunks());
    expect(result.parts).toBe(3);
    const stored = new Uint8Array(await (await EXPORTS.get(key))!.arrayBuffer());
    const expected = new Uint8Array(13 * 1_000_003);
    for (let i = 0; i < 13; i++) expected.set(chunk(i), i * 1_000_003);
    expect(stored.length).toBe(expected.length);
    expect(Buffer.compare(stored, expected)).toBe(0);
    await EXPORTS.delete(key);
  });

  it("an aborted multipart upload leaves neither the object nor its parts", async () => {
    const { EXPORTS } = await env();
    const key = `exports/aborted-${crypto.randomUUID()}.xlsx`;
    let uploadId = "";
    const observed = {
      createMultipartUpload: async (k: string, options?: R2MultipartOptions) => {
        const upload = await EXPORTS.createMultipartUpload(k, options);
        uploadId = upload.uploadId;
        return upload;
      },
    } as unknown as R2Bucket;
    async function* failing() {
      yield new Uint8Array(6 * 1024 * 1024).fill(7); // one full 5 MiB part goes up first
      throw new Error("backend gone");
    }
    await expect(uploadMultipart(observed, key, failing())).rejects.toThrow("backend gone");
    expect(uploadId).not.toBe("");
    expect(await EXPORTS.head(key)).toBeNull();
    await expect(EXPORTS.resumeMultipartUpload(key, uploadId).uploadPart(2, new Uint8Array(10))).rejects.toThrow();
  });
});

describe("list files", () => {
  it("exports only the companies of an included list file, frozen with the job", async () => {
    const user = await createTestUser(harness, { quota: 100 });
    const top: CompanyRecord[] = [];
    for await (const chunk of backend.readExportRows(parseSearch({}), { count: 30 })) top.push(...(chunk as CompanyRecord[]));
    const listed = [top[2]!, top[11]!, top[25]!];
    const boundary = `----urval${crypto.randomUUID()}`;
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="listFile"; filename="kunder.txt"\r\nContent-Type: text/plain\r\n\r\n${listed.map((r) => r.orgNo).join("\r\n")}\r\n--${boundary}--\r\n`;
    const uploaded = await authedFetch(harness, user.cookie, "/sapi/list-file/add/5", {
      method: "POST",
      body,
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
    });
    const [file] = ListFileListSchema.parse(await uploaded.json());
    const search = { numeric: { seqNo: 5 }, numSet: { includeFile: [file!.id] } };
    const response = await postExport(harness, user, { serializedSearch: vad(search), count: 3 });
    expect(response.status).toBe(202);
    const { jobId } = (await response.json()) as { jobId: string };
    const snapshot = await (await env()).EXPORTS.get(`exports/${jobId}.list-files.json`);
    expect(snapshot).not.toBeNull();
    expect(await settledJob(harness, user, jobId)).toMatchObject({ status: "DONE", rowCount: 3 });
    const xlsx = await (await authedFetch(harness, user.cookie, `/sapi/extraction/${jobId}/file`)).arrayBuffer();
    const sheet = XLSX.read(new Uint8Array(xlsx), { type: "array" }).Sheets["Företag"]!;
    const orgNos = XLSX.utils.sheet_to_json<Record<string, string>>(sheet).map((row) => row["Organisationsnummer"]);
    expect(orgNos).toEqual(listed.map((r) => r.orgNo));
  });
});

describe("scheduled cleanup", () => {
  it("expires files and jobs after their time and fails abandoned jobs with a refund, leaving live ones alone", async () => {
    const user = await createTestUser(harness, { quota: 100 });
    const response = await postExport(harness, user, { serializedSearch: vad(), count: 4 });
    const { jobId: expiring } = (await response.json()) as { jobId: string };
    await settledJob(harness, user, expiring);
    const { DB } = await env();
    await DB.prepare("UPDATE export_jobs SET expires_at = ? WHERE id = ?")
      .bind(Date.now() - 1, expiring)
      .run();
    const abandoned = await reservedJob(user, { count: 6, createdAt: Date.now() - 2 * 3_600_000 });
    const live = await reservedJob(user, { count: 7 });
    await DB.prepare("UPDATE export_jobs SET status = 'RUNNING', lease_token = 'x', lease_until = ? WHERE id = ?")
      .bind(Date.now() + 600_000, live.id)
      .run();
    expect(await recordsLeftOf(harness, user)).toBe(100 - 4 - 6 - 7);

    await harness.server.getWorker("urval-export").scheduled({ cron: "* * * * *", scheduledTime: new Date() });

    expect(await jobRow(expiring)).toBeNull();
    expect(await filesOf(expiring)).toEqual([]);
    expect(await jobRow(abandoned.id)).toMatchObject({ status: "ERROR", error_code: "EXPORT_ABANDONED" });
    expect(await jobRow(live.id)).toMatchObject({ status: "RUNNING" });
    expect(await recordsLeftOf(harness, user)).toBe(100 - 4 - 7);
    expect((await authedFetch(harness, user.cookie, `/sapi/extraction/${expiring}`)).status).toBe(404);
  });
});
