/**
 * The paid-record ledger in the Workers runtime (issue 17): records already exported in the subscription period are
 * free; the popup's preview gives N, M and the maximum; 50 concurrent exports of overlapping selections against a
 * small quota never overspend and never charge a company twice (the ledger checked against the files, read back by an
 * independent XLSX reader); a refunded job takes its records out of the ledger. Real D1, R2 and Queues throughout.
 */
import * as XLSX from "@e965/xlsx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmbeddedBackend, parseSearch } from "#search-index/engine";
import { reserveExportJob } from "#api/exports/export-job-store";
import { failAbandonedJob } from "#export/jobs/job-store";
import { ExtractionJobSchema, ExtractionPreviewSchema, type ExtractionJob } from "#shared/api-contracts/extraction";
import { ErrorBodySchema } from "#shared/errors";
import { exportIdsKey } from "#shared/export-job";
import type { SearchInput } from "#shared/search/search-schema";
import { postExport, recordsLeftOf, seedExportRegister, settledJob, vad } from "./support/export-support";
import { authedFetch, createTestUser, type TestUser } from "../support/factories";
import { createUrvalHarness } from "../support/worker-harness";

const harness = createUrvalHarness();
let backend: EmbeddedBackend;

beforeAll(async () => {
  await harness.start();
  backend = await seedExportRegister(harness, 80);
}, 180_000);
afterAll(() => harness.server.close());

const env = async () => harness.api().getEnv();

