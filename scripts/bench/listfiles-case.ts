/**
 * One list-file benchmark case in a fresh process (so its peak memory is its own): builds the input, parses it once
 * cold and then RUNS more times, and prints one JSON line with sizes, times and memory. Run by scripts/bench/listfiles.ts.
 *
 *   tsx scripts/bench/listfiles-case.ts <case>
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseListFile } from "#api/tooling";

const BENCH = path.resolve(import.meta.dirname, "../../tests/fixtures/list-files/bench");
const RUNS = 7;
const TWENTY_MB = 20 * 1024 * 1024;

const file = (name: string) => new Uint8Array(readFileSync(path.join(BENCH, name)));
const utf8Text = (name: string) => readFileSync(path.join(BENCH, name), "utf8").replace(/^\uFEFF/, "");

function utf16le(text: string): Uint8Array {
  const bytes = new Uint8Array(2 + text.length * 2);
  bytes.set([0xff, 0xfe]);
  for (let i = 0; i < text.length; i++) {
    bytes[2 + i * 2] = text.charCodeAt(i) & 0xff;
    bytes[3 + i * 2] = text.charCodeAt(i) >> 8;
  }
  return bytes;
}

/** Luhn-valid ten-digit numbers from a counter, spread over the number range. */
function tenDigits(i: number): string {
  const nine = String(556000000 + ((i * 7919) % 400000000)).padStart(9, "0");
  let sum = 0;
  for (let k = 0; k < 9; k++) {
    let d = Number(nine[k]) * (k % 2 === 0 ? 2 : 1);
    if (d > 9) d -= 9;
    sum += d;
  }
  return nine + String((10 - (sum % 10)) % 10);
}

/** Lines until the file reaches 20 MB. */
function twentyMegabytes(line: (i: number) => string): { name: string; bytes: Uint8Array } {
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < TWENTY_MB - 200; i++) {
    const next = line(i) + "\n";
    const length = Buffer.byteLength(next);
    if (size + length > TWENTY_MB) break;
    lines.push(next);
    size += length;
  }
  return { name: "stor.csv", bytes: new TextEncoder().encode(lines.join("")) };
}

export const CASES: Record<string, () => { name: string; bytes: Uint8Array }> = {
  "5 000 .xlsx": () => ({ name: "lista.xlsx", bytes: file("lista-5000.xlsx") }),
  "5 000 .xls": () => ({ name: "lista.xls", bytes: file("lista-5000.xls") }),
  "5 000 .docx": () => ({ name: "lista.docx", bytes: file("lista-5000.docx") }),
  "5 000 .csv UTF-8": () => ({ name: "lista.csv", bytes: file("lista-5000-utf-8.csv") }),
  "5 000 .tsv UTF-8": () => ({ name: "lista.tsv", bytes: file("lista-5000-utf-8.tsv") }),
  "5 000 .txt UTF-8 (BOM)": () => ({ name: "lista.txt", bytes: file("lista-5000-utf-8.txt") }),
  "5 000 .csv Windows-1252": () => ({ name: "lista.csv", bytes: Buffer.from(utf8Text("lista-5000-utf-8.csv"), "latin1") }),
  "5 000 .txt UTF-16 LE": () => ({ name: "lista.txt", bytes: utf16le(utf8Text("lista-5000-utf-8.txt")) }),
  "20 MB .csv, customer rows": () =>
    twentyMegabytes((i) => `${tenDigits(i).slice(0, 6)}-${tenDigits(i).slice(6)};Företag ${i} AB;Storgatan ${i % 90};123 45;Västerås`),
  "20 MB .csv, 1 000 000 numbers": () => twentyMegabytes((i) => (i < 1_000_000 ? `${tenDigits(i)};Kund` : "Anteckning utan nummer")),
};

async function main(): Promise<void> {
  const caseName = process.argv[2] ?? "";
  const build = CASES[caseName];
  if (!build) throw new Error(`unknown case "${caseName}"; one of: ${Object.keys(CASES).join(", ")}`);
  const { name, bytes } = build();
  const before = process.resourceUsage().maxRSS;
  let started = performance.now();
  const first = await parseListFile(name, bytes);
  const coldMs = performance.now() - started;
  const peakGrowthMb = (process.resourceUsage().maxRSS - before) / 1024;
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const cpuBefore = process.cpuUsage();
    started = performance.now();
    await parseListFile(name, bytes);
    wall.push(performance.now() - started);
    const used = process.cpuUsage(cpuBefore);
    cpu.push((used.user + used.system) / 1000);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
  const result = {
    case: caseName,
    bytes: bytes.length,
    rows: first.rowsRead,
    numbers: first.valid,
    coldMs,
    medianMs: median(wall),
    medianCpuMs: median(cpu),
    peakGrowthMb,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  };
  process.stdout.write(JSON.stringify(result) + "\n");
}

if (process.argv[1]?.endsWith("listfiles-case.ts")) await main();
