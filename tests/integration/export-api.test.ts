/**
 * Exports through the API and the queue (issue 9): quota reservation under concurrency, idempotent replays,
 * validation of the count, owner-only access, and the produced file read back by an independent XLSX reader
 * (@e965/xlsx) and compared cell by cell with the records the backend gives for the same search.
 */
import * as XLSX from "@e965/xlsx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmbeddedBackend, parseSearch } from "#search-index/engine";
import { expectedCompanyRow, expectedWorksiteRow } from "../support/xlsx/expected-rows";
import { ExtractionJobSchema } from "#shared/api-contracts/extraction";
import { ErrorBodySchema } from "#shared/errors";
import type { CompanyRecord, WorksiteRecord } from "#shared/search/result-schemas";
import type { SearchInput } from "#shared/search/search-schema";
import { FORMULA_NAME, postExport, recordsLeftOf, seedExportRegister, settledJob, SWEDISH_NAME, vad } from "./support/export-support";
import { authedFetch, createTestUser } from "../support/factories";
import { createUrvalHarness } from "../support/worker-harness";

const harness = createUrvalHarness();
let backend: EmbeddedBackend;

beforeAll(async () => {
  await harness.start();
  backend = await seedExportRegister(harness, 120);
}, 180_000);
afterAll(() => harness.server.close());

async function accepted(response: Awaited<ReturnType<typeof postExport>>) {
  expect(response.status).toBe(202);
  return ExtractionJobSchema.parse(await response.json());
}

async function rowsOfFile(bytes: ArrayBuffer, sheet: string) {
  const workbook = XLSX.read(new Uint8Array(bytes), { type: "array", cellNF: true, cellStyles: true, cellDates: false });
  expect(workbook.SheetNames).toEqual([sheet, "Om urvalet"]);
  return XLSX.utils.sheet_to_json<Record<string, unknown>>(workbook.Sheets[sheet]!, { raw: true, UTC: true });
}

async function backendRows<R>(input: SearchInput, options: { count: number; idNumbers?: (string | number)[]; exclude?: boolean }) {
  const rows: R[] = [];
  for await (const chunk of backend.readExportRows(parseSearch(input), options)) rows.push(...(chunk as R[]));
  return rows;
}

