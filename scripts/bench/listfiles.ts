/**
 * List-file parser benchmark: 5 000 numbers in each format (the LibreOffice files of tests/fixtures/list-files/bench,
 * plus Windows-1252 and UTF-16 re-encodings) and two 20 MB text files. Each case runs in a fresh process
 * (listfiles-case.ts) so its peak memory is its own. Prints a table and appends it, with the command, to docs/benchmarks (record.ts).
 * Target (issue 10): each case under 0.5 s.
 *
 *   npm run bench:listfiles
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import cliProgress from "cli-progress";
import { CASES } from "./listfiles-case";
import { recordBenchmark } from "./record";

const ROOT = path.resolve(import.meta.dirname, "../..");
const TARGET_MS = 500;

interface CaseResult {
  case: string;
  bytes: number;
  rows: number;
  numbers: number;
  coldMs: number;
  medianMs: number;
  medianCpuMs: number;
  peakGrowthMb: number;
  peakRssMb: number;
}

const run = promisify(execFile);

async function measure(caseName: string): Promise<CaseResult> {
  const tsx = path.join(ROOT, "node_modules/.bin/tsx");
  const { stdout } = await run(tsx, [path.join(ROOT, "scripts/bench/listfiles-case.ts"), caseName], {
    cwd: ROOT,
    maxBuffer: 1 << 20,
    timeout: 300_000,
  });
  return JSON.parse(stdout.trim().split("\n").pop() as string) as CaseResult;
}

const size = (bytes: number) => (bytes >= 1 << 20 ? `${(bytes / (1 << 20)).toFixed(1)} MB` : `${Math.round(bytes / 1024)} kB`);
const ms = (value: number) => `${Math.round(value)} ms`;

function table(results: CaseResult[]): string {
  const header = [
    "| case | size | rows | numbers | cold | median (7 runs) | median CPU | peak RSS growth | peak RSS | < 0.5 s |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | :---: |",
  ];
  const rows = results.map((r) =>
    [
      r.case,
      size(r.bytes),
      r.rows.toLocaleString("sv-SE"),
      r.numbers.toLocaleString("sv-SE"),
      ms(r.coldMs),
      ms(r.medianMs),
      ms(r.medianCpuMs),
      `${r.peakGrowthMb.toFixed(0)} MB`,
      `${r.peakRssMb.toFixed(0)} MB`,
      r.medianMs < TARGET_MS ? "yes" : "no",
    ].join(" | "),
  );
  return [...header, ...rows.map((r) => `| ${r} |`)].join("\n");
}

/** Cases that must yield exactly the 5 000 numbers of the bench list. */
function checkCounts(results: CaseResult[]): void {
  const expected = JSON.parse(readFileSync(path.join(ROOT, "tests/fixtures/list-files/bench/expected.json"), "utf8")) as {
    numbers: string[];
  };
  for (const r of results) {
    if (r.case.startsWith("5 000") && r.numbers !== expected.numbers.length)
      throw new Error(`${r.case}: ${r.numbers} numbers, expected 5 000`);
  }
}

async function main(): Promise<void> {
  const names = Object.keys(CASES);
  const bar = new cliProgress.SingleBar({ stream: process.stderr, format: "bench:listfiles [{bar}] {value}/{total} {case}" });
  bar.start(names.length, 0, { case: "" });
  const results: CaseResult[] = [];
  for (const name of names) {
    bar.update({ case: name });
    results.push(await measure(name));
    bar.increment();
  }
  bar.stop();
  checkCounts(results);
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(", ");
  const section = [
    "",
    `## List-file parsing (issue 10), ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
    "",
    "Command: `npm run bench:listfiles` (scripts/bench/listfiles.ts). Each case in a fresh Node process: one cold parse,",
    "then 7 timed parses (median wall and CPU time). Peak RSS growth is how far the process's high-water mark rose",
    "during the cold parse, beyond the input already in memory. Target: under 0.5 s each.",
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.versions.node}, load average ${load} when it ran.`,
    "",
    table(results),
    "",
  ].join("\n");
  process.stdout.write(section);
  await recordBenchmark(section, {
    area: "List-file parsing",
    command: "npm run bench:listfiles",
    figures: results.map((r) => ({ figure: `${r.case}: median parse`, value: Math.round(r.medianMs), unit: "ms" })),
  });
}

await main();
