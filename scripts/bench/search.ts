/**
 * npm run bench:search -- --companies N [--source DIR] [--runs R] [--sqlite-runs S] [--no-append]
 *   [--engines embedded,sqlite,duckdb,cluster1,cluster1cached,cluster3] [--heap-mb MB] [--primaries N] [--port P]
 *   [--histogram FIELD] [--new-filters]
 * The embedded search backend beside other engines on the same data and query mix (issues 4 and 27); appends to
 * docs/benchmarks (record.ts). Default engines: embedded,sqlite (the old comparison, its area and figures).
 * duckdb: the same tables in a DuckDB file cached beside the dataset (search-duckdb.ts). cluster1/cluster3: an OpenSearch
 * cluster of 1 or 3 nodes on ports P… (default 9470, off the test suite's ports: 9420 contract, 9430 e2e, 9440 cluster faults, 9450 failover, 9460 and 9465 other runs; 3 nodes on P+3…P+5; transport +100), heap --heap-mb per node
 * (default 2048), each reindexed by the operators' CLI in a child process (search-cluster.ts); with cluster1 the
 * reindex figures of the cluster and of the embedded backend form their own section. The clusters stop at the end, on
 * an error and on Ctrl-C; a cluster whose start or reindex fails is stopped and left out, and the run records the other
 * engines with the failure in its notes.
 * --histogram FIELD (issue 39): the embedded backend and the 1-node cluster (uncached) run every query a second way,
 * asking also for that range filter's histogram, interleaved with the plain runs; the report states the budgets
 * (embedded at most 10 %, the cluster at most 25 % above the same search without a histogram, at p50).
 * --new-filters (issue 46 point 5): issue 46's filters (exclusion, growth, Gasellföretag, company age) put on searches
 * of the mix, each timed in turns with the same search without them on the embedded backend and the uncached 1-node
 * cluster; the report states the budgets (search-new-filters.ts). Not with SQLite or DuckDB, which know none of them.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import { parseSearch, visiblePage } from "#search-index/engine";
import { type BenchCluster, startBenchCluster } from "./search-cluster";
import { backendEngine, duckdbEngine, sqliteEngine } from "./search-engines";
import { ensureDataset, loadEngines } from "./search-load";
import { newFilterBudgetLines, newFilterFigures, runNewFilterPairs } from "./search-new-filters";
import { BENCH_QUERIES, SUGGEST_TEXTS } from "./search-queries";
import { folderBytes, runChildReindex, stopChildReindex } from "./search-reindex";
import { REINDEX_AREA, type ReindexRow, reindexFigures, renderReindexReport } from "./search-reindex-report";
import { appendReport, ENGINES_AREA, isLegacy, LEGACY_AREA, renderReport, searchFigures } from "./search-report";
import { type BenchEngine, ENGINE_LABELS, ENGINE_NAMES, type EngineName, runQueries, runSuggestions } from "./search-run";
import { HistogramFieldSchema } from "#shared/search/histogram";

const EnginesSchema = z
  .string()
  .transform((list) => list.split(",").map((name) => name.trim()))
  .pipe(z.array(z.enum(ENGINE_NAMES)).min(1))
  .refine((names) => names.includes("embedded"), "the engines must include embedded: the others are compared with it")
  .transform((names) => ENGINE_NAMES.filter((name) => names.includes(name)));

const ArgsSchema = z
  .object({
    companies: z.coerce.number().int().positive().max(5_000_000).default(100_000),
    source: z.string().optional(),
    runs: z.coerce.number().int().min(3).max(1000).default(30),
    "sqlite-runs": z.coerce.number().int().min(1).max(1000).optional(),
    "no-append": z.boolean().default(false),
    engines: EnginesSchema.default(["embedded", "sqlite"]),
    "heap-mb": z.coerce.number().int().min(256).max(31_744).default(2048),
    primaries: z.coerce.number().int().min(1).max(16).default(1),
    port: z.coerce.number().int().min(1024).max(65_000).default(9470),
    histogram: HistogramFieldSchema.optional(),
    "new-filters": z.boolean().default(false),
  })
  .refine(
    (args) => !args["new-filters"] || !args.engines.some((name) => name === "sqlite" || name === "duckdb"),
    "--new-filters runs on the embedded backend and the clusters only: SQLite and DuckDB know none of issue 46's filters",
  );

/** Stops what the run started (clusters, a reindex child), once, in reverse order; also on Ctrl-C. */
class Cleanup {
  private readonly steps: (() => Promise<void> | void)[] = [];
  private running: Promise<void> | null = null;

  add(step: () => Promise<void> | void): void {
    this.steps.push(step);
  }

