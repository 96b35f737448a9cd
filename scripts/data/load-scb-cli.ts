/**
 * npm run data:load-scb -- --file scb_bulkfil_JE_….txt [--bolagsverket data/bolagsverket] [--out data/register]
 *   [--skip-invalid]
 * Joins SCB's bulk file with the Bolagsverket loader's records (docs/decisions/0021). Bad rows are listed with line
 * numbers; without --skip-invalid any bad row rejects the file and nothing but load-report.json is written.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { SingleBar } from "cli-progress";
import { z } from "zod";
import { log } from "#shared/log";
import { loadScb } from "./load-scb";

const ArgsSchema = z.object({
  file: z.string().min(1),
  bolagsverket: z.string().min(1).optional(),
  out: z.string().min(1).default("data/register"),
  "skip-invalid": z.boolean().default(false),
});

async function main() {
  const { values } = parseArgs({
    options: { file: { type: "string" }, bolagsverket: { type: "string" }, out: { type: "string" }, "skip-invalid": { type: "boolean" } },
  });
  const args = ArgsSchema.parse(values);
  const bar = new SingleBar({
    stream: process.stderr,
    noTTYOutput: true,
    notTTYSchedule: 10_000,
    format: "Läser SCB:s bulkfil [{bar}] {percentage}% | {eta_formatted} kvar",
  });
  bar.start(100, 0);
  const report = await loadScb({
    file: path.resolve(args.file),
    bolagsverket: args.bolagsverket ? path.resolve(args.bolagsverket) : undefined,
    outDir: path.resolve(args.out),
    skipInvalid: args["skip-invalid"],
    onProgress: (bytes, total) => bar.update(Math.floor((100 * bytes) / Math.max(1, total))),
  });
  bar.stop();
  for (const issue of report.issues.slice(0, 50))
    process.stderr.write(`${issue.file ? `${issue.file} ` : ""}rad ${issue.line}: ${issue.message}\n`);
  if (report.issueCount > 50) process.stderr.write(`… och ${report.issueCount - 50} fel till (se load-report.json)\n`);
  if (report.unplacedCount > 0)
    process.stderr.write(`${report.unplacedCount} företag bara hos SCB kunde inte bli kompletta poster (se unplaced i load-report.json)\n`);
  const { issues: _issues, unplaced: _unplaced, ...summary } = report;
  const level = report.rejected ? "error" : report.issueCount > 0 || report.unplacedCount > 0 ? "warn" : "info";
  log(level, report.rejected ? "scb bulk file rejected" : "scb bulk file loaded", { ...summary, outDir: args.out });
  if (report.rejected) process.exitCode = 1;
}

main().catch((error: unknown) => {
  log("error", "scb bulk file load failed", { error: error instanceof Error ? error.message : String(error) });
  process.exitCode = 1;
});
