/**
 * npm run data:load-annual-reports -- --dir D [--out data/annual-reports] [--strict]
 * Reads Bolagsverket's bulk archives of digitally filed annual reports (docs/decisions/0050). A hostile or broken
 * report is refused on its own and listed in load-report.json; with --strict any refusal rejects the run (exit 1) and
 * nothing but load-report.json is written.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { SingleBar } from "cli-progress";
import { z } from "zod";
import { log } from "#shared/log";
import { loadAnnualReports } from "./annual-reports/load-annual-reports";

const ArgsSchema = z.object({
  dir: z.string().min(1),
  out: z.string().min(1).default("data/annual-reports"),
  strict: z.boolean().default(false),
});

/** About 1 500 reports an archive, as Bolagsverket's bulk archives hold: the bar's total before reading. */
const REPORTS_PER_ARCHIVE = 1_500;

async function main() {
  const { values } = parseArgs({ options: { dir: { type: "string" }, out: { type: "string" }, strict: { type: "boolean" } } });
  const args = ArgsSchema.parse(values);
  const dir = path.resolve(args.dir);
  const archives = readdirSync(dir).filter((name) => name.toLowerCase().endsWith(".zip")).length;
  const bar = new SingleBar({
    stream: process.stderr,
    noTTYOutput: true,
    notTTYSchedule: 10_000,
    format: "Läser årsredovisningar [{bar}] {value} rapporter | {duration_formatted}",
  });
  bar.start(Math.max(1, archives * REPORTS_PER_ARCHIVE), 0);
  const report = await loadAnnualReports({
    dir,
    outDir: path.resolve(args.out),
    strict: args.strict,
    onProgress: (filings) => bar.update(filings),
  });
  bar.stop();
  for (const refusal of report.refused.slice(0, 50)) {
    const at = [refusal.archive, refusal.inner, refusal.file].filter(Boolean).join(" / ");
    process.stderr.write(`${at}: ${refusal.reason} (${refusal.message})\n`);
  }
  if (report.refusedCount > 50) process.stderr.write(`… och ${report.refusedCount - 50} till (se load-report.json)\n`);
  const { refused: _refused, flagged, corrections, ...summary } = report;
  log(
    report.rejected ? "error" : report.refusedCount > 0 ? "warn" : "info",
    report.rejected ? "annual reports rejected" : "annual reports loaded",
    {
      ...summary,
      flagged: flagged.length,
      corrections: corrections.length,
      outDir: args.out,
    },
  );
  if (report.rejected) process.exitCode = 1;
}

main().catch((error: unknown) => {
  log("error", "annual report load failed", { error: error instanceof Error ? error.message : String(error) });
  process.exitCode = 1;
});
