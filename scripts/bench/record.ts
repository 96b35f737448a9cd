/**
 * How a benchmark run is kept: its Markdown section (as printed) is appended to docs/benchmarks/history.md, its
 * headline figures to docs/benchmarks/runs.jsonl (one line per figure, with the date, the command and the commit), and
 * BENCHMARKS.md, today's figures, is rebuilt from runs.jsonl (summary.ts).
 *
 *   await recordBenchmark(`\n${report}`, { area: "Export", command, figures: [{ figure: "…", value: 3.64, unit: "s" }] });
 */
import { execFileSync } from "node:child_process";
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { HISTORY_FILE, ROOT, RUNS_FILE, RunSchema, SUMMARY_FILE, writeSummary, type Run } from "./summary";

export interface BenchFigure {
  figure: string;
  value: number | string;
  unit: string;
  note?: string;
}

export interface BenchRun {
  /** The area's heading in BENCHMARKS.md, e.g. "Search API over HTTP". */
  area: string;
  /** The exact command line of the run. */
  command: string;
  figures: BenchFigure[];
  /** Applies to every figure of the run (dataset size, labels), unless a figure has its own. */
  note?: string;
}

/** UTC, to the minute: "2026-11-26 04:34". */
export const runDate = (date: Date) => date.toISOString().slice(0, 16).replace("T", " ");

/** The checked-out commit, abbreviated; undefined outside a git work tree. */
export function currentCommit(root: string = ROOT): string | undefined {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    return undefined;
  }
}

/** Figures rounded for display may come out as NaN or Infinity when a measurement is missing: those are left out. */
const usable = (figure: BenchFigure) => typeof figure.value === "string" || Number.isFinite(figure.value);

export async function recordBenchmark(
  markdown: string,
  run: BenchRun,
  options: { root?: string; date?: Date; commit?: string } = {},
): Promise<void> {
  const root = options.root ?? ROOT;
  const date = runDate(options.date ?? new Date());
  const commit = options.commit ?? currentCommit(root);
  const records: Run[] = run.figures.filter(usable).map((f) =>
    RunSchema.parse({
      area: run.area,
      figure: f.figure,
      value: f.value,
      unit: f.unit,
      date,
      command: run.command,
      ...(commit ? { commit } : {}),
      ...((f.note ?? run.note) ? { note: f.note ?? run.note } : {}),
    }),
  );
  appendFileSync(path.join(root, HISTORY_FILE), markdown);
  const runsFile = path.join(root, RUNS_FILE);
  // A line added by hand without its newline must not swallow the first record.
  const existing = existsSync(runsFile) ? readFileSync(runsFile, "utf8") : "";
  const separator = existing === "" || existing.endsWith("\n") ? "" : "\n";
  appendFileSync(runsFile, separator + records.map((r) => `${JSON.stringify(r)}\n`).join(""));
  await writeSummary(root);
  console.error(`Recorded in ${HISTORY_FILE} and ${RUNS_FILE}; ${SUMMARY_FILE} rebuilt`);
}