async function preview(user: TestUser, search: SearchInput = {}, selection = { exclude: false, idNumbers: [] as number[] }) {
  const query = new URLSearchParams({ serializedSearch: vad(search) });
  const response = await authedFetch(harness, user.cookie, `/sapi/extraction/preview?${query}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(selection),
  });
  expect(response.status).toBe(200);
  return ExtractionPreviewSchema.parse(await response.json());
}

async function done(user: TestUser, search: SearchInput, count: number): Promise<ExtractionJob> {
  const response = await postExport(harness, user, { serializedSearch: vad(search), count });
  expect(response.status).toBe(202);
  const job = ExtractionJobSchema.parse(await response.json());
  return settledJob(harness, user, job.jobId);
}

/** The Löpnummer (orgSeqNo) column of a company file, read back with @e965/xlsx. */
async function idsInFile(user: TestUser, jobId: string): Promise<number[]> {
  const response = await authedFetch(harness, user.cookie, `/sapi/extraction/${jobId}/file`);
  expect(response.status).toBe(200);
  const workbook = XLSX.read(new Uint8Array(await response.arrayBuffer()), { type: "array" });
  return XLSX.utils.sheet_to_json<Record<string, unknown>>(workbook.Sheets["Företag"]!).map((row) => Number(row["Löpnummer"]));
}

async function ledgerOf(user: TestUser): Promise<number[]> {
  const { results } = await (
    await env()
  ).DB.prepare("SELECT record_id FROM export_ledger WHERE user_id = ? ORDER BY record_id")
    .bind(user.userId)
    .all<{ record_id: number }>();
  return results.map((r) => r.record_id);
}

async function topIds(search: SearchInput, count: number): Promise<number[]> {
  return backend.readExportIds(parseSearch(search), { count });
}

describe("records already paid in the period", () => {
  it("are free: the preview counts them, the maximum adds them, and a second export charges only the new ones", async () => {
    const user = await createTestUser(harness, { quota: 20 });
    expect(await preview(user)).toEqual({ resultType: "COMPANY", selectionCount: 80, alreadyPaid: 0, recordsLeft: 20, maxCount: 20 });

    const first = await done(user, {}, 10);
    expect(first).toMatchObject({ status: "DONE", rowCount: 10, chargedCount: 10 });
    expect(await recordsLeftOf(harness, user)).toBe(10);
    expect(await preview(user)).toEqual({ resultType: "COMPANY", selectionCount: 80, alreadyPaid: 10, recordsLeft: 10, maxCount: 20 });

    const second = await done(user, {}, 15);
    expect(second).toMatchObject({ status: "DONE", rowCount: 15, chargedCount: 5 });
    expect(await recordsLeftOf(harness, user)).toBe(5);
    expect(await idsInFile(user, second.jobId)).toEqual(await topIds({}, 15));
    expect(await ledgerOf(user)).toEqual([...(await topIds({}, 15))].sort((a, b) => a - b));

    // Another sort order of the same register: the 15 paid ones it holds are free wherever they come.
    const byName: SearchInput = { sort: [{ field: "name", ascending: true }] };
    const named = await topIds(byName, 80);
    const paid = new Set(await ledgerOf(user));
    const free = named.filter((id) => paid.has(id)).length;
    const reach = named.findIndex((_, i) => named.slice(0, i + 1).filter((id) => !paid.has(id)).length > 5);
    expect(await preview(user, byName)).toMatchObject({ alreadyPaid: free, recordsLeft: 5, maxCount: reach === -1 ? 80 : reach });

    const tooMany = await postExport(harness, user, { serializedSearch: vad({}), count: 21 });
    expect(ErrorBodySchema.parse(await tooMany.json())).toMatchObject({
      code: "EXPORT_COUNT_OUT_OF_RANGE",
      message: "Ange ett antal mellan 1 och 20.",
    });
    expect(await recordsLeftOf(harness, user)).toBe(5);
  });

  it("counts the marked rows' paid ones when marked rows are included or excluded", async () => {
    const user = await createTestUser(harness, { quota: 100 });
    await done(user, {}, 4);
    const top = await topIds({}, 10);
    expect(await preview(user, {}, { exclude: false, idNumbers: [top[0]!, top[5]!, top[9]!] })).toMatchObject({
      selectionCount: 3,
      alreadyPaid: 1,
      maxCount: 3,
    });
    expect(await preview(user, {}, { exclude: true, idNumbers: [top[0]!, top[1]!] })).toMatchObject({ selectionCount: 78, alreadyPaid: 2 });
  });
});

describe("50 concurrent exports of overlapping selections", () => {
  it("never overspend a small quota and never charge one company twice (ledger = files)", async () => {
    const user = await createTestUser(harness, { quota: 30 });
    const sorts = ["turnover", "name", "numEmployees", "createdDate", "earnings"];
    const calls = Array.from({ length: 50 }, (_, i) => ({
      search: { sort: [{ field: sorts[i % sorts.length]!, ascending: i % 2 === 0 }] } as SearchInput,
      count: 3 + (i % 9),
    }));
    const responses = await Promise.all(
      calls.map((call) => postExport(harness, user, { serializedSearch: vad(call.search), count: call.count })),
    );
    const accepted: ExtractionJob[] = [];
    for (const response of responses) {
      if (response.status === 202) accepted.push(ExtractionJobSchema.parse(await response.json()));
      else {
        expect(response.status).toBe(400);
        expect(["EXPORT_QUOTA_EXCEEDED", "EXPORT_COUNT_OUT_OF_RANGE", "EXPORT_QUOTA_EMPTY"]).toContain(
          ErrorBodySchema.parse(await response.json()).code,
        );
      }
    }
    expect(accepted.length).toBeGreaterThan(0);
    expect(accepted.length).toBeLessThan(50);
    const settled = await Promise.all(accepted.map((job) => settledJob(harness, user, job.jobId, 120_000)));
    expect(settled.every((job) => job.status === "DONE")).toBe(true);

    const left = await recordsLeftOf(harness, user);
    expect(left).toBeGreaterThanOrEqual(0);
    const ledger = await ledgerOf(user);
    const inFiles = new Set<number>();
    for (const job of settled) for (const id of await idsInFile(user, job.jobId)) inFiles.add(id);
    expect(ledger).toEqual([...inFiles].sort((a, b) => a - b));
    expect(30 - left).toBe(ledger.length);
    expect(settled.reduce((sum, job) => sum + job.chargedCount, 0)).toBe(ledger.length);
    expect(settled.reduce((sum, job) => sum + (job.rowCount ?? 0), 0)).toBeGreaterThan(ledger.length);
  }, 240_000);
});

describe("refunds", () => {
  it("take a failed job's records out of the ledger, so the next export charges them again", async () => {
    const user = await createTestUser(harness, { quota: 10 });
    const { DB, EXPORTS } = await env();
    const ids = await topIds({}, 6);
    const now = Date.now();
    const job = {
      id: crypto.randomUUID(),
      userId: user.userId,
      idempotencyKey: `ledger-${crypto.randomUUID()}`,
      requestHash: "test",
      resultType: "COMPANY" as const,
      serializedSearch: vad(),
      exclude: false,
      idNumbers: [],
      listFilesKey: null,
      count: 6,
      fileName: "urval-foretag-20261121-1200.xlsx",
      createdAt: now,
      expiresAt: now + 86_400_000,
    };
    await EXPORTS.put(exportIdsKey(job.id), JSON.stringify(ids));
    const stored = await reserveExportJob(DB, { ...job, ledger: { ids, idsKey: exportIdsKey(job.id) } });
    expect(stored).toMatchObject({ charged_count: 6, reserved_count: 6 });
    expect(await recordsLeftOf(harness, user)).toBe(4);
    expect(await ledgerOf(user)).toHaveLength(6);

    expect(await failAbandonedJob(DB, job.id, "TEST_FAILURE", Date.now())).toBe(true);
    expect(await failAbandonedJob(DB, job.id, "TEST_FAILURE", Date.now())).toBe(false);
    expect(await recordsLeftOf(harness, user)).toBe(10);
    expect(await ledgerOf(user)).toEqual([]);

    expect(await done(user, {}, 6)).toMatchObject({ status: "DONE", chargedCount: 6 });
    expect(await recordsLeftOf(harness, user)).toBe(4);
  });
});
