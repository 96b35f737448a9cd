/** The engines of bench:search behind one shape (search-run.ts BenchEngine): each answers a prepared query with its hit count. */
import type Database from "better-sqlite3";
import { type EmbeddedBackend, type ElasticsearchBackend, parseSearch } from "#search-index/engine";
import type { HistogramField } from "#shared/search/histogram";
import type { DuckSearch } from "./search-duckdb";
import type { BenchEngine, EngineName } from "./search-run";
import { SqliteSearch } from "./search-sqlite";

const RELEVANCE = [{ field: "relevance" as const, ascending: false }];
const suggestSearch = (text: string) => parseSearch({ text, sort: RELEVANCE });

/**
 * The embedded backend or a cluster's: the SearchBackend the API calls, with list file 1 as the API loads it. A
 * cluster engine is measured uncached (the shard request cache off for each request: every run counts anew) except
 * "cluster1cached", the same node with the cache on as production runs it: after the warm-up every run is a repeat.
 */
export function backendEngine(
  name: Extract<EngineName, "embedded" | "embeddedHistogram" | "cluster1" | "cluster1Histogram" | "cluster1cached" | "cluster3">,
  backend: EmbeddedBackend | ElasticsearchBackend,
  listFile: string[],
  runs: number,
  /** Each search also asks for this range filter's histogram (issue 39's budgets). */
  histogram?: HistogramField,
): BenchEngine {
  const listFiles = new Map([[1, listFile]]);
  return {
    name,
    runs,
    strict: false,
    search: async ({ search, page }) => {
      const results = await backend.search(search, { page, listFiles, ...(histogram ? { histogram } : {}) });
      if (histogram && results.histogram?.field !== histogram) throw new Error(`${name}: no ${histogram} histogram in the answer`);
      return results.hitCount;
    },
    suggest: (text) => backend.suggestRecords(suggestSearch(text), 5),
  };
}

export function sqliteEngine(db: Database.Database, runs: number): BenchEngine {
  const sqlite = new SqliteSearch(db);
  return {
    name: "sqlite",
    runs,
    strict: true,
    search: ({ search, page, listFile }) => sqlite.search(search, page, listFile).hitCount,
    suggest: (text) => sqlite.suggest(parseSearch({ text }), 5),
  };
}

export function duckdbEngine(duck: DuckSearch, runs: number): BenchEngine {
  return {
    name: "duckdb",
    runs,
    strict: false,
    search: async ({ search, page, listFile }) => (await duck.search(search, page, listFile)).hitCount,
    suggest: (text) => duck.suggest(suggestSearch(text), 5),
  };
}
