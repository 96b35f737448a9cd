/** bench:search data: the generated dataset (cached under data/), the embedded index, the SQLite and DuckDB databases. */
import { existsSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { SingleBar } from "cli-progress";
import type Database from "better-sqlite3";
import { type DocumentStore, EmbeddedBackend, encodeSnapshot, type SearchIndex } from "#search-index/engine";
import { companyFacts, IndexBuild, worksiteFacts } from "#search-index/indexing";
import { generateDataset } from "../data/generate";
import { readCompanies, readManifest, readWorksites } from "../reindex/source-reader";
import { DuckLoader, DuckSearch } from "./search-duckdb";
import { LIST_FILE_SIZE } from "./search-queries";
import { BenchRows, SqliteLoader } from "./search-sqlite-schema";

export interface Engines {
  embedded: EmbeddedBackend;
  /** null when SQLite is not among the engines. */
  sqlite: Database.Database | null;
  duckdb: DuckSearch | null;
  listFile: string[];
  stats: {
    companies: number;
    worksites: number;
    /** The dataset's origin as its manifest states it ("synthetic, seed 1"). */
    dataset: string;
    buildSeconds: number;
    indexMb: number;
    /** Postings and dictionary of the free-text word index per field (name, address, people), in MB. */
    wordsMb: Record<"name" | "address" | "people", number>;
    sqliteLoadSeconds: number | null;
    /** Appending and building the words tables; null when the cached file was used (or DuckDB does not run). */
    duckdbLoadSeconds: number | null;
    duckdbMb: number | null;
  };
}

const noDocuments: DocumentStore = {
  companyRecords: async () => [],
  worksiteRecords: async () => [],
  companyDetail: async () => null,
  companyRecordsWithDetail: async () => [],
};

function bar(label: string, total: number) {
  const b = new SingleBar({
    format: `${label} [{bar}] {percentage}% | {value}/{total} | {duration_formatted}`,
    stream: process.stderr,
    noTTYOutput: true,
    notTTYSchedule: 10_000,
  });
  b.start(total, 0);
  return b;
}

/** data/bench-<N> (generated once, seed 7) unless a source directory is given. */
export async function ensureDataset(companies: number, source: string | undefined): Promise<string> {
  if (source) return path.resolve(source);
  const dir = path.resolve(import.meta.dirname, `../../data/bench-${companies}`);
  if (existsSync(path.join(dir, "manifest.json"))) return dir;
  const progress = bar("generating dataset", companies);
  await generateDataset({ companies, seed: 7, outDir: dir, onProgress: (p) => progress.update(p.companies) });
  progress.stop();
  return dir;
}

/** The word index's bytes per field (postings at 4 bytes, dictionary words at their UTF-8 length), both entities. */
function wordIndexSizes(index: SearchIndex): Engines["stats"]["wordsMb"] {
  const bytes = { name: 0, address: 0, people: 0 };
  for (const { words } of [index.companies, index.worksites]) {
    words.words.forEach((word, w) => {
      const tag = word.charCodeAt(0);
      const field = tag === 1 ? "address" : tag === 2 ? "people" : "name";
      bytes[field] += 4 * ((words.offsets[w + 1] ?? 0) - (words.offsets[w] ?? 0)) + Buffer.byteLength(word) + 4;
    });
  }
  const mb = (n: number) => n / 2 ** 20;
  return { name: mb(bytes.name), address: mb(bytes.address), people: mb(bytes.people) };
}

/** A cached database beside the dataset, usable when written after the dataset; otherwise removed. */
function cached(dir: string, file: string): boolean {
  const fresh = existsSync(file) && statSync(file).mtimeMs > statSync(path.join(dir, "companies.ndjson")).mtimeMs;
  if (!fresh) rmSync(file, { force: true });
  return fresh;
}

/**
 * Reads the dataset once, feeding the embedded builder and, unless their cached files exist, SQLite and DuckDB (each
 * record's rows computed once for both, appended as they stream by).
 */
export async function loadEngines(dir: string, want: { sqlite: boolean; duckdb: boolean }): Promise<Engines> {
  const manifest = readManifest(dir);
  // v2: the free-text tables of issue 26 (an older cached database lacks them).
  const sqliteFile = path.join(dir, "bench-v2.sqlite");
  const duckFile = path.join(dir, "bench-v1.duckdb");
  const sqlite = want.sqlite && !cached(dir, sqliteFile) ? new SqliteLoader(`${sqliteFile}.partial`) : null;
  const duck = want.duckdb && !cached(dir, duckFile) ? await DuckLoader.create(`${duckFile}.partial`) : null;
  const rows = sqlite || duck ? new BenchRows() : null;
  const build = new IndexBuild();
  const listEvery = Math.max(1, Math.floor(manifest.companies / LIST_FILE_SIZE));
  const listFile: string[] = [];
  /** Time per part; `rows` (each record's rows, computed once for both SQL engines) counts in each one's load time. */
  const ms = { build: 0, sqlite: 0, duck: 0, rows: 0 };
  const timed = <T>(part: keyof typeof ms, step: () => T): T => {
    const started = performance.now();
    try {
      return step();
    } finally {
      ms[part] += performance.now() - started;
    }
  };
  const progress = bar("loading", manifest.companies + manifest.worksites);
  let n = 0;
  for await (const company of readCompanies(dir)) {
    timed("build", () => build.addCompany(companyFacts(company)));
    const records = timed("rows", () => rows?.company(company));
    if (records) {
      timed("sqlite", () => sqlite?.addCompany(records));
      timed("duck", () => duck?.addCompany(records));
    }
    if (n % listEvery === 0 && listFile.length < LIST_FILE_SIZE) listFile.push(company.orgNo);
    if (++n % 10_000 === 0) progress.update(n);
  }
  for await (const worksite of readWorksites(dir)) {
    const company = timed("build", () => build.addWorksite(worksiteFacts(worksite)));
    const records = timed("rows", () => rows?.worksite(worksite, company.name));
    if (records) {
      timed("sqlite", () => sqlite?.addWorksite(records));
      timed("duck", () => duck?.addWorksite(records));
    }
    if (++n % 10_000 === 0) progress.update(n);
  }
  progress.stop();
  rows?.finish();
  const index = timed("build", () => build.finish(1));
  const db = timed("sqlite", () => (sqlite ? sqlite.finish() : null));
  if (db) {
    db.close();
    renameSync(`${sqliteFile}.partial`, sqliteFile);
  }
  if (duck) {
    process.stderr.write("DuckDB: building the words tables\n");
    const started = performance.now();
    await duck.finish(`${duckFile}.partial`, duckFile);
    ms.duck += performance.now() - started;
  }
  let readOnly: Database.Database | null = null;
  if (want.sqlite) {
    const { default: Sqlite } = await import("better-sqlite3");
    readOnly = new Sqlite(sqliteFile);
    const insertList = readOnly.prepare("INSERT OR IGNORE INTO list_numbers VALUES (1, ?)");
    const open = readOnly;
    open.transaction(() => listFile.forEach((orgNo) => insertList.run(orgNo)))();
  }
  let duckdb: DuckSearch | null = null;
  if (want.duckdb) {
    duckdb = await DuckSearch.open(duckFile);
    await duckdb.setListFile(1, listFile);
  }
  const indexMb = encodeSnapshot(index).byteLength / 2 ** 20;
  return {
    embedded: new EmbeddedBackend(index, noDocuments),
    sqlite: readOnly,
    duckdb,
    listFile,
    stats: {
      companies: manifest.companies,
      worksites: manifest.worksites,
      dataset: manifest.seed === null ? manifest.source : `${manifest.source}, seed ${manifest.seed}`,
      buildSeconds: ms.build / 1000,
      indexMb,
      wordsMb: wordIndexSizes(index),
      sqliteLoadSeconds: sqlite ? (ms.sqlite + ms.rows) / 1000 : null,
      duckdbLoadSeconds: duck ? (ms.duck + ms.rows) / 1000 : null,
      duckdbMb: want.duckdb ? statSync(duckFile).size / 2 ** 20 : null,
    },
  };
}
