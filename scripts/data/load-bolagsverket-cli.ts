/**
 * npm run data:load-bolagsverket -- --file bolagsverket_bulkfil.txt [--out data/bolagsverket] [--skip-invalid]
 * Bad rows are listed with line numbers; without --skip-invalid any bad row rejects the file and nothing is written.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { SingleBar } from "cli-progress";
import { z } from "zod";
import { log } from "#shared/log";
import { loadBolagsverket } from "./load-bolagsverket";

const ArgsSchema = z.object({
  file: z.string().min(1),
  out: z.string().min(1).default("data/bolagsverket"),
  "skip-invalid": z.boolean().default(false),
});

async function main() {
  const { values } = parseArgs({ options: { file: { type: "string" }, out: { type: "string" }, "skip-invalid": { type: "boolean" } } });
  const args = ArgsSchema.parse(values);
  const bar = new SingleBar({
    stream: process.stderr,
    noTTYOutput: true,
    notTTYSchedule: 10_000,
    format: "Läser bolagsverkets bulkfil [{bar}] {percentage}% | {eta_formatted} kvar",
  });
  bar.start(100, 0);
  const report = await loadBolagsverket({
    file: path.resolve(args.file),
    outDir: path.resolve(args.out),
    skipInvalid: args["skip-invalid"],
    onProgress: (bytes, total) => bar.update(Math.floor((100 * bytes) / Math.max(1, total))),
  });
  bar.stop();
  for (const issue of report.issues.slice(0, 50)) process.stderr.write(`rad ${issue.line}: ${issue.message}\n`);
  if (report.issueCount > 50) process.stderr.write(`… och ${report.issueCount - 50} fel till (se load-report.json)\n`);
  const { issues: _issues, ...summary } = report;
  log(report.rejected ? "error" : report.issueCount > 0 ? "warn" : "info", report.rejected ? "bulk file rejected" : "bulk file loaded", {
    ...summary,
    outDir: args.out,
  });
  if (report.rejected) process.exitCode = 1;
}

main().catch((error: unknown) => {
  log("error", "bulk file load failed", { error: error instanceof Error ? error.message : String(error) });
  process.exitCode = 1;
});
