/**
 * npm run bench:register -- --work DIR [--companies 1300000] [--reports 300000] [--bolagsverket-rows 2970000]
 *   [--scb-rows 1800000] [--state DIR]
 * Issue 45 point 6: the whole register load (Bolagsverket's and SCB's bulk files and the annual-report archives,
 * `data:load-register`) followed by the reindex into the embedded backend, timed, with each step's peak memory.
 * Budget: at most 15 minutes for both on this 2-core machine; the loaders at most 1.5 GB each; the reindex within its
 * peak of today (about 2.5 GB at full Sweden, BENCHMARKS.md "Full reindex").
 *
 * The inputs are written in real formats once into DIR (kept between runs, regenerated only when missing): a synthetic
 * Sweden (`data:generate`), its bulk files (`data:generate-register-files`) and its annual-report archives
 * (`data:generate-annual-reports`). Only the load and the reindex are timed. Records in docs/benchmarks.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import { recordBenchmark } from "./record";

const ROOT = path.resolve(import.meta.dirname, "../..");
const tsx = path.join(ROOT, "node_modules/.bin/tsx");

const ArgsSchema = z.object({
  work: z.string().min(1),
  companies: z.coerce.number().int().positive().default(1_300_000),
  reports: z.coerce.number().int().positive().default(300_000),
  "bolagsverket-rows": z.coerce.number().int().positive().default(2_970_000),
  "scb-rows": z.coerce.number().int().positive().default(1_800_000),
  state: z.string().optional(),
});

interface Run {
  seconds: number;
  peakRssMb: number;
  stdout: string;
}

/** Runs a tsx script under /usr/bin/time, its stderr (progress bars) passed on; wall time and peak RSS of the tree's largest process. */
function run(script: string, args: string[]): Promise<Run> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn("/usr/bin/time", ["-f", "URVAL_PEAK_RSS_KB=%M", tsx, script, ...args], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let peakKb = 0;
    child.stdout.setEncoding("utf8").on("data", (text: string) => (stdout += text));
    child.stderr.setEncoding("utf8").on("data", (text: string) => {
      const match = /URVAL_PEAK_RSS_KB=(\d+)/.exec(text);
      if (match) peakKb = Number(match[1]);
      process.stderr.write(text.replace(/URVAL_PEAK_RSS_KB=\d+\n?/, ""));
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) reject(new Error(`${script} exited with ${code}`));
      else resolve({ seconds: (performance.now() - started) / 1000, peakRssMb: Math.round(peakKb / 1024), stdout });
    });
  });
}

/** The last JSON line of a command's stdout that has `msg` (the CLIs' summary lines). */
function summaryLine(stdout: string, msg: string): Record<string, unknown> {
  const line = stdout
    .split("\n")
    .reverse()
    .find((l) => l.includes(`"${msg}"`));
  if (!line) throw new Error(`no "${msg}" line in the output`);
  return JSON.parse(line) as Record<string, unknown>;
}

async function prepare(args: z.infer<typeof ArgsSchema>) {
  const work = path.resolve(args.work);
  const source = path.join(work, "source");
  const files = path.join(work, "files");
  const archives = path.join(work, "annual-reports");
  if (!existsSync(path.join(source, "manifest.json"))) {
    console.error(`Generating ${args.companies} companies into ${source}`);
    await run("scripts/data/generate-cli.ts", ["--companies", String(args.companies), "--worksites", "0", "--out", source]);
  }
  if (!existsSync(files) || readdirSync(files).length < 2) {
    console.error(`Writing the bulk files into ${files}`);
    await run("scripts/data/register-files/generate-register-files-cli.ts", [
      "--source",
      source,
      "--out",
      files,
      "--bolagsverket-rows",
      String(args["bolagsverket-rows"]),
      "--scb-rows",
      String(args["scb-rows"]),
    ]);
  }
  if (!existsSync(archives) || readdirSync(archives).length === 0) {
    console.error(`Writing ${args.reports} annual reports into ${archives}`);
    await run("scripts/data/annual-reports/generator/generate-annual-reports-cli.ts", [
      "--source",
      source,
      "--out",
      archives,
      "--reports",
      String(args.reports),
    ]);
  }
  const named = (prefix: string) => {
    const file = readdirSync(files).find((name) => name.startsWith(prefix));
    if (!file) throw new Error(`no ${prefix}* in ${files}`);
    return path.join(files, file);
  };
  return { bolagsverket: named("bolagsverket"), scb: named("scb_bulkfil"), archives, work };
}

async function main() {
  const { values } = parseArgs({
    options: {
      work: { type: "string" },
      companies: { type: "string" },
      reports: { type: "string" },
      "bolagsverket-rows": { type: "string" },
      "scb-rows": { type: "string" },
      state: { type: "string" },
    },
  });
  const args = ArgsSchema.parse(values);
  const inputs = await prepare(args);
  const register = path.join(inputs.work, "register");
  const state = path.resolve(args.state ?? path.join(inputs.work, "state"));
  rmSync(state, { recursive: true, force: true });
  mkdirSync(state, { recursive: true });

  console.error("Loading the register (timed)");
  const load = await run("scripts/data/load-register-cli.ts", [
    "--bolagsverket",
    inputs.bolagsverket,
    "--scb",
    inputs.scb,
    "--annual-reports",
    inputs.archives,
    "--out",
    register,
  ]);
  const loaded = summaryLine(load.stdout, "register loaded");
  const loaderPeaks = loaded.peakRssMb as { bulkFiles: number; annualReports: number; join: number };
  console.error("Reindexing it into the embedded backend (timed)");
  const reindex = await run("scripts/reindex/cli.ts", ["--source", register, "--state", state, "--grace-seconds", "0"]);
  const done = summaryLine(reindex.stdout, "reindex done");
  const reindexPeak = Number(done.peakRssMb);
  const total = load.seconds + reindex.seconds;

  const command = `npm run bench:register -- ${process.argv.slice(2).join(" ")}`;
  const figures = [
    { figure: "load + reindex: total", value: Math.round(total), unit: "s" },
    { figure: "register load", value: Math.round(load.seconds), unit: "s" },
    { figure: "reindex (embedded, fresh state)", value: Math.round(reindex.seconds), unit: "s" },
    { figure: "peak: Bolagsverket + SCB loaders", value: loaderPeaks.bulkFiles, unit: "MB" },
    { figure: "peak: annual-report loader", value: loaderPeaks.annualReports, unit: "MB" },
    { figure: "peak: join", value: loaderPeaks.join, unit: "MB" },
    { figure: "peak: reindex (with its runtime)", value: reindexPeak, unit: "MB" },
  ];
  const text = figures.map((f) => `- ${f.figure}: ${f.value.toLocaleString("sv-SE")} ${f.unit}`).join("\n");
  const markdown = [
    `## The whole register: load and reindex (${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC)`,
    "",
    `Command: \`${command}\``,
    "",
    `${String(loaded.companies)} companies (${String(loaded.companiesWithReports)} with filed reports) from ${args["bolagsverket-rows"]} Bolagsverket rows, ${args["scb-rows"]} SCB rows and ${args.reports} annual reports; budget 15 min, loaders ≤ 1.5 GB. Load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(", ")} at the end.`,
    "",
    text,
    "",
  ].join("\n");
  console.log(markdown);
  await recordBenchmark(`\n${markdown}`, {
    area: "The whole register: load and reindex",
    command,
    figures,
    note: `${args["bolagsverket-rows"]} Bolagsverket rows, ${args["scb-rows"]} SCB rows, ${args.reports} annual reports`,
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
