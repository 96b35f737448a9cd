/**
 * Streams both source files through the parse pool at once. D1 rows of companies and worksites go to the loader as
 * they are parsed; the column index gets every company first, then the worksites in file order (their facts wait until
 * the companies are in). Companies are bound by parsing, worksites by D1 writes: overlapping them keeps both cores busy.
 */
import path from "node:path";
import { COMPANY_COLUMNS, insertCompaniesHead, insertWorksitesHead, WORKSITE_COLUMNS } from "#search-index/engine";
import type { HashCollector, IndexBuild, ReindexProgress, WorksiteBatch } from "#search-index/indexing";
import type { LocalLoader } from "./local-loader";
import { ParsePool } from "./parse-pool";
import { RowWriter } from "./row-writer";

export interface LoadOptions {
  sourceDir: string;
  version: number;
  totals: { companies: number; worksites: number };
  threads?: number;
  /** Bytes per parsed chunk (default: the pool's). */
  chunkBytes?: number;
  /** A pool of the caller's to parse with, left open (default: one of `threads` threads, closed at the end). */
  pool?: ParsePool;
  report: (progress: ReindexProgress) => void;
  /** Called when the companies are stored ("companies") and when the worksites are too ("worksites after"). */
  lap: (stage: string) => void;
  /** Receives every company's and every worksite's document hash (Bevakning's change set). */
  hashes?: HashCollector;
}

/** A failure while loading one of the two files (they load at once), naming its stage. */
export class LoadError extends Error {
  constructor(
    readonly stage: "companies" | "worksites",
    readonly failure: unknown,
  ) {
    super(failure instanceof Error ? failure.message : String(failure), { cause: failure });
    this.name = "LoadError";
  }
}

const tagged = (stage: LoadError["stage"], task: Promise<void>) =>
  task.catch((error: unknown) => {
    throw new LoadError(stage, error);
  });

export async function loadDocuments(loader: Pick<LocalLoader, "insertValues">, build: IndexBuild, options: LoadOptions) {
  const { sourceDir, version, totals, report, lap } = options;
  const pool = options.pool ?? new ParsePool({ threads: options.threads, chunkBytes: options.chunkBytes });
  // Worksite facts that arrive before every company is in (typed arrays, outside the heap); the rows went to D1
  // already, so only the facts wait (keeping whole chunks held every worksite row's bytes until the companies were done).
  const waiting: WorksiteBatch[] = [];
  let companiesIn = false;
  let n = 0;
  let w = 0;
  const companies = async () => {
    const writer = new RowWriter(loader, insertCompaniesHead(version), COMPANY_COLUMNS);
    for await (const chunk of pool.parse(path.join(sourceDir, "companies.ndjson"), "company", options.chunkBytes)) {
      build.addCompanyBatch(chunk.batch);
      options.hashes?.add(chunk.hashes);
      await writer.add(chunk.rows, chunk.records);
      n += chunk.records;
      report({ stage: "companies", done: n, total: totals.companies });
    }
    // In the same synchronous step: later worksite chunks go straight to the index, after the waiting ones.
    companiesIn = true;
    for (const batch of waiting.splice(0)) build.addWorksiteBatch(batch);
    await writer.close();
    lap("companies");
    report({ stage: "worksites", done: w, total: totals.worksites });
  };
  const worksites = async () => {
    const writer = new RowWriter(loader, insertWorksitesHead(version), WORKSITE_COLUMNS);
    for await (const chunk of pool.parse(path.join(sourceDir, "worksites.ndjson"), "worksite", options.chunkBytes)) {
      if (companiesIn) build.addWorksiteBatch(chunk.batch);
      else waiting.push(chunk.batch);
      options.hashes?.addWorksites(chunk.hashes);
      await writer.add(chunk.rows, chunk.records);
      w += chunk.records;
      if (companiesIn) report({ stage: "worksites", done: w, total: totals.worksites });
    }
    await writer.close();
  };
  const tasks = [tagged("companies", companies()), tagged("worksites", worksites())];
  try {
    await Promise.all(tasks);
    lap("worksites after");
    return { companies: n, worksites: w };
  } finally {
    // On a failure the other file's task ends too (the pool fails its pending chunks) before the caller cleans up; in
    // a caller's pool, it parses to its end.
    if (!options.pool) await pool.close();
    await Promise.allSettled(tasks);
  }
}
