/**
 * Demo data for `npm start` and the end-to-end tests: a deterministic synthetic Sweden (100 000 companies and their
 * worksites, seed 1) generated once into data/demo, and indexed into the embedded backend of a state directory once
 * per dataset and index layout (a marker file in the state directory remembers what the live index was built from).
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import cliProgress from "cli-progress";
import { generateDataset } from "./data/generate";
import { ANNUAL_REPORTS_FORMAT } from "./data/annual-reports/load-annual-reports";
import { loadRegister } from "./data/load-register";
import { PERSIST_DIR, ROOT } from "./lib/local-bindings";
import { generatorSourceHash } from "./lib/source-hash";
import { INDEX_LAYOUT } from "#search-index/engine";
import { reindexEmbedded } from "./reindex/reindex-embedded";

/**
 * URVAL_DATA=register serves the register sample instead (issue 45): Bolagsverket's and SCB's bulk files and the
 * annual-report archives under tests/fixtures/register (synthetic contents, exact formats), loaded by
 * `data:load-register` into data/register-sample.
 */
export const REGISTER_SAMPLE = process.env.URVAL_DATA === "register";
const REGISTER_FIXTURE_DIR = path.join(ROOT, "tests/fixtures/register");
export const DEMO_DATA_DIR = path.resolve(ROOT, process.env.URVAL_DEMO_DATA ?? (REGISTER_SAMPLE ? "data/register-sample" : "data/demo"));
const DEMO_COMPANIES = Number(process.env.URVAL_DEMO_COMPANIES ?? 100_000);
const DEMO_SEED = 1;

/** A progress bar on stderr, as every long step of npm start shows. */
export function progressBar(label: string, total: number) {
  const progress = new cliProgress.SingleBar(
    {
      format: `${label.padEnd(22)} [{bar}] {percentage}% | {value}/{total} | {duration_formatted}`,
      stream: process.stderr,
      hideCursor: true,
      noTTYOutput: true,
      notTTYSchedule: 5000,
    },
    cliProgress.Presets.shades_classic,
  );
  progress.start(total, 0);
  return progress;
}

/** One progress bar per reindex stage, each replaced by the next stage's; stop() ends the last one. */
export function stageProgress(): { update(progress: { stage: string; done: number; total: number }): void; stop(): void } {
  let bar: cliProgress.SingleBar | undefined;
  let stage = "";
  return {
    update(progress) {
      if (progress.stage !== stage) {
        bar?.stop();
        stage = progress.stage;
        bar = progressBar(`indexing ${progress.stage}`, Math.max(progress.total, 1));
      }
      bar?.update(progress.done);
    },
    stop: () => bar?.stop(),
  };
}

/** Loads the register sample unless a load of today's sample files (manifest written last) is already there. */
async function ensureRegisterSample(): Promise<void> {
  const manifest = path.join(DEMO_DATA_DIR, "manifest.json");
  const newestInput = Math.max(
    ...[
      ...readdirSync(REGISTER_FIXTURE_DIR),
      ...readdirSync(path.join(REGISTER_FIXTURE_DIR, "annual-reports")).map((f) => `annual-reports/${f}`),
    ].map((file) => statSync(path.join(REGISTER_FIXTURE_DIR, file)).mtimeMs),
  );
  // Loaded again when the sample's files or the register's output format changed since the last load.
  const format = path.join(DEMO_DATA_DIR, "sample-format.json");
  const current = JSON.stringify({ layout: INDEX_LAYOUT, annualReports: ANNUAL_REPORTS_FORMAT });
  const same = existsSync(format) && readFileSync(format, "utf8") === current;
  if (same && existsSync(manifest) && statSync(manifest).mtimeMs > newestInput) return;
  const report = await loadRegister({
    bolagsverket: path.join(REGISTER_FIXTURE_DIR, "bolagsverket_bulkfil.txt"),
    scb: path.join(REGISTER_FIXTURE_DIR, "scb_bulkfil_JE_20261101T060000_01.txt"),
    annualReports: path.join(REGISTER_FIXTURE_DIR, "annual-reports"),
    outDir: DEMO_DATA_DIR,
  });
  if (report.rejected) throw new Error(`the register sample was rejected by ${report.rejectedBy} (see ${DEMO_DATA_DIR}/load-report.json)`);
  writeFileSync(format, current);
  console.log(
    `  ${report.companies} companies, ${report.companiesWithReports} with filed annual reports (refused reports are listed in ${path.relative(ROOT, DEMO_DATA_DIR)}/annual-reports/load-report.json)`,
  );
}

/**
 * Generates the demo dataset unless a complete one (manifest written last) is already there, made by today's generator
 * (data/demo/generator.json: a demo dataset from older generator sources is made again, so a pulled change to the data,
 * such as new financial periods, reaches `npm start`'s demo; a dataset named by URVAL_DEMO_DATA is taken as it is).
 */
export async function ensureDemoDataset(): Promise<void> {
  if (REGISTER_SAMPLE) return ensureRegisterSample();
  const manifest = path.join(DEMO_DATA_DIR, "manifest.json");
  const marker = path.join(DEMO_DATA_DIR, "generator.json");
  const generator = JSON.stringify({ sources: generatorSourceHash() });
  const sameGenerator = process.env.URVAL_DEMO_DATA !== undefined || (existsSync(marker) && readFileSync(marker, "utf8") === generator);
  if (existsSync(manifest) && sameGenerator) {
    // A dataset changed by `data:generate -- --churn` (Bevakning) counts as the demo dataset it was generated as.
    const written = JSON.parse(readFileSync(manifest, "utf8")) as { companies: number; churnedFrom?: { companies: number } };
    if ((written.churnedFrom?.companies ?? written.companies) === DEMO_COMPANIES) return;
  }
  const progress = progressBar("generating companies", DEMO_COMPANIES);
  try {
    await generateDataset({
      companies: DEMO_COMPANIES,
      seed: DEMO_SEED,
      outDir: DEMO_DATA_DIR,
      onProgress: ({ companies }) => progress.update(companies),
    });
    if (process.env.URVAL_DEMO_DATA === undefined) writeFileSync(marker, generator);
  } finally {
    progress.stop();
  }
}

/** Indexes the demo dataset into the state directory's embedded backend unless the live index was built from it. */
export async function ensureDemoIndex(persistDir = PERSIST_DIR): Promise<void> {
  const manifestText = readFileSync(path.join(DEMO_DATA_DIR, "manifest.json"), "utf8");
  const generatedAt = String(JSON.parse(manifestText).generatedAt);
  const marker = path.join(persistDir, "demo-index.json");
  if (existsSync(marker)) {
    const built = JSON.parse(readFileSync(marker, "utf8")) as { generatedAt?: string; layout?: number };
    if (built.generatedAt === generatedAt && built.layout === INDEX_LAYOUT) return;
  }
  const progress = stageProgress();
  try {
    const result = await reindexEmbedded({ sourceDir: DEMO_DATA_DIR, persistDir, onProgress: (p) => progress.update(p) });
    writeFileSync(marker, JSON.stringify({ generatedAt, layout: INDEX_LAYOUT, version: result.version }));
  } finally {
    progress.stop();
  }
}
