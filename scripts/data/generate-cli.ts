/**
 * npm run data:generate -- --companies N [--worksites M] [--seed S] [--out DIR]
 * Writes a deterministic synthetic dataset (source records) with a progress bar on stderr.
 *
 * npm run data:generate -- --churn [--seed S] [--out DIR]
 * Applies a realistic nightly churn to the dataset in DIR (about 0.3 % new, 0.1 % removed, 2 % changed companies;
 * deterministic from the seed and the dataset), for Bevakning: reindex afterwards and the changes become alerts.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { SingleBar } from "cli-progress";
import { z } from "zod";
import { log } from "#shared/log";
import { churnDataset } from "./churn";
import { generateDataset } from "./generate";

async function churn(seed: number, out: string) {
  const bar = new SingleBar({
    stream: process.stderr,
    noTTYOutput: true,
    notTTYSchedule: 10_000,
    format: "Ändrar företag [{bar}] {percentage}% | {value}/{total} företag | {eta_formatted} kvar",
  });
  const started = performance.now();
  bar.start(1, 0);
  const result = await churnDataset({
    dir: path.resolve(out),
    seed,
    onProgress: (done, total) => {
      bar.setTotal(total);
      bar.update(done);
    },
  });
  bar.stop();
  const { manifest, ...counts } = result;
  log("info", "dataset churned", {
    ...counts,
    companies: manifest.companies,
    worksites: manifest.worksites,
    outDir: out,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  });
}

const ArgsSchema = z.object({
  companies: z.coerce.number().int().positive().max(5_000_000).optional(),
  worksites: z.coerce.number().int().nonnegative().max(10_000_000).optional(),
  seed: z.coerce.number().int().nonnegative().default(1),
  out: z.string().min(1).default("data/demo"),
});

async function main() {
  const { values } = parseArgs({
    options: {
      companies: { type: "string" },
      worksites: { type: "string" },
      seed: { type: "string" },
      out: { type: "string" },
      churn: { type: "boolean", default: false },
    },
  });
  const { churn: isChurn, ...rest } = values;
  const args = ArgsSchema.parse(rest);
  if (isChurn) return churn(args.seed, args.out);
  if (args.companies === undefined) throw new Error("--companies N is required (or --churn to change an existing dataset)");
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
    companies: args.companies,
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