describe("export request and file", () => {
  it("exports the first rows in sort order as a real workbook, cell by cell, formula names neutralised", async () => {
    const user = await createTestUser(harness, { quota: 1000 });
    const job = await accepted(await postExport(harness, user, { serializedSearch: vad(), count: 60 }));
    expect(job).toMatchObject({ status: expect.stringMatching(/^(READY|RUNNING|DONE)$/), count: 60 });
    expect(job.fileName).toMatch(/^urval-foretag-\d{8}-\d{4}\.xlsx$/);
    expect(await settledJob(harness, user, job.jobId)).toMatchObject({ status: "DONE", rowCount: 60 });
    expect(await recordsLeftOf(harness, user)).toBe(940);

    const response = await authedFetch(harness, user.cookie, `/sapi/extraction/${job.jobId}/file`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(response.headers.get("Content-Disposition")).toContain(`filename="${job.fileName}"`);
    const rows = await rowsOfFile(await response.arrayBuffer(), "Företag");
    const records = await backendRows<CompanyRecord>({}, { count: 60 });
    expect(rows).toHaveLength(60);
    rows.forEach((row, i) => expect(row).toEqual(expectedCompanyRow(records[i]!)));
    expect(rows[0]!["Företagsnamn"]).toBe(`'${FORMULA_NAME}`);
    expect(rows[1]!["Företagsnamn"]).toBe(SWEDISH_NAME);
  });

  it("exports only the marked worksites when they are included, in sort order", async () => {
    const user = await createTestUser(harness, { quota: 50 });
    const search = { resultType: "WORKSITE" as const };
    const all = await backendRows<WorksiteRecord>(search, { count: 40 });
    const marked = [all[3]!.cfarNo, all[17]!.cfarNo, all[30]!.cfarNo];
    const job = await accepted(await postExport(harness, user, { serializedSearch: vad(search), count: 3, idNumbers: marked }));
    expect(await settledJob(harness, user, job.jobId)).toMatchObject({ status: "DONE", rowCount: 3 });
    const file = await authedFetch(harness, user.cookie, `/sapi/extraction/${job.jobId}/file`);
    const rows = await rowsOfFile(await file.arrayBuffer(), "Arbetsställen");
    expect(rows).toEqual([all[3], all[17], all[30]].map((r) => expectedWorksiteRow(r!)));
  });

  it("exports an excluding search without the excluded, and says the exclusion on 'Om urvalet' (issue 46)", async () => {
    const user = await createTestUser(harness, { quota: 100 });
    const [first] = await backendRows<CompanyRecord>({}, { count: 1 });
    const excluded = first!.sniCodes[0]!;
    const search: SearchInput = { excludeCodeSet: { sni: [excluded] } };
    const job = await accepted(await postExport(harness, user, { serializedSearch: vad(search), count: 20 }));
    expect(await settledJob(harness, user, job.jobId)).toMatchObject({ status: "DONE", rowCount: 20 });
    const file = await authedFetch(harness, user.cookie, `/sapi/extraction/${job.jobId}/file`);
    const bytes = await file.arrayBuffer();
    const rows = await rowsOfFile(bytes, "Företag");
    const records = await backendRows<CompanyRecord>(search, { count: 20 });
    expect(records.some((r) => r.orgSeqNo === first!.orgSeqNo)).toBe(false);
    rows.forEach((row, i) => expect(row).toEqual(expectedCompanyRow(records[i]!)));
    const about = XLSX.read(new Uint8Array(bytes), { type: "array" }).Sheets["Om urvalet"]!;
    const lines = XLSX.utils.sheet_to_json<unknown[]>(about, { header: 1 });
    expect(lines.find((line) => line[0] === "Bransch utom")?.[1]).toContain(excluded.slice(0, 2));
  });

  it("refuses a count outside 1..max with a Swedish user message and debits nothing", async () => {
    const user = await createTestUser(harness, { quota: 25 });
    for (const count of [0, 26, "tre"]) {
      const response = await postExport(harness, user, { serializedSearch: vad(), count });
      expect(response.status).toBe(400);
      const body = ErrorBodySchema.parse(await response.json());
      expect(["USER_MESSAGE", "VALIDATION"]).toContain(body.type);
    }
    const tooMany = ErrorBodySchema.parse(await (await postExport(harness, user, { serializedSearch: vad(), count: 26 })).json());
    expect(tooMany).toMatchObject({ type: "USER_MESSAGE", code: "EXPORT_COUNT_OUT_OF_RANGE", message: "Ange ett antal mellan 1 och 25." });
    const marked = ErrorBodySchema.parse(
      await (await postExport(harness, user, { serializedSearch: vad(), count: 3, idNumbers: [1, 2] })).json(),
    );
    expect(marked).toMatchObject({ code: "EXPORT_COUNT_OUT_OF_RANGE", message: "Ange ett antal mellan 1 och 2." });
    expect(await recordsLeftOf(harness, user)).toBe(25);
  });
  it("takes plain decimal counts only: '1e3', '0x10', '1.0', ' 12', '+5' and the like are VALIDATION on count", async () => {
    const user = await createTestUser(harness, { quota: 1000 });
    for (const count of ["1e3", "0x10", "1.0", " 12", "+5", "12 ", "1_000", "", "0b11", "Infinity", "١٢"]) {
      const response = await postExport(harness, user, { serializedSearch: vad(), count });
      expect(response.status, JSON.stringify(count)).toBe(400);
      expect(ErrorBodySchema.parse(await response.json()), JSON.stringify(count)).toMatchObject({
        type: "VALIDATION",
        issues: [{ path: "count", message: "Ange ett heltal" }],
      });
    }
    expect(await recordsLeftOf(harness, user)).toBe(1000);
    const job = await accepted(await postExport(harness, user, { serializedSearch: vad(), count: "012" }));
    expect(job.count).toBe(12);
  });
});

describe("quota and idempotency", () => {
  it("accepts exactly 10 of 50 concurrent requests for different companies against a quota of 10, never going negative", async () => {
    const user = await createTestUser(harness, { quota: 10 });
    // Each request marks another company: one already paid in the period would be free (issue 17, export-ledger.test.ts).
    const ids = await backend.readExportIds(parseSearch({}), { count: 50 });
    const responses = await Promise.all(ids.map((id) => postExport(harness, user, { serializedSearch: vad(), count: 1, idNumbers: [id] })));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 202)).toHaveLength(10);
    expect(statuses.filter((s) => s === 400)).toHaveLength(40);
    for (const response of responses.filter((r) => r.status === 400)) {
      const body = ErrorBodySchema.parse(await response.json());
      expect(["EXPORT_QUOTA_EXCEEDED", "EXPORT_QUOTA_EMPTY"]).toContain(body.code);
    }
    expect(await recordsLeftOf(harness, user)).toBe(0);
    const env = await harness.api().getEnv();
    const jobs = await env.DB.prepare("SELECT COUNT(*) AS n FROM export_jobs WHERE user_id = ?").bind(user.userId).first<{ n: number }>();
    expect(jobs?.n).toBe(10);
  });

  it("answers 20 replays of one idempotency key with one job and one debit", async () => {
    const user = await createTestUser(harness, { quota: 100 });
    const key = `replay-${crypto.randomUUID()}`;
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => postExport(harness, user, { serializedSearch: vad(), count: 7, key })),
    );
    const jobs = await Promise.all(responses.map(accepted));
    expect(new Set(jobs.map((j) => j.jobId)).size).toBe(1);
    expect(await recordsLeftOf(harness, user)).toBe(93);
    const reused = await postExport(harness, user, { serializedSearch: vad(), count: 8, key });
    expect(reused.status).toBe(409);
    expect(ErrorBodySchema.parse(await reused.json())).toMatchObject({ type: "USER_MESSAGE", code: "IDEMPOTENCY_KEY_REUSED" });
    expect(await settledJob(harness, user, jobs[0]!.jobId)).toMatchObject({ status: "DONE", rowCount: 7 });
    expect(await recordsLeftOf(harness, user)).toBe(93);
  });

  it("shows a job and its file to their owner only", async () => {
    const [owner, other] = await Promise.all([createTestUser(harness), createTestUser(harness)]);
    const job = await accepted(await postExport(harness, owner, { serializedSearch: vad(), count: 2 }));
    await settledJob(harness, owner, job.jobId);
    for (const path of [`/sapi/extraction/${job.jobId}`, `/sapi/extraction/${job.jobId}/file`]) {
      const response = await authedFetch(harness, other.cookie, path);
      expect(response.status).toBe(404);
      expect(ErrorBodySchema.parse(await response.json())).toMatchObject({ type: "NOT_FOUND", code: "EXPORT_NOT_FOUND" });
      expect((await authedFetch(harness, "", path)).status).toBe(401);
    }
  });
});
