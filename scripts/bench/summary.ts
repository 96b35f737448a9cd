/**
 * npm run bench:summary: rebuilds BENCHMARKS.md from docs/benchmarks/runs.jsonl, the record of every benchmark run's
 * figures (one JSON object per figure and run, appended by the benchmark scripts through record.ts or by hand).
 * BENCHMARKS.md shows today's figures: per area one table with the latest run of each figure, the most recent first,
 * with the date and the command of that run; the full sections of every run are in docs/benchmarks/history.md.
 * The output depends only on runs.jsonl (no clock), formatted with the repo's Prettier settings.
 *
 *   npm run bench:summary
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { format, resolveConfig } from "prettier";
import { z } from "zod";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const RUNS_FILE = "docs/benchmarks/runs.jsonl";
export const HISTORY_FILE = "docs/benchmarks/history.md";
export const SUMMARY_FILE = "BENCHMARKS.md";

/** One figure of one run. Dates are UTC: "2026-11-26" when the log gives only the day, else "2026-11-26 04:34". */
export const RunSchema = z.strictObject({
  area: z.string().min(1),
  figure: z.string().min(1),
  value: z.union([z.number(), z.string().min(1)], { error: "expected a number or a non-empty string" }),
  unit: z.string(),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2})?$/, 'expected "YYYY-MM-DD" or "YYYY-MM-DD HH:MM" (UTC)'),
  /** The exact command of the run; null when the log gives none (the note then says so). */
  command: z.string().min(1).nullable(),
  commit: z
    .string()
    .regex(/^[0-9a-f]{7,40}$/, "expected an abbreviated or full commit hash")
    .optional(),
  note: z.string().min(1).optional(),
});
export type Run = z.infer<typeof RunSchema>;

export class RunsFileError extends Error {
  constructor(
    readonly file: string,
    readonly problems: { line: number; message: string }[],
  ) {
    super(
      `${file}: ${problems.length} malformed line${problems.length === 1 ? "" : "s"}\n${problems.map((p) => `  line ${p.line}: ${p.message}`).join("\n")}`,
    );
    this.name = "RunsFileError";
  }
}

/** Parses runs.jsonl; blank lines are skipped, every malformed line is reported with its line number. */
export function parseRuns(text: string, file = RUNS_FILE): Run[] {
  const runs: Run[] = [];
  const problems: { line: number; message: string }[] = [];
  text.split("\n").forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === "") return;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch (error) {
      problems.push({ line, message: `not JSON (${error instanceof Error ? error.message : String(error)})` });
      return;
    }
    const parsed = RunSchema.safeParse(json);
    if (parsed.success) runs.push(parsed.data);
    else
      problems.push({
        line,
        message: parsed.error.issues
          .map((issue) => `${issue.path.length > 0 ? issue.path.join(".") : "(object)"}: ${issue.message}`)
          .join("; "),
      });
  });
  if (problems.length > 0) throw new RunsFileError(file, problems);
  return runs;
}

export interface AreaSummary {
  area: string;
  /** The latest run of each figure: the most recent first; figures of one run in the order they were recorded. */
  latest: Run[];
}

/**
 * Groups runs by area (in the order each area first appears) and keeps the latest run of each figure: the latest date,
 * and on the same date the later line (runs.jsonl is append-only).
 */
export function latestPerFigure(runs: readonly Run[]): AreaSummary[] {
  const areas = new Map<string, Map<string, { run: Run; position: number }>>();
  runs.forEach((run, position) => {
    const figures = areas.get(run.area) ?? new Map<string, { run: Run; position: number }>();
    areas.set(run.area, figures);
    const current = figures.get(run.figure);
    if (!current || run.date >= current.run.date) figures.set(run.figure, { run, position });
  });
  return [...areas].map(([area, figures]) => ({
    area,
    latest: [...figures.values()]
      .sort((a, b) => (a.run.date === b.run.date ? a.position - b.position : a.run.date < b.run.date ? 1 : -1))
      .map(({ run }) => run),
  }));
}

