/** bench:search output: a Markdown table printed and recorded (with the command line) in docs/benchmarks (record.ts). */
import os from "node:os";
import { recordBenchmark, type BenchFigure, type BenchRun } from "./record";
import type { Engines } from "./search-load";
import { ENGINE_LABELS, type EngineName, percentile, type QueryResult, type SuggestResult, type Timing } from "./search-run";

const ms = (v: number) => (v >= 100 ? v.toFixed(0) : v.toFixed(1));
/** A ratio of two p50s: whole numbers from 10× up, one decimal below (the 1.5× goal must be readable). */
export const ratio = (v: number) => `${v >= 10 ? v.toFixed(0) : v.toFixed(1)}×`;

/** Issue 26's goals on the embedded backend: free-text searches and suggestions, p95. */
export const TEXT_P95_GOAL_MS = 60;
export const SUGGEST_P95_GOAL_MS = 30;
/** Issue 27's goals: the embedded index at least this much faster at p50 than DuckDB and the cluster, on every query … */
export const SPEEDUP_GOAL = 1.5;
/** … and the cluster's p95 under this on every query of the mix. */
export const CLUSTER_P95_GOAL_MS = 100;

/** The area in docs/benchmarks: the old one while only the embedded index and SQLite run, so their figures stay comparable. */
export const LEGACY_AREA = "Search engine: embedded index vs SQLite";
export const ENGINES_AREA = "Search engine: embedded vs SQLite, DuckDB and the cluster";
export const isLegacy = (engines: readonly EngineName[]) => engines.join(",") === "embedded,sqlite";

const p50 = (t: Timing | undefined) => (t ? percentile(t.wall, 0.5) : Number.NaN);
const p95 = (t: Timing | undefined) => (t ? percentile(t.wall, 0.95) : Number.NaN);
const queryName = (r: QueryResult) => r.query.name + (r.query.broad ? " (broad)" : "");
/** A p95 cell's note of failed runs (kept in the times: the user waited them). */
const failed = (errors: number | undefined) => (errors ? ` (${errors} failed)` : "");

function suggestionRows(suggestions: SuggestResult[], others: EngineName[]): string[] {
  return suggestions.map(({ text, timings, errors }) => {
    const e50 = p50(timings.embedded);
    const e95 = p95(timings.embedded);
    const cells = [`'${text}'`, ms(e50), ms(e95), e95 < SUGGEST_P95_GOAL_MS ? "✓" : "✗"];
    for (const name of others)
      cells.push(ms(p50(timings[name])), ms(p95(timings[name])) + failed(errors[name]), ratio(p50(timings[name]) / e50));
    return `| ${cells.join(" | ")} |`;
  });
}

function textGoalLine(results: QueryResult[], suggestions: SuggestResult[]): string {
  const text = results.filter((r) => r.query.text);
  const worstText = Math.max(...text.map((r) => p95(r.timings.embedded)));
  const worstSuggest = Math.max(...suggestions.map((s) => p95(s.timings.embedded)));
  return `Goals (embedded): free-text searches p95 under ${TEXT_P95_GOAL_MS} ms: worst ${ms(worstText)} ms ${worstText < TEXT_P95_GOAL_MS ? "✓" : "✗"}; suggestions p95 under ${SUGGEST_P95_GOAL_MS} ms: worst ${ms(worstSuggest)} ms ${worstSuggest < SUGGEST_P95_GOAL_MS ? "✓" : "✗"}.`;
}

/**
 * Issue 27's goals, one line each, stated and not enforced: the embedded index ≥ 1.5× faster at p50 than DuckDB and
 * than each cluster on every query, and each cluster's p95 under 100 ms on every query; with the worst query.
 */