  run(): Promise<void> {
    this.running ??= (async () => {
      for (const step of this.steps.reverse()) {
        await Promise.resolve()
          .then(step)
          .catch((error: unknown) => console.error(`cleanup: ${error instanceof Error ? error.message : String(error)}`));
      }
    })();
    return this.running;
  }
}

const count = (n: number) => n.toLocaleString("en-US").replace(/,/g, " ");

function clusterNote(clusters: BenchCluster[], primaries: number): string {
  const first = clusters[0];
  if (!first) return "";
  const each = clusters
    .map((c) => `${c.nodes} node${c.nodes === 1 ? "" : "s"} (ready in ${(c.cluster.startMs / 1000).toFixed(1)} s)`)
    .join(" and ");
  return `Cluster: OpenSearch ${first.cluster.version} on loopback, started by the repo's launcher (scripts/cluster), ${each}, heap ${first.heapMb} MB per node (-Xms = -Xmx), ${primaries === 1 ? "one primary shard" : `${primaries} primary shards`} per index (ELASTICSEARCH_PRIMARIES) and one replica (the reindex's serving settings; unassigned on 1 node, green on 3), each index force-merged to one segment by the reindex. Each cluster was filled by its own run of the operators' reindex CLI (not a snapshot restore), then searched through the production ElasticsearchBackend pinned to the live indices, over the client the workers use (FetchConnection to the first node's HTTP port), from this process: the times include HTTP and JSON on loopback, as the API pays them. Both clusters ran during the whole comparison. "cluster 1 node" and "cluster 3 nodes" are uncached: every request goes with request_cache=false, so each run counts anew (the whole-index counts the backend keeps per index version, decision 0035, stay kept). "cluster 1 node, repeated" is the same node with the shard request cache on, as production runs it: after the untimed first run every run is a repeat of a search the node has answered.`;
}

