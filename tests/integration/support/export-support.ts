/**
 * Support for the export integration tests: a small real register (generator → index build → documents in SEARCH_DB,
 * snapshot in the harness's R2, version current, as `npm run reindex` does; the same steps as list-files.test.ts) with
 * hand-picked names, the export calls, and a poll for a job's status.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect } from "vitest";
import { generateDataset } from "#scripts/data/generate";
import { readCompanies, readWorksites } from "#scripts/reindex/source-reader";
import {
  companyDocumentRow,
  type CompanySourceRecord,
  concatSnapshot,
  D1DocumentStore,
  type DocumentRow,
  documentTablesDdl,
  EmbeddedBackend,
  encodeSnapshot,
  flipStatements,
  insertDocumentRows,
  REGISTER_VERSION_SQL,
  snapshotKey,
  worksiteDocumentRow,
} from "#search-index/engine";
import { companyFacts, IndexBuild, worksiteFacts } from "#search-index/indexing";
import { ExtractionJobSchema, IDEMPOTENCY_KEY_HEADER, type ExtractionJob } from "#shared/api-contracts/extraction";
import { SearchSchema, type SearchInput } from "#shared/search/search-schema";
import { serializeSearch } from "#shared/search/search-serialize";
import { authedFetch, type TestUser, type UrvalHarness } from "../../support/factories";

/** Names the tests look for: a formula-looking one and Swedish letters. */
export const FORMULA_NAME = '=HYPERLINK("http://example.invalid","Klicka här") Åäö AB';
export const SWEDISH_NAME = "Ärlighetens Öl & Åkeri i Mölndal AB";

/** Renames the two companies with the highest turnover so they lead the default sort (turnover descending). */
function renameTopCompanies(dir: string): void {
  const file = path.join(dir, "companies.ndjson");
  const companies = readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as CompanySourceRecord);
  const top = [...companies].sort((a, b) => (b.turnover ?? -1) - (a.turnover ?? -1)).slice(0, 2);
  if (top[0]) top[0].name = FORMULA_NAME;
  if (top[1]) top[1].name = SWEDISH_NAME;
  writeFileSync(file, companies.map((c) => JSON.stringify(c)).join("\n") + "\n");
}

async function loadDocuments(harness: UrvalHarness, dir: string, build: IndexBuild, version: number) {
  const env = await harness.api().getEnv();
  const companyRows: DocumentRow[] = [];
  for await (const source of readCompanies(dir)) {
    build.addCompany(companyFacts(source));
    companyRows.push(companyDocumentRow(source));
  }
  const worksiteRows: DocumentRow[] = [];
  for await (const source of readWorksites(dir)) {
    build.addWorksiteColumns(worksiteFacts(source));
    worksiteRows.push(worksiteDocumentRow(source));
  }
  await insertDocumentRows(env.SEARCH_DB, version, companyRows, worksiteRows);
  return { companies: companyRows.length, worksites: worksiteRows.length };
}

/** Builds and publishes the register; returns a backend over the same index and documents, for expected rows. */
export async function seedExportRegister(harness: UrvalHarness, companies: number): Promise<EmbeddedBackend> {
  const dir = mkdtempSync(path.join(tmpdir(), "urval-export-"));
  try {
    await generateDataset({ companies, seed: 2024, outDir: dir });
    renameTopCompanies(dir);
    const env = await harness.api().getEnv();
    const version = 1;
    await env.SEARCH_DB.prepare(REGISTER_VERSION_SQL).bind(version).run();
    for (const ddl of documentTablesDdl(version)) await env.SEARCH_DB.prepare(ddl).run();
    const build = new IndexBuild();
    const counts = await loadDocuments(harness, dir, build, version);
    const index = build.finish(version);
    await env.SEARCH_INDEX.put(snapshotKey(version), concatSnapshot(encodeSnapshot(index)));
    for (const { sql, params } of flipStatements(version, counts))
      await env.SEARCH_DB.prepare(sql)
        .bind(...params)
        .run();
    return new EmbeddedBackend(index, new D1DocumentStore(env.SEARCH_DB, version));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
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
