/**
 * "Mina exporter" through the web worker (issue 28): GET /sapi/extraction lists the user's exports of the subscription
 * period, newest first, with the search in one line, charged and free records and whether the file is still kept;
 * never another user's; downloading again costs nothing; an expired file says so in Swedish and charges nothing.
 * Real D1, R2 and Queues.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmbeddedBackend, parseSearch } from "#search-index/engine";
import { ExtractionJobListSchema, ExtractionJobSchema, type ExtractionJob } from "#shared/api-contracts/extraction";
import { ErrorBodySchema } from "#shared/errors";
import type { SearchInput } from "#shared/search/search-schema";
import { postExport, recordsLeftOf, seedExportRegister, settledJob, vad } from "./support/export-support";
import { authedFetch, createTestUser, type TestUser } from "../support/factories";
import { createUrvalHarness } from "../support/worker-harness";

const harness = createUrvalHarness();
let backend: EmbeddedBackend;

beforeAll(async () => {
  await harness.start();
  backend = await seedExportRegister(harness, 40);
}, 180_000);
afterAll(() => harness.server.close());

const db = async () => (await harness.api().getEnv()).DB;

async function done(user: TestUser, search: SearchInput, count: number, idNumbers: number[] = []): Promise<ExtractionJob> {
  const response = await postExport(harness, user, { serializedSearch: vad(search), count, idNumbers });
  expect(response.status).toBe(202);
  return settledJob(harness, user, ExtractionJobSchema.parse(await response.json()).jobId);
}

async function listOf(user: TestUser, query = "") {
  const response = await authedFetch(harness, user.cookie, `/sapi/extraction${query}`);
  expect(response.status).toBe(200);
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  return ExtractionJobListSchema.parse(await response.json()).jobs;
}

describe("Mina exporter", () => {
  it("lists the user's own exports newest first with summary, charged and free records, and never another user's", async () => {
    const user = await createTestUser(harness, { quota: 100 });
    const other = await createTestUser(harness, { quota: 100 });
    const first = await done(user, {}, 5);
    const second = await done(user, {}, 10);
    const theirs = await done(other, { resultType: "WORKSITE" }, 3);

    const jobs = await listOf(user);
    expect(jobs.map((job) => job.jobId)).toEqual([second.jobId, first.jobId]);
    expect(jobs[0]).toMatchObject({
      status: "DONE",
      resultType: "COMPANY",
      summary: "Alla företag",
      count: 10,
      rowCount: 10,
      rowsWritten: 10,
      chargedCount: 5,
      freeCount: 5,
      format: "xlsx",
      downloadable: true,
      expiresAt: second.expiresAt,
    });
    expect(jobs[1]).toMatchObject({ chargedCount: 5, freeCount: 0 });
    expect((await listOf(other)).map((job) => job.jobId)).toEqual([theirs.jobId]);
    expect(await listOf(user, "?limit=1")).toHaveLength(1);
    expect((await authedFetch(harness, user.cookie, "/sapi/extraction?limit=0")).status).toBe(400);

    // Another user's job id: 404 for its status and its file, as before.
    for (const path of [`/sapi/extraction/${theirs.jobId}`, `/sapi/extraction/${theirs.jobId}/file`]) {
      const response = await authedFetch(harness, user.cookie, path);
      expect(response.status).toBe(404);
      expect(ErrorBodySchema.parse(await response.json()).code).toBe("EXPORT_NOT_FOUND");
    }
  });

  it("sums up the search in words and leaves out the exports of an earlier subscription period", async () => {
    const user = await createTestUser(harness, { quota: 100 });
    const old = await done(user, {}, 4);
    const renewed = new Date(Date.now() + 400 * 86_400_000).toISOString();
    await (await db()).prepare("UPDATE users SET subscription_expires_at = ? WHERE id = ?").bind(renewed, user.userId).run();
    const marked = await backend.readExportIds(parseSearch({}), { count: 2 });
    const now = await done(user, { sort: [{ field: "name", ascending: true }] }, 2, marked);
    const jobs = await listOf(user);
    expect(jobs.map((job) => job.jobId)).toEqual([now.jobId]);
    expect(jobs[0]!.summary).toBe("Alla företag · Markerade poster: 2 st inkluderade");
    expect(jobs.map((job) => job.jobId)).not.toContain(old.jobId);
  });

  it("downloads again at no cost; an expired file gives a Swedish message, charges nothing and is not offered", async () => {
    const user = await createTestUser(harness, { quota: 100 });
    const job = await done(user, {}, 6);
    const left = await recordsLeftOf(harness, user);
    for (let i = 0; i < 2; i++) {
      const response = await authedFetch(harness, user.cookie, `/sapi/extraction/${job.jobId}/file`);
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
    expect(await recordsLeftOf(harness, user)).toBe(left);

    await (
      await db()
    )
      .prepare("UPDATE export_jobs SET expires_at = ? WHERE id = ?")
      .bind(Date.now() - 1000, job.jobId)
      .run();
    const response = await authedFetch(harness, user.cookie, `/sapi/extraction/${job.jobId}/file`);
    expect(response.status).toBe(410);
    const body = ErrorBodySchema.parse(await response.json());
    expect(body).toMatchObject({ type: "USER_MESSAGE", code: "EXPORT_EXPIRED" });
    expect(body.message).toMatch(/^Filen har tagits bort: exporterade filer sparas i 7 dagar\./);
    expect(await recordsLeftOf(harness, user)).toBe(left);
    expect((await listOf(user))[0]).toMatchObject({ jobId: job.jobId, downloadable: false });
  });
});
