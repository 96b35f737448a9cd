/** bench:search output: a Markdown table printed and recorded (with the command line) in docs/benchmarks (record.ts). */
import os from "node:os";
import { recordBenchmark, type BenchFigure, type BenchRun } from "./record";
import type { Engines } from "./search-load";
import { percentile, type QueryResult, type SuggestResult } from "./search-run";

const ms = (v: number) => (v >= 100 ? v.toFixed(0) : v.toFixed(1));

/** Issue 26's goals on the embedded backend: free-text searches and suggestions, p95. */
export const TEXT_P95_GOAL_MS = 60;
export const SUGGEST_P95_GOAL_MS = 30;

function suggestionRows(suggestions: SuggestResult[]): string[] {
  return suggestions.map(({ text, embedded, sqlite }) => {
    const e50 = percentile(embedded.wall, 0.5);
    const e95 = percentile(embedded.wall, 0.95);
    const s50 = percentile(sqlite.wall, 0.5);
    return `| '${text}' | ${ms(e50)} | ${ms(e95)} | ${e95 < SUGGEST_P95_GOAL_MS ? "✓" : "✗"} | ${ms(s50)} | ${ms(percentile(sqlite.wall, 0.95))} | ${(s50 / e50).toFixed(1)}× |`;
  });
}

function textGoalLine(results: QueryResult[], suggestions: SuggestResult[]): string {
  const text = results.filter((r) => r.query.text);
  const worstText = Math.max(...text.map((r) => percentile(r.embedded.wall, 0.95)));
  const worstSuggest = Math.max(...suggestions.map((s) => percentile(s.embedded.wall, 0.95)));
  return `Goals (embedded): free-text searches p95 under ${TEXT_P95_GOAL_MS} ms: worst ${ms(worstText)} ms ${worstText < TEXT_P95_GOAL_MS ? "✓" : "✗"}; suggestions p95 under ${SUGGEST_P95_GOAL_MS} ms: worst ${ms(worstSuggest)} ms ${worstSuggest < SUGGEST_P95_GOAL_MS ? "✓" : "✗"}.`;
}

export function renderReport(
  results: QueryResult[],
  suggestions: SuggestResult[],
  stats: Engines["stats"],
  command: string,
  runs: number,
): string {
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
    `Free-text word index (issue 26; before it only the name words were indexed): name ${stats.wordsMb.name.toFixed(0)} MB, address ${stats.wordsMb.address.toFixed(0)} MB, people ${stats.wordsMb.people.toFixed(0)} MB; the address and people words add ${(((stats.wordsMb.address + stats.wordsMb.people) / stats.indexMb) * 100).toFixed(0)} % to the index. Free-text queries sort by relevance; SQLite answers them with one contentless FTS5 table per entity holding the same words per field.`,
    "",
    "| query | hits | embedded p50 ms | embedded p95 ms | embedded CPU p50 ms | SQLite p50 ms | SQLite p95 ms | SQLite ÷ embedded (p50) |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...rows,
    "",
    `Suggestions as typed (the best 5 companies by relevance, no counts; SQLite: FTS5 ranked by bm25, LIMIT 5), ${runs} runs each:`,
    "",
    "| typed | embedded p50 ms | embedded p95 ms | p95 < 30 ms | SQLite p50 ms | SQLite p95 ms | SQLite ÷ embedded (p50) |",
    "| --- | ---: | ---: | :---: | ---: | ---: | ---: |",
    ...suggestionRows(suggestions),
    "",
    textGoalLine(results, suggestions),
    "",
  ].join("\n");
}

/** The embedded engine's p50 per query and its index, for docs/benchmarks/runs.jsonl. */
export function searchFigures(results: QueryResult[], suggestions: SuggestResult[], stats: Engines["stats"]): BenchFigure[] {
  const figure = (name: string, values: number[], p: number) => ({ figure: name, value: Number(ms(percentile(values, p))), unit: "ms" });
  return [
    ...results.flatMap(({ query, embedded, sqlite }) => {
      const name = `${query.name}${query.broad ? " (broad)" : ""}`;
      const p50 = figure(`${name}: embedded p50`, embedded.wall, 0.5);
      if (!query.text) return [p50];
      return [p50, figure(`${name}: embedded p95`, embedded.wall, 0.95), figure(`${name}: SQLite FTS5 p50`, sqlite.wall, 0.5)];
    }),
    ...suggestions.map(({ text, embedded }) => figure(`suggestions '${text}': embedded p95`, embedded.wall, 0.95)),
    {
      figure: "free-text word index: address and people words",
      value: Number((stats.wordsMb.address + stats.wordsMb.people).toFixed(0)),
      unit: "MB",
    },
    { figure: "embedded index: build time", value: Number(stats.buildSeconds.toFixed(1)), unit: "s" },
    { figure: "embedded index: typed arrays", value: Number(stats.indexMb.toFixed(0)), unit: "MB" },
  ];
}

export async function appendReport(markdown: string, run: BenchRun): Promise<void> {
  await recordBenchmark(`\n${markdown}`, run);
}