export function engineGoalLines(results: QueryResult[], engines: readonly EngineName[]): string[] {
  const lines: string[] = [];
  const verdict = (missed: number) => (missed === 0 ? "met ✓" : `not met ✗ (${missed} of ${results.length} queries)`);
  // The histogram variants have their own budgets (histogramBudgetLines).
  const compared = engines.filter((e) => !e.endsWith("Histogram"));
  for (const name of compared.filter((e) => e === "duckdb" || e.startsWith("cluster"))) {
    const ratios = results.map((r) => ({ r, x: p50(r.timings[name]) / p50(r.timings.embedded) }));
    const worst = ratios.reduce((a, b) => (b.x < a.x ? b : a));
    const missed = ratios.filter(({ x }) => !(x >= SPEEDUP_GOAL)).length;
    lines.push(
      `Goal: the embedded index at least ${SPEEDUP_GOAL}× faster at p50 than ${ENGINE_LABELS[name]} on every query: ${verdict(missed)}; the closest: '${queryName(worst.r)}' at ${ratio(worst.x)}.`,
    );
  }
  for (const name of compared.filter((e) => e.startsWith("cluster"))) {
    const worst = results.reduce((a, b) => (p95(b.timings[name]) > p95(a.timings[name]) ? b : a));
    // A failed run is a miss whatever its time: the user got an error.
    const missed = results.filter((r) => !(p95(r.timings[name]) < CLUSTER_P95_GOAL_MS) || (r.errors[name] ?? 0) > 0).length;
    const failures = results.reduce((sum, r) => sum + (r.errors[name] ?? 0), 0);
    lines.push(
      `Goal: ${ENGINE_LABELS[name]} p95 under ${CLUSTER_P95_GOAL_MS} ms on every query: ${verdict(missed)}; the slowest: '${queryName(worst)}' at ${ms(p95(worst.timings[name]))} ms${failures ? `; ${failures} timed searches failed` : ""}.`,
    );
  }
  return lines;
}

/** Issue 39's budgets: a search with one histogram at most this much slower at p50 than the same search without. */
export const HISTOGRAM_BUDGETS: { engine: EngineName; base: EngineName; budget: number }[] = [
  { engine: "embeddedHistogram", base: "embedded", budget: 1.1 },
  { engine: "cluster1Histogram", base: "cluster1", budget: 1.25 },
];

/** A Markdown table whose first column is text and the others are figures (right-aligned); rows already rendered. */
export function numberTable(head: string[], rows: string[]): string[] {
  return [
    `| ${head.join(" | ")} |`,
    `| --- | ${head
      .slice(1)
      .map(() => "---:")
      .join(" | ")} |`,
    ...rows,
  ];
}

/** The histogram budgets as a table (p50 without and with, the ratio per query) and one verdict line each. */
export function histogramBudgetLines(results: QueryResult[], engines: readonly EngineName[]): string[] {
  const budgets = HISTOGRAM_BUDGETS.filter(({ engine, base }) => engines.includes(engine) && engines.includes(base));
  if (budgets.length === 0) return [];
  const head = [
    "query",
    ...budgets.flatMap(({ engine, base }) => [`${ENGINE_LABELS[base]} p50 ms`, `${ENGINE_LABELS[engine]} p50 ms`, "ratio"]),
  ];
  const rows = results.map((r) => {
    const cells = budgets.flatMap(({ engine, base }) => {
      const without = p50(r.timings[base]);
      const within = p50(r.timings[engine]);
      return [ms(without), ms(within), `${(within / without).toFixed(2)}×`];
    });
    return `| ${[queryName(r), ...cells].join(" | ")} |`;
  });
  const verdicts = budgets.map(({ engine, base, budget }) => {
    const ratios = results.map((r) => ({ r, x: p50(r.timings[engine]) / p50(r.timings[base]) }));
    const worst = ratios.reduce((a, b) => (b.x > a.x ? b : a));
    const missed = ratios.filter(({ x }) => !(x <= budget)).length;
    const median = percentile(
      ratios.map(({ x }) => x),
      0.5,
    );
    return `Budget (issue 39): ${ENGINE_LABELS[engine]} at most ${Math.round((budget - 1) * 100)} % above ${ENGINE_LABELS[base]} at p50: ${missed === 0 ? "met ✓" : `not met ✗ (${missed} of ${results.length} queries)`}; median ratio ${median.toFixed(2)}×, the highest '${queryName(worst.r)}' at ${worst.x.toFixed(2)}×.`;
  });
  return [
    "A range filter's histogram on the same searches, interleaved with the runs without it:",
    "",
    ...numberTable(head, rows),
    "",
    ...verdicts.flatMap((line) => [line, ""]),
  ];
}

