/**
 * tsx scripts/data/register-files/generate-register-files-cli.ts --source DIR --out DIR [--bolagsverket-rows N]
 *   [--scb-rows N] [--seed S] [--sole-trader-share X] [--timestamp T]
 * Writes real-format register files from a source dataset (DIR/companies.ndjson, read line by line):
 * OUT/bolagsverket_bulkfil.txt and OUT/scb_bulkfil_JE_<timestamp>.txt, loadable with `npm run data:load-bolagsverket`
 * and `npm run data:load-scb -- --bolagsverket`. Row counts default to the real files' per company (2.97 M and 1.8 M
 * rows for 1.3 M companies). A progress bar on stderr; a final JSON line of figures on stdout.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import type cliProgress from "cli-progress";
import { z } from "zod";
import { progressBar } from "../../demo-data";
import { readCompanies, readManifest } from "../../reindex/source-reader";
import { DEFAULT_BOLAGSVERKET_ROWS_PER_COMPANY } from "./write-bolagsverket";
import { writeRegisterFiles } from "./write-register-files";
import { DEFAULT_SCB_ROWS_PER_COMPANY, DEFAULT_SCB_TIMESTAMP } from "./write-scb";

const ArgsSchema = z.object({
  source: z.string().min(1),
  out: z.string().min(1),
  "bolagsverket-rows": z.coerce.number().int().nonnegative().optional(),
  "scb-rows": z.coerce.number().int().nonnegative().optional(),
  seed: z.coerce.number().int().nonnegative().default(1),
  "sole-trader-share": z.coerce.number().min(0).max(1).optional(),
  timestamp: z
    .string()
    .regex(/^\d{8}T\d{6}(_\d{2})?$/)
    .default(DEFAULT_SCB_TIMESTAMP),
});

const USAGE = `Usage: tsx scripts/data/register-files/generate-register-files-cli.ts --source DIR --out DIR
  [--bolagsverket-rows N] [--scb-rows N] [--seed S] [--sole-trader-share X] [--timestamp YYYYMMDDTHHMMSS_NN]
Writes OUT/bolagsverket_bulkfil.txt and OUT/scb_bulkfil_JE_<timestamp>.txt from DIR/companies.ndjson.
Defaults: the real files' rows per company (2.97 M and 1.8 M for 1.3 M companies), seed 1, 30 % of sole traders in
Bolagsverket's file, timestamp ${DEFAULT_SCB_TIMESTAMP}.
`;

async function main() {
  if (process.argv.includes("--help")) return void process.stdout.write(USAGE);
  const { values } = parseArgs({
    options: Object.fromEntries(Object.keys(ArgsSchema.shape).map((name) => [name, { type: "string" as const }])),
  });
  const args = ArgsSchema.parse(values);
  const companies = readManifest(args.source).companies;
  const perCompany = (rows: number | undefined, fallback: number) => (rows === undefined || companies === 0 ? fallback : rows / companies);
  const started = performance.now();
  const bar = progressBar("writing register files", companies);
  let extrasBar: cliProgress.SingleBar | undefined;
  const result = await writeRegisterFiles(readCompanies(args.source), {
    outDir: path.resolve(args.out),
    seed: args.seed,
    bolagsverketRowsPerCompany: perCompany(args["bolagsverket-rows"], DEFAULT_BOLAGSVERKET_ROWS_PER_COMPANY),
    scbRowsPerCompany: perCompany(args["scb-rows"], DEFAULT_SCB_ROWS_PER_COMPANY),
    soleTraderShare: args["sole-trader-share"],
    timestamp: args.timestamp,
    onCompany: (n) => {
      if (n % 1000 === 0 || n === companies) bar.update(n);
    },
    onExtraProgress: (done, total) => {
      if (!extrasBar) {
        bar.stop();
        extrasBar = progressBar("SCB-only entities", total);
      }
      extrasBar.update(done);
    },
  });
  (extrasBar ?? bar).stop();
  const seconds = (performance.now() - started) / 1000;
  const rows = result.bolagsverket.rows + result.scb.rows;
  const figures = {
    source: path.resolve(args.source),
    companies,
    ...result,
    seconds: Math.round(seconds * 10) / 10,
    rowsPerSecond: Math.round(rows / seconds),
    peakRssMb: Math.round((process.resourceUsage().maxRSS * 1024) / 2 ** 20),
  };
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`generating register files failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
