/**
 * tsx scripts/data/annual-reports/generator/generate-annual-reports-cli.ts --source DIR --out DIR
 *     [--reports N] [--per-archive 1500] [--seed 1] [--special-cases] [--expected FILE] [--hostile FILE]
 *
 * Writes bulk archives of real-format annual reports (01_1.zip, 01_2.zip, ...) for the companies of a generated
 * dataset (DIR/companies.ndjson, read line by line), with a progress bar on stderr and one JSON line of figures on
 * stdout. --expected writes one line per nested zip with what a correct loader reads from it; --hostile writes the
 * hostile archive (and its -outer.zip sibling) from the first companies, with its cases as JSON beside it.
 */
import { once } from "node:events";
import { createReadStream, createWriteStream, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { SingleBar } from "cli-progress";
import { z } from "zod";
import { type CompanySourceRecord, CompanySourceRecordSchema, SourceManifestSchema } from "#search-index/engine";
import { log } from "#shared/log";
import { writeAnnualReportArchives, writeHostileArchive } from "./write-archives";

const ArgsSchema = z.object({
  source: z.string().min(1),
  out: z.string().min(1),
  reports: z.coerce.number().int().positive().optional(),
  "per-archive": z.coerce.number().int().positive().default(1500),
  seed: z.coerce.number().int().nonnegative().default(1),
  "special-cases": z.boolean().default(false),
  expected: z.string().min(1).optional(),
  hostile: z.string().min(1).optional(),
});

/** Filed reports per company in the generated datasets: the progress bar's total before the end is known. */
const REPORTS_PER_COMPANY = 1.33;

async function* readCompanies(file: string): AsyncGenerator<CompanySourceRecord> {
  const lines = createInterface({ input: createReadStream(file, { encoding: "utf8" }), crlfDelay: Infinity });
  for await (const line of lines) if (line.trim() !== "") yield CompanySourceRecordSchema.parse(JSON.parse(line));
}

async function firstCompanies(file: string, count: number): Promise<CompanySourceRecord[]> {
  const companies: CompanySourceRecord[] = [];
  for await (const company of readCompanies(file)) {
    companies.push(company);
    if (companies.length >= count) break;
  }
  return companies;
}

function progressTotal(source: string, reports: number | undefined): number {
  if (reports !== undefined) return reports;
  const manifest = SourceManifestSchema.parse(JSON.parse(readFileSync(path.join(source, "manifest.json"), "utf8")));
  return Math.max(1, Math.round(manifest.companies * REPORTS_PER_COMPANY));
}

async function main() {
  const { values } = parseArgs({
    options: {
      source: { type: "string" },
      out: { type: "string" },
      reports: { type: "string" },
      "per-archive": { type: "string" },
      seed: { type: "string" },
      "special-cases": { type: "boolean" },
      expected: { type: "string" },
      hostile: { type: "string" },
    },
  });
  const args = ArgsSchema.parse(values);
  const companiesFile = path.join(path.resolve(args.source), "companies.ndjson");
  const expected = args.expected ? createWriteStream(path.resolve(args.expected)) : null;
  const bar = new SingleBar({
    stream: process.stderr,
    noTTYOutput: true,
    notTTYSchedule: 10_000,
    format: "Skriver årsredovisningar [{bar}] {percentage}% | {value}/{total} rapporter | {duration_formatted}",
  });
  const started = performance.now();
  bar.start(progressTotal(args.source, args.reports), 0);
  const summary = await writeAnnualReportArchives(readCompanies(companiesFile), {
    outDir: path.resolve(args.out),
    seed: args.seed,
    reportsPerArchive: args["per-archive"],
    maxReports: args.reports,
    specialCases: args["special-cases"],
    onProgress: (reports) => bar.update(reports),
    onReport: expected
      ? async (report) => {
          if (!expected.write(`${JSON.stringify(report)}\n`)) await once(expected, "drain");
        }
      : undefined,
  });
  bar.setTotal(summary.reports);
  bar.stop();
  if (expected) await new Promise<void>((resolve, reject) => expected.end((error?: Error | null) => (error ? reject(error) : resolve())));
  const seconds = (performance.now() - started) / 1000;
  const cpuSeconds = (process.cpuUsage().user + process.cpuUsage().system) / 1e6;
  // Measured before the hostile archive, whose 51 MiB document is built in memory on purpose.
  const peakRssMb = Math.round((process.resourceUsage().maxRSS * 1024) / 2 ** 20);
  if (args.hostile) {
    const hostile = await writeHostileArchive(path.resolve(args.hostile), await firstCompanies(companiesFile, 400));
    writeFileSync(`${path.resolve(args.hostile)}.cases.json`, JSON.stringify(hostile, null, 2) + "\n");
  }
  const figures = {
    reports: summary.reports,
    archives: summary.archives.length,
    bytes: summary.bytes,
    megabytes: Math.round(summary.bytes / 2 ** 20),
    seconds: Math.round(seconds * 10) / 10,
    reportsPerSecond: Math.round(summary.reports / seconds),
    /** CPU seconds of the whole process (start-up included): the rate on one core, whatever else the machine runs. */
    cpuSeconds: Math.round(cpuSeconds * 10) / 10,
    reportsPerCpuSecond: Math.round(summary.reports / cpuSeconds),
    peakRssMb,
    corrections: summary.corrections.length,
    foreignCurrency: summary.foreignCurrency.length,
  };
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}

main().catch((error: unknown) => {
  log("error", "annual report generation failed", { error: error instanceof Error ? error.message : String(error) });
  process.exitCode = 1;
});
