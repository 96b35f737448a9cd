/** Times every query of the mix on both engines, interleaved, after one warm-up run each; checks they agree. */
import type Database from "better-sqlite3";
import { type EmbeddedBackend, parseSearch, visiblePage } from "#search-index/build";
import type { BenchQuery } from "./search-queries";
import { SqliteSearch } from "./search-sqlite";

export interface Timing {
  wall: number[];
  cpu: number[];
}

export interface QueryResult {
  query: BenchQuery;
  hitCount: number;
  embedded: Timing;
  sqlite: Timing;
}

async function timed(fn: () => Promise<unknown> | unknown, into: Timing): Promise<void> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await fn();
  into.wall.push(performance.now() - started);
  const used = process.cpuUsage(cpu);
  into.cpu.push((used.user + used.system) / 1000);
}

export async function runQueries(
  queries: BenchQuery[],
  embedded: EmbeddedBackend,
  db: Database.Database,
  listFile: string[],
  runs: number,
  sqliteRuns: number,
) {
  const sqlite = new SqliteSearch(db);
  const listFiles = new Map([[1, listFile]]);
  const results: QueryResult[] = [];
  for (const query of queries) {
    const search = parseSearch(query.search);
    const page = visiblePage(query.page ?? 0);
    const runEmbedded = () => embedded.search(search, { page, listFiles });
    const runSqlite = () => sqlite.search(search, page, query.listFile ? 1 : null);
    const warm = await runEmbedded();
    const check = runSqlite();
    if (warm.hitCount !== check.hitCount) throw new Error(`${query.name}: embedded found ${warm.hitCount}, SQLite ${check.hitCount}`);
    const result: QueryResult = { query, hitCount: warm.hitCount, embedded: { wall: [], cpu: [] }, sqlite: { wall: [], cpu: [] } };
    for (let r = 0; r < runs; r++) {
      await timed(runEmbedded, result.embedded);
      if (r < sqliteRuns) await timed(runSqlite, result.sqlite);
    }
    process.stderr.write(`  ${query.name}: ${warm.hitCount} hits\n`);
    results.push(result);
  }
  return results;
}

export interface SuggestResult {
  text: string;
  embedded: Timing;
  sqlite: Timing;
}

/**
 * The header box's suggestions (issue 26): the text parsed (with its industries and places from the reference data)
 * and the best 5 records by relevance, without counts; SQLite: the FTS5 match ranked by its bm25, LIMIT 5.
 */
export async function runSuggestions(texts: readonly string[], embedded: EmbeddedBackend, db: Database.Database, runs: number) {
  const sqlite = new SqliteSearch(db);
  const results: SuggestResult[] = [];
  for (const text of texts) {
    const runEmbedded = () => embedded.suggestRecords(parseSearch({ text, sort: [{ field: "relevance", ascending: false }] }), 5);
    const runSqlite = () => sqlite.suggest(parseSearch({ text }), 5);
    await runEmbedded();
    runSqlite();
    const result: SuggestResult = { text, embedded: { wall: [], cpu: [] }, sqlite: { wall: [], cpu: [] } };
    for (let r = 0; r < runs; r++) {
      await timed(runEmbedded, result.embedded);
      await timed(runSqlite, result.sqlite);
    }
    results.push(result);
  }
  return results;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * (sorted.length - 1)))] ?? Number.NaN;
}