async function main() {
  const { values } = parseArgs({
    options: {
      companies: { type: "string" },
      source: { type: "string" },
      runs: { type: "string" },
      "sqlite-runs": { type: "string" },
      "no-append": { type: "boolean" },
      engines: { type: "string" },
      "heap-mb": { type: "string" },
      primaries: { type: "string" },
      port: { type: "string" },
      histogram: { type: "string" },
      "new-filters": { type: "boolean" },
    },
  });
  const args = ArgsSchema.parse(values);
  const withHistogram = (names: EngineName[]) =>
    ENGINE_NAMES.filter(
      (name) =>
        names.includes(name) ||
        (args.histogram !== undefined && name === "embeddedHistogram") ||
        (args.histogram !== undefined && name === "cluster1Histogram" && names.includes("cluster1")),
    );
  let engineNames: EngineName[] = withHistogram(args.engines);
  const has = (name: EngineName) => engineNames.includes(name);
  const cleanup = new Cleanup();
  const interrupted = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping what the benchmark started`);
    stopChildReindex();
    void cleanup.run().finally(() => process.exit(130));
  };
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  try {
    const dir = await ensureDataset(args.companies, args.source);
    const engines = await loadEngines(dir, { sqlite: has("sqlite"), duckdb: has("duckdb") });
    if (engines.duckdb) cleanup.add(() => engines.duckdb?.close());
    const reindexRows: ReindexRow[] = [];
    if (has("cluster1")) {
      // The embedded backend's reindex first, while no cluster runs: point 3's comparison.
      const state = mkdtempSync(path.join(os.tmpdir(), "urval-bench-embedded-state-"));
      cleanup.add(() => rmSync(state, { recursive: true, force: true }));
      const run = await runChildReindex({ backend: "embedded", source: dir, state });
      reindexRows.push({ target: "embedded", run, stateBytes: folderBytes(state) });
      rmSync(state, { recursive: true, force: true });
    }
    const clusters: BenchCluster[] = [];
    const failures: string[] = [];
    if (has("cluster1cached") && !has("cluster1")) engineNames = withHistogram([...engineNames, "cluster1"]);
    for (const [name, nodes, port] of [
      ["cluster1", 1, args.port],
      ["cluster3", 3, args.port + 3],
    ] as const) {
      if (!has(name)) continue;
      try {
        const cluster = await startBenchCluster({
          nodes,
          heapMb: args["heap-mb"],
          primaries: args.primaries,
          httpPort: port,
          source: dir,
          track: (stop) => cleanup.add(stop),
        });
        cleanup.add(() => cluster.close());
        clusters.push(cluster);
        reindexRows.push({ target: ENGINE_LABELS[name], run: cluster.reindex, cluster: { heapMb: args["heap-mb"], ...cluster.reindex } });
      } catch (error) {
        // A long run keeps what it measured: the engine is left out of the comparison and the report says why.
        const message = error instanceof Error ? error.message : String(error);
        console.error(`${ENGINE_LABELS[name]}: failed, left out of the comparison: ${message}`);
        failures.push(`${ENGINE_LABELS[name]} was left out: its start or reindex failed (${message}).`);
        engineNames = engineNames.filter((engine) => engine !== name && !(name === "cluster1" && engine === "cluster1Histogram"));
      }
    }
    const sqliteRuns = args["sqlite-runs"] ?? (engines.stats.companies > 300_000 ? 5 : args.runs);
    const bench: BenchEngine[] = [backendEngine("embedded", engines.embedded, engines.listFile, args.runs)];
    if (args.histogram) bench.push(backendEngine("embeddedHistogram", engines.embedded, engines.listFile, args.runs, args.histogram));
    if (engines.sqlite) bench.push(sqliteEngine(engines.sqlite, sqliteRuns));
    if (engines.duckdb) bench.push(duckdbEngine(engines.duckdb, args.runs));
    for (const cluster of clusters) {
      const uncached = cluster.backend.withRequestCache(false);
      bench.push(backendEngine(cluster.nodes === 1 ? "cluster1" : "cluster3", uncached, engines.listFile, args.runs));
      if (cluster.nodes === 1 && args.histogram)
        bench.push(backendEngine("cluster1Histogram", uncached, engines.listFile, args.runs, args.histogram));
      if (cluster.nodes === 1 && has("cluster1cached"))
        bench.push(backendEngine("cluster1cached", cluster.backend, engines.listFile, args.runs));
    }
    const prepare = (query: (typeof BENCH_QUERIES)[number]) => ({
      search: parseSearch(query.search),
      page: visiblePage(query.page ?? 0),
      listFile: query.listFile ? 1 : null,
    });
    const results = await runQueries(BENCH_QUERIES, bench, prepare);
    const suggestions = await runSuggestions(SUGGEST_TEXTS, bench, args.runs);
    const pairEngines = bench.filter((engine) => engine.name === "embedded" || engine.name === "cluster1");
    const baseQuery = (name: string) => {
      const found = BENCH_QUERIES.find((query) => query.name === name);
      if (!found) throw new Error(`no query '${name}' in the mix`);
      return found;
    };
    const pairs = args["new-filters"] ? await runNewFilterPairs(pairEngines, prepare, baseQuery) : [];
    const command = `npm run bench:search -- ${process.argv.slice(2).join(" ")}`.trim();
    const notes: string[] = [];
    if (engines.duckdb) {
      const load =
        engines.stats.duckdbLoadSeconds === null ? "reused from the cache" : `loaded in ${engines.stats.duckdbLoadSeconds.toFixed(0)} s`;
      notes.push(
        `DuckDB ${engines.duckdb.version} (@duckdb/node-api, its default ${engines.duckdb.threads} threads): the SQLite baseline's tables and SQL (count, page, one GROUP BY per facet, the boolean sums, run one after another on one connection, prepared once), the file beside the dataset ${load} (${engines.stats.duckdbMb?.toFixed(0)} MB). Free text: the same per-field words as the FTS5 tables, exploded into a words table sorted by word (a word or a prefix is a range); every word must match in some field, relevance = the sum of each word's best field score (free-text.ts TEXT_SCORES), then turnover. ${args.runs} runs per query.`,
      );
    }
    if (clusters.length > 0) notes.push(clusterNote(clusters, args.primaries));
    notes.push(...failures);
    const pairNames = pairEngines.map((engine) => engine.name);
    const report = [
      renderReport({ results, suggestions, engines: engineNames, stats: engines.stats, command, runs: args.runs, notes }),
      ...newFilterBudgetLines(pairs, pairNames),
    ].join("\n");
    console.log(report);
    const reindexReport = reindexRows.length > 0 ? renderReindexReport(reindexRows, command, dir) : null;
    if (reindexReport) console.log(reindexReport);
    const mismatched = [...results, ...pairs].some((r) => Object.keys(r.mismatches).length > 0);
    if (mismatched) console.error("Some hit counts differ from the embedded index's (see ≠): not appended.");
    const note = `${count(engines.stats.companies)} companies, ${count(engines.stats.worksites)} worksites (${engines.stats.dataset})`;
    if (!args["no-append"] && !mismatched) {
      await appendReport(report, {
        area: isLegacy(engineNames) ? LEGACY_AREA : ENGINES_AREA,
        command,
        figures: [...searchFigures(results, suggestions, engines.stats, engineNames), ...newFilterFigures(pairs, pairNames)],
        note: clusters.length > 0 ? `${note}; cluster heap ${args["heap-mb"]} MB per node` : note,
      });
      if (reindexReport) await appendReport(reindexReport, { area: REINDEX_AREA, command, figures: reindexFigures(reindexRows), note });
    }
    if (mismatched) process.exitCode = 1;
  } finally {
    await cleanup.run();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
