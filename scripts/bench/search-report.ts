/** bench:search output: a Markdown table printed and recorded (with the command line) in docs/benchmarks (record.ts). */
import os from "node:os";
import { recordBenchmark, type BenchFigure, type BenchRun } from "./record";
import type { Engines } from "./search-load";
import { percentile, type QueryResult } from "./search-run";

const ms = (v: number) => (v >= 100 ? v.toFixed(0) : v.toFixed(1));

export function renderReport(results: QueryResult[], stats: Engines["stats"], command: string, runs: number): string {
  const rows = results.map(({ query, hitCount, embedded, sqlite }) => {
    const e50 = percentile(embedded.wall, 0.5);
    const s50 = percentile(sqlite.wall, 0.5);
    const cells = [
      query.name + (query.broad ? " (broad)" : ""),
      hitCount.toLocaleString("sv-SE"),
      ms(e50),
      ms(percentile(embedded.wall, 0.95)),
      ms(percentile(embedded.cpu, 0.5)),
    ];
    cells.push(ms(s50), ms(percentile(sqlite.wall, 0.95)), `${(s50 / e50).toFixed(0)}×`);
    return `| ${cells.join(" | ")} |`;
  });
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(", ");
  return [
    `## Search engine: embedded column index vs SQLite (${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC)`,
    "",
    `Command: \`${command}\``,
    "",
    `Data: ${stats.companies.toLocaleString("sv-SE")} companies, ${stats.worksites.toLocaleString("sv-SE")} worksites (${stats.dataset}). One search = exact hit count + the sorted page of 20 ids + every disjunctive facet (SNI and places rolled up, company form, fiscal year or size class, all booleans); \`_all\` counts are constant and cached by both engines; fetching the 20 documents is not included. Embedded: ${runs} runs per query; SQLite: better-sqlite3 with indexes and FTS5 (prefix), fewer runs on big data. CPU = process CPU time of one search. Load average ${load} while it ran (${os.cpus().length} cores shared with other work).`,
    "",
    `Embedded index: built in ${stats.buildSeconds.toFixed(1)} s in-process (parsing excluded), ${stats.indexMb.toFixed(0)} MB of typed arrays.${stats.sqliteLoadSeconds === null ? " SQLite database reused from the cache." : ` SQLite loaded and indexed in ${stats.sqliteLoadSeconds.toFixed(0)} s.`}`,
    "",
    "| query | hits | embedded p50 ms | embedded p95 ms | embedded CPU p50 ms | SQLite p50 ms | SQLite p95 ms | SQLite ÷ embedded (p50) |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...rows,
    "",
  ].join("\n");
}

/** The embedded engine's p50 per query and its index, for docs/benchmarks/runs.jsonl. */
export function searchFigures(results: QueryResult[], stats: Engines["stats"]): BenchFigure[] {
  return [
    ...results.map(({ query, embedded }) => ({
      figure: `${query.name}${query.broad ? " (broad)" : ""}: embedded p50`,
      value: Number(ms(percentile(embedded.wall, 0.5))),
      unit: "ms",
    })),
    { figure: "embedded index: build time", value: Number(stats.buildSeconds.toFixed(1)), unit: "s" },
    { figure: "embedded index: typed arrays", value: Number(stats.indexMb.toFixed(0)), unit: "MB" },
  ];
}

export async function appendReport(markdown: string, run: BenchRun): Promise<void> {
  await recordBenchmark(`\n${markdown}`, run);
}
