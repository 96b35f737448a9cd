/** The export benchmark's table, ratios and target checks as Markdown (recorded in docs/benchmarks by record.ts). */

export type CaseResult =
  | {
      impl: Impl;
      rows: number;
      heapCapped: boolean;
      wallMs: number;
      cpuMs: number;
      peakRssMb: number;
      baselineRssMb: number;
      fileBytes: number;
      failure?: undefined;
    }
  | { impl: Impl; rows: number; heapCapped: boolean; failure: string };

/** streaming and sheetjs write the 28 Standard columns; the "-60" cases 60 designer columns (issue 17). */
export type Impl = "streaming" | "sheetjs" | "streaming-60" | "csv-60";
const IMPL_NAMES: Record<Impl, string> = {
  streaming: "streaming writer",
  sheetjs: "sheetjs-style",
  "streaming-60": "streaming writer, 60 columns",
  "csv-60": "CSV writer, 60 columns",
};

type Measured = Extract<CaseResult, { wallMs: number }>;

const seconds = (ms: number) => (ms / 1000).toFixed(2);
const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}×`;
const rowsText = (rows: number) => rows.toLocaleString("en-US").replace(/,/g, " ");

function find(results: CaseResult[], impl: CaseResult["impl"], rows: number, heapCapped: boolean): Measured | undefined {
  const found = results.find((r) => r.impl === impl && r.rows === rows && r.heapCapped === heapCapped);
  return found && found.failure === undefined ? found : undefined;
}

function tableRow(r: CaseResult): string {
  const name = `${IMPL_NAMES[r.impl]}${r.heapCapped ? ", 128 MB heap" : ""}`;
  if (r.failure !== undefined) return `| ${rowsText(r.rows)} | ${name} | ${r.failure} | | | | |`;
  return `| ${rowsText(r.rows)} | ${name} | ${seconds(r.wallMs)} | ${seconds(r.cpuMs)} | ${r.peakRssMb} | ${r.baselineRssMb} | ${mb(r.fileBytes)} |`;
}

function ratioLines(results: CaseResult[], rowCounts: number[]): string[] {
  return rowCounts.map((rows) => {
    const s = find(results, "streaming", rows, false);
    const x = find(results, "sheetjs", rows, false);
    if (!s || !x) return `- ${rowsText(rows)} rows: sheetjs-style did not finish, no ratio`;
    return `- ${rowsText(rows)} rows: streaming is ${ratio(x.cpuMs, s.cpuMs)} less CPU, ${ratio(x.wallMs, s.wallMs)} faster, ${ratio(x.peakRssMb, s.peakRssMb)} less peak RSS than sheetjs-style (both with default heap settings)`;
  });
}

function targetLines(results: CaseResult[], rowCounts: number[]): string[] {
  const check = (ok: boolean, text: string) => `- ${ok ? "✓" : "✗"} ${text}`;
  const s100 = find(results, "streaming", 100_000, false);
  const capped = rowCounts.map((rows) => find(results, "streaming", rows, true)).filter((r) => r !== undefined);
  const lines: string[] = [];
  if (s100) lines.push(check(s100.cpuMs < 6000, `100 000 rows in under 6 s of CPU: ${seconds(s100.cpuMs)} s`));
  const capped100 = find(results, "streaming", 100_000, true);
  if (capped100)
    lines.push(check(capped100.peakRssMb < 100, `100 000 rows under 100 MB peak RSS in a Worker-sized heap: ${capped100.peakRssMb} MB`));
  if (capped.length > 1) {
    const peaks = capped.map((r) => r.peakRssMb);
    const flat = Math.max(...peaks) / Math.min(...peaks) <= 1.25;
    lines.push(
      check(
        flat,
        `peak flat from ${rowsText(capped[0]!.rows)} to ${rowsText(capped.at(-1)!.rows)} rows (within 25 %): ${peaks.join(" → ")} MB`,
      ),
    );
  }
  for (const impl of ["streaming-60", "csv-60"] as const) {
    const wide = find(results, impl, 100_000, false);
    const wideCapped = find(results, impl, 100_000, true);
    if (wide) lines.push(check(wide.cpuMs < 10_000, `${IMPL_NAMES[impl]}: 100 000 rows in under 10 s of CPU: ${seconds(wide.cpuMs)} s`));
    if (wideCapped)
      lines.push(
        check(
          wideCapped.peakRssMb < 128,
          `${IMPL_NAMES[impl]}: 100 000 rows within 128 MB with a 128 MB heap: ${wideCapped.peakRssMb} MB peak RSS`,
        ),
      );
    else if (find(results, impl, 100_000, false)) lines.push(check(false, `${IMPL_NAMES[impl]}: did not finish with a 128 MB heap`));
  }
  const x100 = find(results, "sheetjs", 100_000, false);
  if (s100 && x100) {
    lines.push(check(x100.cpuMs / s100.cpuMs >= 4, `at least 4× faster than sheetjs-style: ${ratio(x100.cpuMs, s100.cpuMs)} (CPU)`));
    const best = capped100 ?? s100;
    lines.push(
      check(
        x100.peakRssMb / best.peakRssMb >= 10,
        `at least 10× less memory: ${ratio(x100.peakRssMb, best.peakRssMb)} (${x100.peakRssMb} MB vs ${best.peakRssMb} MB)`,
      ),
    );
  }
  return lines;
}

/**
 * The figures the targets are about, for docs/benchmarks/runs.jsonl: every writer's CPU at 100 000 rows, every writer's
 * peak RSS with the Worker-sized heap (any row count), and sheetjs-style's peak RSS at 100 000 rows (the 10× reference).
 */
export function exportFigures(results: CaseResult[]): { figure: string; value: number; unit: string }[] {
  return results.flatMap((r) => {
    if (r.failure !== undefined) return [];
    const name = `${rowsText(r.rows)} rows, ${IMPL_NAMES[r.impl]}${r.heapCapped ? ", 128 MB heap" : ""}`;
    const figures: { figure: string; value: number; unit: string }[] = [];
    if (!r.heapCapped && r.rows === 100_000) figures.push({ figure: `${name}: CPU`, value: Number(seconds(r.cpuMs)), unit: "s" });
    if (r.heapCapped || (r.impl === "sheetjs" && r.rows === 100_000))
      figures.push({ figure: `${name}: peak RSS`, value: r.peakRssMb, unit: "MB" });
    return figures;
  });
}

export function formatReport(results: CaseResult[], meta: { command: string; machine: string; date: Date }): string {
  const rowCounts = [...new Set(results.map((r) => r.rows))];
  return [
    `## Export: streaming XLSX writer vs sheetjs-style (${meta.date.toISOString().slice(0, 10)})`,
    "",
    `Command: \`${meta.command}\` · ${meta.machine}. Company rows, 28 columns (the "60 columns" cases: 60 export-designer`,
    'columns, XLSX and CSV). Each case in its own node process; "128 MB heap"',
    "runs with `--max-heap-size=128` (a Worker isolate's budget). Peak RSS is the whole process (node itself ≈ 40 MB);",
    "baseline is the RSS after building the 2 000-record row pool, before the export starts.",
    "",
    "| rows | writer | wall s | CPU s | peak RSS MB | baseline MB | file MB |",
    "| ---: | --- | ---: | ---: | ---: | ---: | ---: |",
    ...results.map(tableRow),
    "",
    ...ratioLines(results, rowCounts),
    "",
    "Targets:",
    ...targetLines(results, rowCounts),
    "",
  ].join("\n");
}
