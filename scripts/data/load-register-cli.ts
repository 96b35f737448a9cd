/**
 * npm run data:load-register -- --bolagsverket F --scb F --annual-reports D [--out data/register] [--skip-invalid]
 *   [--strict]
 * Loads the three public sources and joins them by organisation number into one dataset for `npm run reindex`
 * (docs/decisions/0050). Each loader's own report is kept under OUT/sources and OUT/annual-reports.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import { log } from "#shared/log";
import { loadRegister } from "./load-register";

const ArgsSchema = z.object({
  bolagsverket: z.string().min(1),
  scb: z.string().min(1),
  "annual-reports": z.string().min(1),
  out: z.string().min(1).default("data/register"),
  "skip-invalid": z.boolean().default(false),
  strict: z.boolean().default(false),
});

async function main() {
  const { values } = parseArgs({
    options: {
      bolagsverket: { type: "string" },
      scb: { type: "string" },
      "annual-reports": { type: "string" },
      out: { type: "string" },
      "skip-invalid": { type: "boolean" },
      strict: { type: "boolean" },
    },
  });
  const args = ArgsSchema.parse(values);
  const report = await loadRegister({
    bolagsverket: args.bolagsverket,
    scb: args.scb,
    annualReports: args["annual-reports"],
    outDir: path.resolve(args.out),
    skipInvalid: args["skip-invalid"],
    strict: args.strict,
    onOutput: (loader, text) => process.stderr.write(text.replace(/^(?=.)/gm, `[${loader}] `)),
  });
  const { loaders: _loaders, ...summary } = report;
  log(report.rejected ? "error" : "info", report.rejected ? "register rejected" : "register loaded", { ...summary, outDir: args.out });
  if (report.rejected) process.exitCode = 1;
}

main().catch((error: unknown) => {
  log("error", "register load failed", { error: error instanceof Error ? error.message : String(error) });
  process.exitCode = 1;
});
