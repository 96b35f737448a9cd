/** Times every query of the mix on every engine, interleaved, after one warm-up run each; checks they agree. */
import type { ValidSearch, VisiblePage } from "#search-index/engine";
import type { BenchQuery } from "./search-queries";

export const ENGINE_NAMES = [
  "embedded",
  "embeddedHistogram",
  "sqlite",
  "duckdb",
  "cluster1",
  "cluster1Histogram",
  "cluster1cached",
  "cluster3",
] as const;
export type EngineName = (typeof ENGINE_NAMES)[number];
export const ENGINE_LABELS: Record<EngineName, string> = {
  embedded: "embedded",
  embeddedHistogram: "embedded + histogram",
  sqlite: "SQLite",
  duckdb: "DuckDB",
  cluster1: "cluster 1 node",
  cluster1Histogram: "cluster 1 node + histogram",
  cluster1cached: "cluster 1 node, repeated",
  cluster3: "cluster 3 nodes",
};

/** A query of the mix, parsed once outside the timings. */
export interface PreparedQuery {
  search: ValidSearch;
  page: VisiblePage;
  /** List file 1 when the query uses it. */
  listFile: number | null;
}

export interface BenchEngine {
  name: EngineName;
  /** Timed runs per query (SQLite runs fewer on big data). */
  runs: number;
  /** One search; resolves to its hit count. */
  search(query: PreparedQuery): Promise<number> | number;
  /** The header box's suggestions for a typed text (parsing included, as the API does it per keystroke). */
  suggest(text: string): Promise<unknown> | unknown;
  /** A hit count unlike the embedded engine's stops the run (SQLite, as before); otherwise it is reported. */
  strict: boolean;
}

export interface Timing {
  wall: number[];
  cpu: number[];
}

export type Timings = Partial<Record<EngineName, Timing>>;

export interface QueryResult {
  query: BenchQuery;
  /** The embedded engine's. */
  hitCount: number;
  timings: Timings;
  /** Engines whose hit count differs from the embedded engine's, with theirs. */
  mismatches: Partial<Record<EngineName, number>>;
  /** Timed runs that failed (a cluster's 503 after its retries): their time is kept, as a user waited it. */
  errors: Partial<Record<EngineName, number>>;
}

export interface SuggestResult {
  text: string;
  timings: Timings;
  errors: Partial<Record<EngineName, number>>;
}

type Errors = Partial<Record<EngineName, number>>;

/** One timed run; a failure of an engine that is not strict is counted, not thrown. */
export async function timed(engine: BenchEngine, fn: () => Promise<unknown> | unknown, into: Timing, errors: Errors): Promise<void> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  try {
    await fn();
  } catch (error) {
    if (engine.strict) throw error;
    errors[engine.name] = (errors[engine.name] ?? 0) + 1;
  }
  into.wall.push(performance.now() - started);
  const used = process.cpuUsage(cpu);
  into.cpu.push((used.user + used.system) / 1000);
}

/** The untimed first call: a cold cluster may fail it (its first aggregations load their caches); tried up to 3 times. */
export async function warmUp<T>(engine: BenchEngine, fn: () => Promise<T> | T): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (engine.strict || attempt >= 3) throw error;
      process.stderr.write(
        `  ${ENGINE_LABELS[engine.name]}: warm-up failed (${error instanceof Error ? error.message : String(error)}), again\n`,
      );
    }
  }
}

export const emptyTimings = (engines: BenchEngine[]): Timings => Object.fromEntries(engines.map((e) => [e.name, { wall: [], cpu: [] }]));

/**
 * Run r of every engine that still has runs left, in the engines' order on even rounds and the reverse on odd ones:
 * an engine right after another on the same search finds the CPU's caches warm (measured: up to 2× on the smallest
 * searches), so no engine always goes first or always follows the same one.
 */
async function interleaved(
  engines: BenchEngine[],
  timings: Timings,
  errors: Errors,
  run: (engine: BenchEngine) => Promise<unknown> | unknown,
) {
  const most = Math.max(...engines.map((e) => e.runs));
  for (let r = 0; r < most; r++) {
    const order = r % 2 === 0 ? engines : [...engines].reverse();
    for (const engine of order) if (r < engine.runs) await timed(engine, () => run(engine), timings[engine.name] as Timing, errors);
  }
}

/** The embedded engine, which must come first: its hit counts are the reference the others are compared with. */
export function referenceEngine(engines: BenchEngine[]): BenchEngine {
  const [embedded] = engines;
  if (embedded?.name !== "embedded") throw new Error("the embedded engine runs first: the others are compared with it");
  return embedded;
}

export async function runQueries(
  queries: BenchQuery[],
  engines: BenchEngine[],
  prepare: (query: BenchQuery) => PreparedQuery,
): Promise<QueryResult[]> {
  const embedded = referenceEngine(engines);
  const results: QueryResult[] = [];
  for (const query of queries) {
    const prepared = prepare(query);
    const hitCount = await embedded.search(prepared);
    const result: QueryResult = { query, hitCount, timings: emptyTimings(engines), mismatches: {}, errors: {} };
    for (const engine of engines.slice(1)) {
      const hits = await warmUp(engine, () => engine.search(prepared));
      if (hits === hitCount) continue;
      const message = `${query.name}: embedded found ${hitCount}, ${ENGINE_LABELS[engine.name]} ${hits}`;
      if (engine.strict) throw new Error(message);
      process.stderr.write(`  ✗ ${message}\n`);
      result.mismatches[engine.name] = hits;
    }
    await interleaved(engines, result.timings, result.errors, (engine) => engine.search(prepared));
    process.stderr.write(`  ${query.name}: ${hitCount} hits\n`);
    results.push(result);
  }
  return results;
}

/**
 * The header box's suggestions (issue 26): the text parsed (with its industries and places from the reference data)
 * and the best 5 records by relevance, without counts; each engine's own relevance (SQLite: FTS5's bm25).
 */
export async function runSuggestions(texts: readonly string[], engines: BenchEngine[], runs: number): Promise<SuggestResult[]> {
  const results: SuggestResult[] = [];
  const all = engines.map((engine) => ({ ...engine, runs }));
  for (const text of texts) {
    for (const engine of all) await warmUp(engine, () => engine.suggest(text));
    const result: SuggestResult = { text, timings: emptyTimings(all), errors: {} };
    await interleaved(all, result.timings, result.errors, (engine) => engine.suggest(text));
    results.push(result);
  }
  return results;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * (sorted.length - 1)))] ?? Number.NaN;
}