/** Integers from 1 000 up grouped by thousands with a space, as the history writes them; other numbers as recorded. */
export function formatValue(run: Pick<Run, "value" | "unit">): string {
  const { value, unit } = run;
  const text =
    typeof value === "number" && Number.isInteger(value) && Math.abs(value) >= 1000
      ? String(value).replace(/\B(?=(\d{3})+(?!\d))/g, " ")
      : String(value);
  return unit ? `${text} ${unit}` : text;
}

const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");
const code = (text: string) => (text.includes("`") ? `\`\` ${text} \`\`` : `\`${text}\``);
const dateText = (date: string) => (date.length > 10 ? `${date} UTC` : date);

/**
 * The notes under an area's table, each once: bare when it applies to every row, else labelled with the run's date when
 * it applies to exactly the rows of that date, else with the figures it applies to.
 */
function notes(latest: readonly Run[]): string[] {
  const byNote = new Map<string, Run[]>();
  for (const run of latest) if (run.note) byNote.set(run.note, [...(byNote.get(run.note) ?? []), run]);
  return [...byNote].map(([note, runs]) => {
    if (runs.length === latest.length) return `- ${note}`;
    const date = runs[0]?.date ?? "";
    const sameRun = runs.every((r) => r.date === date) && latest.filter((r) => r.date === date).length === runs.length;
    return `- ${sameRun ? dateText(date) : runs.map((r) => `_${r.figure.replace(/[_*]/g, "\\$&")}_`).join(", ")}: ${note}`;
  });
}

/** BENCHMARKS.md as Markdown (not yet run through Prettier). */
export function renderSummaryMarkdown(runs: readonly Run[]): string {
  const lines = [
    "# Benchmarks",
    "",
    `Today's figures: the latest run of each figure, per area, with the date and the command of that run. Generated by \`npm run bench:summary\` from [${RUNS_FILE}](${RUNS_FILE}), which the benchmark scripts append to (hand-measured figures are added there as lines too); do not edit this file by hand.`,
  ];
  for (const { area, latest } of latestPerFigure(runs)) {
    lines.push("", `## ${area}`, "", "| figure | value | date | command |", "| --- | ---: | --- | --- |");
    for (const run of latest)
      lines.push(
        `| ${cell(run.figure)} | ${cell(formatValue(run))} | ${dateText(run.date)} | ${run.command === null ? "not in the log" : cell(code(run.command))} |`,
      );
    const notesLines = notes(latest);
    if (notesLines.length > 0) lines.push("", ...notesLines.map((line) => line.replace(/\n/g, " ")));
  }
  lines.push(
    "",
    "## History",
    "",
    `Every run's full section (tables, machine load, readings) and all earlier figures: [${HISTORY_FILE}](${HISTORY_FILE}).`,
    "",
  );
  return lines.join("\n");
}

/** BENCHMARKS.md formatted with the repo's Prettier settings, so `prettier --check` passes. */
export async function renderSummary(runs: readonly Run[]): Promise<string> {
  const options = (await resolveConfig(path.join(ROOT, SUMMARY_FILE))) ?? {};
  return format(renderSummaryMarkdown(runs), { ...options, parser: "markdown" });
}

export function readRuns(root = ROOT): Run[] {
  return parseRuns(readFileSync(path.join(root, RUNS_FILE), "utf8"), RUNS_FILE);
}

/** Rewrites BENCHMARKS.md under root from root's runs.jsonl. */
export async function writeSummary(root = ROOT): Promise<void> {
  writeFileSync(path.join(root, SUMMARY_FILE), await renderSummary(readRuns(root)));
}

// No top-level await: record.ts imports this module into every benchmark script.
if (import.meta.url === `file://${process.argv[1]}`) {
  writeSummary().then(
    () => console.log(`${SUMMARY_FILE} rebuilt from ${RUNS_FILE}`),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
