/**
 * `npm run bench:export [-- --rows 10000,100000,250000] [--dry-run]`: the streaming XLSX writer against sheetjs-style building the
 * same workbook in memory. Each case runs in its own node process (a bundle, no TypeScript loader) so its peak RSS is
 * its own, once with Node's default heap settings and once with the V8 heap capped at 128 MB, a Worker isolate's
 * budget. Prints a table with ratios and target checks and appends it, with the command, to docs/benchmarks (record.ts).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { SingleBar } from "cli-progress";
import { build } from "esbuild";
import { z } from "zod";
import { exportFigures, formatReport, type CaseResult } from "./export-xlsx-report";
import { recordBenchmark } from "./record";

const ROOT = path.resolve(import.meta.dirname, "../..");
const WORKER_HEAP_FLAG = "--max-heap-size=128";
const CaseOutputSchema = z.object({
  impl: z.enum(["streaming", "sheetjs", "streaming-60", "csv-60"]),
  rows: z.number(),
  wallMs: z.number(),
  cpuMs: z.number(),
  peakRssMb: z.number(),
  baselineRssMb: z.number(),
  fileBytes: z.number(),
});

const { values } = parseArgs({
  options: { rows: { type: "string", default: "10000,100000,250000" }, "dry-run": { type: "boolean", default: false } },
});
const rowCounts = z.array(z.coerce.number().int().min(1).max(2_000_000)).parse(values.rows.split(","));

async function bundleCase(): Promise<string> {
  // Inside node_modules so the bundle resolves sheetjs-style (kept external: CommonJS with dynamic requires).
  const outdir = path.join(ROOT, "node_modules/.cache/urval-bench");
  mkdirSync(outdir, { recursive: true });
  const entry = path.join(ROOT, "scripts/bench/export-xlsx-case.ts");
  const options = { bundle: true, splitting: true, platform: "node", format: "esm", outExtension: { ".js": ".mjs" } } as const;
  await build({ ...options, entryPoints: [entry], outdir, external: ["sheetjs-style"], logLevel: "warning" });
  return path.join(outdir, "export-xlsx-case.mjs");
}

function runCase(bundle: string, impl: CaseResult["impl"], rows: number, heapCapped: boolean): CaseResult {
  const flags = heapCapped ? [WORKER_HEAP_FLAG] : [];
  const child = spawnSync(process.execPath, [...flags, bundle, impl, String(rows)], { encoding: "utf8", maxBuffer: 16 * 1024 * 1024 });
  const line = child.stdout.trim().split("\n").at(-1) ?? "";
  if (child.status !== 0 || !line.startsWith("{")) {
    const outOfMemory = /heap out of memory|Allocation failed/i.test(child.stderr);
    return { impl, rows, heapCapped, failure: outOfMemory ? "out of memory" : `exit ${child.status ?? child.signal}` };
  }
  return { ...CaseOutputSchema.parse(JSON.parse(line)), heapCapped };
}

async function main() {
  const bundle = await bundleCase();
  // The export designer's wide cases (issue 17: 60 columns, XLSX and CSV) run at 100 000 rows, in the same run.
  const impls = (rows: number) =>
    rows === 100_000 ? (["streaming", "sheetjs", "streaming-60", "csv-60"] as const) : (["streaming", "sheetjs"] as const);
  const plan = rowCounts.flatMap((rows) => impls(rows).flatMap((impl) => [false, true].map((heapCapped) => ({ impl, rows, heapCapped }))));
  const bar = new SingleBar({
    stream: process.stderr,
    format: "export bench [{bar}] {value}/{total} cases | {case}",
    noTTYOutput: true,
    notTTYSchedule: 10_000,
  });
  bar.start(plan.length, 0, { case: "" });
  const results: CaseResult[] = [];
  for (const { impl, rows, heapCapped } of plan) {
    bar.update(results.length, { case: `${impl} ${rows} rows${heapCapped ? " (128 MB heap)" : ""}` });
    results.push(runCase(bundle, impl, rows, heapCapped));
  }
  bar.update(plan.length, { case: "done" });
  bar.stop();
  const command = `npm run bench:export${values.rows === "10000,100000,250000" ? "" : ` -- --rows ${values.rows}`}`;
  const load = os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(", ");
  const cpu = `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? "CPU"}`;
  const machine = `${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}, load average ${load} at the end`;
  const report = formatReport(results, { command, machine, date: new Date() });
  console.log(report);
  if (values["dry-run"]) return;
  await recordBenchmark(`\n${report}`, {
    area: "Export: streaming XLSX writer vs sheetjs-style",
    command,
    figures: exportFigures(results),
  });
}

await main();
