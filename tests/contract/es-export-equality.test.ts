/**
 * Exports read from the cluster (issue 23, point 6): on a generated Sweden of 100 000 companies (fixed seed) indexed
 * into both backends, the export worker's own file writer (writeExportFile, into the local R2 of the embedded state)
 * makes the same export from each: the rows it is given are equal row for row and in order, and the files are equal
 * byte for byte. The Elasticsearch rows come from a point in time with search_after on the real cluster of the test run.
 * The slowest contract file (the two indexings and four 100 000-row reads): its phases are logged with their times.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateDataset } from "#scripts/data/generate";
import { readCompanies, readWorksites } from "#scripts/reindex/source-reader";
import type { ExportChunk, SearchBackend } from "#search-index/backend";
import { ElasticsearchBackend } from "#search-index/elasticsearch/es-backend";
import { reindexIntoElasticsearch } from "#search-index/indexing/elasticsearch/es-reindex";
import { writeExportFile } from "#export/jobs/export-file";
import { COMPANY_CATALOGUE, standardColumnSpecs, type ColumnSpec } from "#shared/api-contracts/export-columns";
import type { ExportJobRow } from "#shared/export-job";
import { parseSearch, validateSearch } from "#search-index/search-model";
import { SearchSchema, type SearchInput } from "#shared/search/search-schema";
import { deserializeSearchOrThrow, serializeSearch } from "#shared/search/search-serialize";
import { type EmbeddedIndex, indexEmbedded } from "./support/embedded-fixture";
import { clusterClient, dropIndices } from "./support/es-cluster-helpers";

const PREFIX = "urval_export_";
const COMPANIES = 100_000;
const ROWS = 100_000;
const root = mkdtempSync(path.join(tmpdir(), "urval-export-equality-"));
const es = clusterClient(PREFIX);
let embedded: EmbeddedIndex | undefined;
let backends: { embedded: SearchBackend; elasticsearch: SearchBackend };

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** Runs `step`, logging how long it took. */
async function timed<T>(what: string, step: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await step();
  console.log(`[export equality] ${what}: ${seconds(started)}`);
  return result;
}

beforeAll(async () => {
  const sourceDir = path.join(root, "source");
  const stateDir = path.join(root, "state");
  await timed(`generate ${COMPANIES} companies`, () => generateDataset({ companies: COMPANIES, seed: 20_231, outDir: sourceDir }));
  embedded = await timed("index into the embedded backend", () => indexEmbedded(sourceDir, stateDir));
  await dropIndices(PREFIX);
  const source = { companies: () => readCompanies(sourceDir), worksites: () => readWorksites(sourceDir) };
  await timed("index into the cluster", () => reindexIntoElasticsearch(es.client, source, () => {}, es.names));
  backends = { embedded: embedded.backend, elasticsearch: new ElasticsearchBackend(es.client, es.names) };
}, 600_000);
afterAll(async () => {
  await embedded?.close();
  await dropIndices(PREFIX);
  await es.client.close();
  rmSync(root, { recursive: true, force: true });
});

/** A row as JSON with its keys sorted (the backends build their objects in different key orders). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
  );
}

/** `backend` whose export rows are fingerprinted as the writer reads them (one hash per row; 100 000 rows do not fit twice). */
function fingerprinted(backend: SearchBackend, hashes: string[]): SearchBackend {
  return {
    search: (search, options) => backend.search(search, options),
    getEntity: (id, type) => backend.getEntity(id, type),
    readExportIds: (search, options) => backend.readExportIds(search, options),
    suggestRecords: (search, limit) => backend.suggestRecords(search, limit),
    resolveOrgNumbers: (orgNos) => backend.resolveOrgNumbers(orgNos),
    info: () => backend.info(),
    async *readExportRows(search, options): AsyncIterable<ExportChunk> {
      for await (const chunk of backend.readExportRows(search, options)) {
        for (const row of chunk) hashes.push(createHash("sha1").update(canonical(row)).digest("hex"));
        yield chunk;
      }
    },
  };
}

