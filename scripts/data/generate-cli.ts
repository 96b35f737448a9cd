/**
 * npm run data:generate -- --companies N [--worksites M] [--seed S] [--out DIR]
 * Writes a deterministic synthetic dataset (source records) with a progress bar on stderr.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { SingleBar } from "cli-progress";
import { z } from "zod";
import { log } from "../../workers/shared/log";
import { generateDataset } from "./generate";

const ArgsSchema = z.object({
  companies: z.coerce.number().int().positive().max(5_000_000),
  worksites: z.coerce.number().int().nonnegative().max(10_000_000).optional(),
  seed: z.coerce.number().int().nonnegative().default(1),
  out: z.string().min(1).default("data/demo"),
});

async function main() {
  const { values } = parseArgs({
    options: { companies: { type: "string" }, worksites: { type: "string" }, seed: { type: "string" }, out: { type: "string" } },
  });
  const args = ArgsSchema.parse(values);
  const bar = new SingleBar({
    stream: process.stderr,
    noTTYOutput: true,
    notTTYSchedule: 10_000,
    format: "Genererar företag [{bar}] {percentage}% | {value}/{total} företag | {worksites} arbetsställen | {eta_formatted} kvar",
  });
  const started = performance.now();
  let peakRss = 0;
  bar.start(args.companies, 0, { worksites: 0 });
  const result = await generateDataset({
    ...args,
    outDir: path.resolve(args.out),
    onProgress: ({ companies, worksites }) => {
      peakRss = Math.max(peakRss, process.memoryUsage.rss());
      bar.update(companies, { worksites });
    },
  });
  bar.stop();
  const seconds = (performance.now() - started) / 1000;
  log("info", "dataset generated", {
    ...result.manifest,
    outDir: args.out,
    seconds: Math.round(seconds * 10) / 10,
    peakRssMb: Math.round(Math.max(peakRss, process.resourceUsage().maxRSS * 1024) / 2 ** 20),
  });
}

main().catch((error: unknown) => {
  log("error", "dataset generation failed", { error: error instanceof Error ? error.message : String(error) });
  process.exitCode = 1;
});