/** Hit counts that differ from the embedded engine's (a footnote; the figures of those queries are not comparable). */
function mismatchLines(results: QueryResult[]): string[] {
  return results.flatMap((r) =>
    Object.entries(r.mismatches).map(
      ([name, hits]) =>
        `- ✗ '${queryName(r)}': ${ENGINE_LABELS[name as EngineName]} found ${hits.toLocaleString("sv-SE")}, the embedded index ${r.hitCount.toLocaleString("sv-SE")}.`,
    ),
  );
}

export function queryRows(results: QueryResult[], engines: readonly EngineName[]): string[] {
  const others = engines.filter((e) => e !== "embedded");
  return results.map((r) => {
    const e50 = p50(r.timings.embedded);
    const cells = [
      queryName(r),
      r.hitCount.toLocaleString("sv-SE"),
      ms(e50),
      ms(p95(r.timings.embedded)),
      ms(percentile(r.timings.embedded?.cpu ?? [], 0.5)),
    ];
    for (const name of others) {
      const mark = r.mismatches[name] === undefined ? "" : " ≠";
      cells.push(ms(p50(r.timings[name])) + mark, ms(p95(r.timings[name])) + failed(r.errors[name]), ratio(p50(r.timings[name]) / e50));
    }
    return `| ${cells.join(" | ")} |`;
  });
}

export function queryHeader(engines: readonly EngineName[]): string[] {
  const others = engines.filter((e) => e !== "embedded");
  const head = ["query", "hits", "embedded p50 ms", "embedded p95 ms", "embedded CPU p50 ms"];
  for (const name of others)
    head.push(`${ENGINE_LABELS[name]} p50 ms`, `${ENGINE_LABELS[name]} p95 ms`, `${ENGINE_LABELS[name]} ÷ embedded (p50)`);
  return numberTable(head, []);
}

export interface ReportInput {
  results: QueryResult[];
  suggestions: SuggestResult[];
  engines: readonly EngineName[];
  stats: Engines["stats"];
  command: string;
  runs: number;
  /** Paragraphs on the engines beyond the embedded index and SQLite (DuckDB, the clusters). */
  notes: string[];
}

export function renderReport({ results, suggestions, engines, stats, command, runs, notes }: ReportInput): string {
  const others = engines.filter((e) => e !== "embedded");
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(", ");
  const title = isLegacy(engines) ? "Search engine: embedded column index vs SQLite" : ENGINES_AREA;
  const sqlite = engines.includes("sqlite")
    ? ` SQLite: better-sqlite3 with indexes and FTS5 (prefix), fewer runs on big data.${stats.sqliteLoadSeconds === null ? " SQLite database reused from the cache." : ` SQLite loaded and indexed in ${stats.sqliteLoadSeconds.toFixed(0)} s.`}`
    : "";
  const suggestHead = ["typed", "embedded p50 ms", "embedded p95 ms", "p95 < 30 ms"];
  for (const name of others)
    suggestHead.push(`${ENGINE_LABELS[name]} p50 ms`, `${ENGINE_LABELS[name]} p95 ms`, `${ENGINE_LABELS[name]} ÷ embedded (p50)`);
  const mismatches = mismatchLines(results);
  return [
    `## ${title} (${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC)`,
    "",
    `Command: \`${command}\``,
    "",
    `Data: ${stats.companies.toLocaleString("sv-SE")} companies, ${stats.worksites.toLocaleString("sv-SE")} worksites (${stats.dataset}). One search = exact hit count + the sorted page of 20 ids + every disjunctive facet (SNI and places rolled up, company form, fiscal year or size class, all booleans); \`_all\` counts are constant and cached by every engine; fetching the 20 documents is not included. Embedded: ${runs} runs per query.${sqlite} CPU = this process's CPU time of one embedded search. Load average ${load} while it ran (${os.cpus().length} cores shared with other work).`,
    "",
    `Embedded index: built in ${stats.buildSeconds.toFixed(1)} s in-process (parsing excluded), ${stats.indexMb.toFixed(0)} MB of typed arrays.`,
    "",
    `Free-text word index (issue 26; before it only the name words were indexed): name ${stats.wordsMb.name.toFixed(0)} MB, address ${stats.wordsMb.address.toFixed(0)} MB, people ${stats.wordsMb.people.toFixed(0)} MB; the address and people words add ${(((stats.wordsMb.address + stats.wordsMb.people) / stats.indexMb) * 100).toFixed(0)} % to the index. Free-text queries sort by relevance; SQLite answers them with one contentless FTS5 table per entity holding the same words per field (its page stays in turnover order).`,
    "",
    ...notes.flatMap((note) => [note, ""]),
    ...queryHeader(engines),
    ...queryRows(results, engines),
    "",
    ...(mismatches.length > 0 ? ["Hit counts that differ from the embedded index's (≠ in the table):", "", ...mismatches, ""] : []),
    `Suggestions as typed (the best 5 companies by relevance, no counts; SQLite: FTS5 ranked by bm25, LIMIT 5), ${runs} runs each:`,
    "",
    `| ${suggestHead.join(" | ")} |`,
    `| ${["---", "---:", "---:", ":---:", ...others.flatMap(() => ["---:", "---:", "---:"])].join(" | ")} |`,
    ...suggestionRows(suggestions, others),
    "",
    textGoalLine(results, suggestions),
    "",
    ...engineGoalLines(results, engines).flatMap((line) => [line, ""]),
    ...histogramBudgetLines(results, engines),
  ].join("\n");
}

