/**
 * npm run bench:generate [-- --sizes 100000,1300000 --seed 1]
 * Runs the dataset generator CLI once per size in a fresh process (worksites scaled 1.4 M : 1.3 M), prints the
 * figures and appends them, with this command, to docs/benchmarks (record.ts). Outputs go to a temporary folder that is removed.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import { recordBenchmark } from "../bench/record";

const ROOT = path.resolve(import.meta.dirname, "../..");
const ArgsSchema = z.object({
  sizes: z
    .string()
    .default("100000,1300000")
    .transform((s) => s.split(",").map(Number))
    .pipe(z.array(z.number().int().positive())),
  seed: z.coerce.number().int().nonnegative().default(1),
});
const ResultSchema = z.object({ companies: z.number(), worksites: z.number(), seconds: z.number(), peakRssMb: z.number() });

function runOnce(companies: number, seed: number) {
  const out = mkdtempSync(path.join(tmpdir(), "urval-bench-gen-"));
  const worksites = Math.round((companies * 1_400_000) / 1_300_000);
  const args = ["--companies", String(companies), "--worksites", String(worksites), "--seed", String(seed), "--out", out];
  try {
    const child = spawnSync(path.join(ROOT, "node_modules/.bin/tsx"), ["scripts/data/generate-cli.ts", ...args], {
      cwd: ROOT,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
      maxBuffer: 1 << 24,
    });
    if (child.status !== 0) throw new Error(`generator exited with ${child.status}`);
    const lastLine = child.stdout.trim().split("\n").at(-1) ?? "{}";
    const result = ResultSchema.parse(JSON.parse(lastLine));
    const bytes = ["companies.ndjson", "worksites.ndjson"].reduce((sum, f) => sum + statSync(path.join(out, f)).size, 0);
    return { ...result, outputMb: Math.round(bytes / 2 ** 20) };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

const { values } = parseArgs({ options: { sizes: { type: "string" }, seed: { type: "string" } } });
const args = ArgsSchema.parse(values);
const load = loadavg()[0]?.toFixed(1) ?? "?";
const results = args.sizes.map((size) => runOnce(size, args.seed));
const rows = results.map((r) => {
  return `| ${r.companies.toLocaleString("sv-SE")} | ${r.worksites.toLocaleString("sv-SE")} | ${r.seconds} | ${Math.round(r.companies / r.seconds).toLocaleString("sv-SE")} | ${r.peakRssMb} | ${r.outputMb} |`;
});
const command = `npm run bench:generate${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(" ")}` : ""}`;
const section = [
  "",
  `## Dataset generator (${new Date().toISOString().slice(0, 10)}, 2 cores, load average ${load} at start)`,
  "",
  `Command: \`${command}\``,
  "",
  "| companies | worksites | seconds | companies/s | peak RSS MB | NDJSON MB |",
  "| ---: | ---: | ---: | ---: | ---: | ---: |",
  ...rows,
  "",
  "Wall-clock time of `generateDataset` (streaming NDJSON, one process per size); peak RSS is the process maximum.",
  "",
].join("\n");
process.stdout.write(section);
const companies = (n: number) => n.toLocaleString("en-US").replace(/,/g, " ");
await recordBenchmark(section, {
  area: "Dataset generator",
  command,
  figures: results.flatMap((r) => [
    { figure: `${companies(r.companies)} companies: wall time`, value: r.seconds, unit: "s" },
    { figure: `${companies(r.companies)} companies: peak RSS`, value: r.peakRssMb, unit: "MB" },
  ]),
});
