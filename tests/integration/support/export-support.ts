/**
 * Support for the export integration tests: a small real register (tests/support/seed-index.ts from the generator) with
 * hand-picked names, the export calls, and a poll for a job's status.
 */
import { expect } from "vitest";
import type { CompanySourceRecord, EmbeddedBackend } from "#search-index/engine";
import { ExtractionJobSchema, IDEMPOTENCY_KEY_HEADER, type ExtractionJob } from "#shared/api-contracts/extraction";
import { SearchSchema, type SearchInput } from "#shared/search/search-schema";
import { serializeSearch } from "#shared/search/search-serialize";
import { authedFetch, type TestUser, type UrvalHarness } from "../../support/factories";
import { seedIndex } from "../../support/seed-index";

/** Names the tests look for: a formula-looking one and Swedish letters. */
export const FORMULA_NAME = '=HYPERLINK("http://example.invalid","Klicka här") Åäö AB';
export const SWEDISH_NAME = "Ärlighetens Öl & Åkeri i Mölndal AB";

/** Renames the two companies with the highest turnover so they lead the default sort (turnover descending). */
function renameTopCompanies(companies: CompanySourceRecord[]): void {
  const top = [...companies].sort((a, b) => (b.turnover ?? -1) - (a.turnover ?? -1)).slice(0, 2);
  if (top[0]) top[0].name = FORMULA_NAME;
  if (top[1]) top[1].name = SWEDISH_NAME;
}

/** Builds and publishes the register; returns a backend over the same index and documents, for expected rows. */
export async function seedExportRegister(harness: UrvalHarness, companies: number): Promise<EmbeddedBackend> {
  return (await seedIndex(harness, { source: { generate: companies, seed: 2024 }, tweak: renameTopCompanies })).backend;
}

export const vad = (input: SearchInput = {}) => serializeSearch(SearchSchema.parse(input));

export interface ExportCall {
  serializedSearch: string;
  count: number | string;
  exclude?: boolean;
  idNumbers?: (string | number)[];
  key?: string;
  /** The export designer's choices (issue 17): format, columns, templateId. */
  design?: Record<string, unknown>;
}

export function postExport(harness: UrvalHarness, user: TestUser, call: ExportCall) {
  const query = new URLSearchParams({ serializedSearch: call.serializedSearch, count: String(call.count) });
  return authedFetch(harness, user.cookie, `/sapi/extraction/spreadsheet?${query}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", [IDEMPOTENCY_KEY_HEADER]: call.key ?? `test-${crypto.randomUUID()}` },
    body: JSON.stringify({ exclude: call.exclude ?? false, idNumbers: call.idNumbers ?? [], ...call.design }),
  });
}

/** Polls the job until it is DONE or ERROR. */
export async function settledJob(harness: UrvalHarness, user: TestUser, jobId: string, timeoutMs = 45_000): Promise<ExtractionJob> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await authedFetch(harness, user.cookie, `/sapi/extraction/${jobId}`);
    expect(response.status).toBe(200);
    const job = ExtractionJobSchema.parse(await response.json());
    if (job.status === "DONE" || job.status === "ERROR") return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${job.status}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function recordsLeftOf(harness: UrvalHarness, user: TestUser): Promise<number> {
  const env = await harness.api().getEnv();
  const row = await env.DB.prepare("SELECT extraction_records_left AS n FROM users WHERE id = ?").bind(user.userId).first<{ n: number }>();
  return row?.n ?? Number.NaN;
}