/** The figures for docs/benchmarks/runs.jsonl: the old area's set while only the embedded index and SQLite run. */
export function searchFigures(
  results: QueryResult[],
  suggestions: SuggestResult[],
  stats: Engines["stats"],
  engines: readonly EngineName[],
): BenchFigure[] {
  const figure = (name: string, values: number[] | undefined, p: number) => ({
    figure: name,
    value: Number(ms(percentile(values ?? [], p))),
    unit: "ms",
  });
  const common = [
    { figure: "embedded index: build time", value: Number(stats.buildSeconds.toFixed(1)), unit: "s" },
    { figure: "embedded index: typed arrays", value: Number(stats.indexMb.toFixed(0)), unit: "MB" },
  ];
  if (!isLegacy(engines)) {
    const others = engines.filter((e) => e !== "embedded");
    return [
      ...results.flatMap((r) => [
        figure(`${queryName(r)}: embedded p50`, r.timings.embedded?.wall, 0.5),
        ...others.flatMap((name) => [
          figure(`${queryName(r)}: ${ENGINE_LABELS[name]} p50`, r.timings[name]?.wall, 0.5),
          ...(name.startsWith("cluster") ? [figure(`${queryName(r)}: ${ENGINE_LABELS[name]} p95`, r.timings[name]?.wall, 0.95)] : []),
        ]),
      ]),
      ...suggestions.flatMap(({ text, timings }) =>
        engines.map((name) => figure(`suggestions '${text}': ${ENGINE_LABELS[name]} p95`, timings[name]?.wall, 0.95)),
      ),
      ...common,
      ...(stats.duckdbMb === null ? [] : [{ figure: "DuckDB file", value: Number(stats.duckdbMb.toFixed(0)), unit: "MB" }]),
    ];
  }
  return [
    ...results.flatMap((r) => {
      const p50Figure = figure(`${queryName(r)}: embedded p50`, r.timings.embedded?.wall, 0.5);
      if (!r.query.text) return [p50Figure];
      return [
        p50Figure,
        figure(`${queryName(r)}: embedded p95`, r.timings.embedded?.wall, 0.95),
        figure(`${queryName(r)}: SQLite FTS5 p50`, r.timings.sqlite?.wall, 0.5),
      ];
    }),
    ...suggestions.map(({ text, timings }) => figure(`suggestions '${text}': embedded p95`, timings.embedded?.wall, 0.95)),
    {
      figure: "free-text word index: address and people words",
      value: Number((stats.wordsMb.address + stats.wordsMb.people).toFixed(0)),
      unit: "MB",
    },
    ...common,
  ];
}

export async function appendReport(markdown: string, run: BenchRun): Promise<void> {
  await recordBenchmark(`\n${markdown}`, run);
}