function exportJob(id: string, input: SearchInput, format: "xlsx" | "csv", columns: ColumnSpec[]): ExportJobRow {
  const search = SearchSchema.parse(input);
  const created = Date.UTC(2026, 10, 20, 8, 30);
  return {
    ...{ id, user_id: "u-export", request_hash: id, status: "RUNNING", result_type: search.resultType, exclude: 0, id_numbers_json: "[]" },
    ...{ serialized_search: serializeSearch(search), list_files_key: null, reserved_count: ROWS, refunded_count: 0, row_count: null },
    ...{ file_name: `urval.${format}`, r2_key: null, file_size: null, attempts: 1, lease_token: null, lease_until: null, error_code: null },
    ...{ created_at: created, finished_at: null, expires_at: created + 86_400_000, format, columns_json: JSON.stringify(columns) },
    ...{ charged_count: null, ids_key: null, rows_written: 0, heartbeat_at: null },
  };
}

/** The export written from one backend: its rows' fingerprints and the file's bytes. */
async function exportFrom(name: keyof typeof backends, job: ExportJobRow) {
  const hashes: string[] = [];
  const loader = (embedded as EmbeddedIndex).loader;
  const bucket = (await loader.bindings()).SEARCH_INDEX;
  const file = await timed(`${job.id} from ${name}`, () =>
    writeExportFile(bucket, { ...job, id: `${job.id}-${name}` }, fingerprinted(backends[name], hashes)),
  );
  const bytes = new Uint8Array((await loader.getObject(file.r2Key)) ?? new ArrayBuffer(0));
  return { hashes, rowCount: file.rowCount, bytes, sha256: createHash("sha256").update(bytes).digest("hex") };
}

/** The first row where the backends differ, both versions, for the failure message. */
async function firstDifference(job: ExportJobRow, embedded: string[], cluster: string[]) {
  const at = embedded.findIndex((hash, i) => hash !== cluster[i]);
  if (at < 0) return null;
  const search = validateSearch(deserializeSearchOrThrow(job.serialized_search));
  const rowAt = async (backend: SearchBackend) => {
    const rows: unknown[] = [];
    for await (const chunk of backend.readExportRows(search, { count: at + 1, withDetails: true })) rows.push(...chunk);
    return rows[at];
  };
  const [a, b] = [await rowAt(backends.embedded), await rowAt(backends.elasticsearch)];
  return { at, equal: isDeepStrictEqual(a, b), embedded: canonical(a), elasticsearch: canonical(b) };
}

/** The exports made from both backends: a company XLSX with every column (details too), a worksite CSV in random order. */
const EXPORTS: [string, SearchInput, "xlsx" | "csv", ColumnSpec[]][] = [
  [
    "companies-all-columns",
    { sort: [{ field: "turnover", ascending: false }] },
    "xlsx",
    Object.keys(COMPANY_CATALOGUE).map((id) => ({ id })),
  ],
  [
    "worksites-random-csv",
    { resultType: "WORKSITE", sort: [{ field: "random", ascending: true }] },
    "csv",
    standardColumnSpecs("WORKSITE"),
  ],
];

describe("exports of 100 000 rows read from the cluster equal the embedded backend's", () => {
  it.each(EXPORTS)(
    "%s: the same rows in the same order, and the same file",
    async (id, input, format, columns) => {
      const job = exportJob(id, input, format, columns);
      const embedded = await exportFrom("embedded", job);
      const cluster = await exportFrom("elasticsearch", job);
      console.log(`[export equality] ${id}: ${cluster.hashes.length} rows compared, ${cluster.bytes.length} bytes of ${format}`);
      expect(embedded.rowCount).toBe(ROWS);
      expect(cluster.rowCount).toBe(ROWS);
      expect(cluster.hashes).toHaveLength(ROWS);
      expect(await firstDifference(job, embedded.hashes, cluster.hashes)).toBeNull();
      expect(cluster.bytes.length).toBe(embedded.bytes.length);
      expect(cluster.sha256).toBe(embedded.sha256);
    },
    600_000,
  );

  it("the ids an export reserves (readExportIds), marked rows left out, are the same", async () => {
    const search = parseSearch({ codeSet: { location: ["01", "14"] }, sort: [{ field: "createdDate", ascending: true }] });
    const all = await backends.embedded.readExportIds(search, { count: ROWS });
    expect(all.length).toBeGreaterThan(20_000);
    const options = { count: ROWS, idNumbers: all.filter((_, i) => i % 7 === 0), exclude: true };
    const [embedded, cluster] = await Promise.all([
      timed("ids from embedded", () => backends.embedded.readExportIds(search, options)),
      timed("ids from elasticsearch", () => backends.elasticsearch.readExportIds(search, options)),
    ]);
    expect(cluster).toHaveLength(all.length - options.idNumbers.length);
    expect(cluster).toEqual(embedded);
  }, 300_000);
});
