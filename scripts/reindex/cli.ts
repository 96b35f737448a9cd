/**
 * npm run reindex -- --backend embedded|elasticsearch --source DIR [--state DIR] [--grace-seconds S] [--append-benchmark]
 * npm run reindex -- --backend elasticsearch --source DIR --remote [--env NAME] [--origin URL]
 * Builds a new index version from a source dataset beside the live one and switches to it atomically.
 * --remote (Elasticsearch only): Bevakning reads and stages in the deployed app database of [env.production] (or
 * --env NAME) over D1's HTTP API and enqueues the alert jobs through Queues' HTTP API (CLOUDFLARE_ACCOUNT_ID,
 * CLOUDFLARE_API_TOKEN; see remote-monitoring.ts); without it, in the local state's (--state).
 * Each stage is logged as a JSON line on stdout as it begins ({"msg":"reindex stage","stage":…}); the progress bar goes
 * to stderr. After the switch the replaced version is removed once running isolates have left it (--grace-seconds,
 * default 120; 0 removes it at once).
 * --append-benchmark adds the run's timings with this command line to docs/benchmarks (record.ts).
 *
 * Fault injection for the resilience suite (issue 14): URVAL_FAULT_HOLD_AT=<stage>[:<part>] makes the run log
 * {"msg":"reindex held",…} and wait when that stage begins (or after that snapshot part), so it can be killed there;
 * URVAL_FAULT_HOLD_AT=companies:loading stops the main thread once the first companies are in, mid-load.
 */
import { parseArgs } from "node:util";
import cliProgress from "cli-progress";
import os from "node:os";
import { recordBenchmark } from "../bench/record";
import { PERSIST_DIR } from "../lib/local-bindings";
import { peakRssSampler } from "../lib/process-tree";
import { applyLocalMigrationsAsync, pendingBindings } from "../migrate";
import type { ReindexProgress, ReindexResult, ReindexStage } from "#search-index/indexing";

const HOLD_MS = 10 * 60_000;

/** Logs each stage as it begins; holds there when URVAL_FAULT_HOLD_AT names it (resilience suite only). */
async function onStage(stage: ReindexStage, detail?: { version: number; part?: number }) {
  const at = detail?.part === undefined ? stage : `${stage}:${detail.part}`;
  const memory = process.memoryUsage();
  const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
  // This process's memory as the stage begins (the local runtime's is in the run's peak, see peakRssSampler).
  const process_ = { rssMb: mb(memory.rss), heapUsedMb: mb(memory.heapUsed), arrayBuffersMb: mb(memory.arrayBuffers) };
  console.log(JSON.stringify({ level: "info", msg: "reindex stage", stage, ...detail, memory: process_ }));
  if (process.env.URVAL_FAULT_HOLD_AT !== at) return;
  console.log(JSON.stringify({ level: "warn", msg: "reindex held", at, holdMs: HOLD_MS }));
  await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
}

/**
 * The hold inside the companies stage: once the first companies are loaded the main thread, which hands rows to D1,
 * stops outright (Atomics.wait), so a kill lands with the version's tables part-filled however fast the dataset loads
 * (a kill timed after the stage began came after the switch on a small dataset once the reindex got faster).
 */
function holdMidLoad(progress: ReindexProgress) {
  if (process.env.URVAL_FAULT_HOLD_AT !== "companies:loading" || progress.stage !== "companies" || progress.done === 0) return;
  console.log(JSON.stringify({ level: "warn", msg: "reindex held", at: "companies:loading", done: progress.done, holdMs: HOLD_MS }));
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, HOLD_MS);
}

const STAGE_LABELS: Record<string, string> = {
  documents: "annual reports → R2",
  companies: "companies",
  worksites: "worksites",
  index: "column index",
  snapshot: "snapshot → R2",
};

function progressBar() {
  const bar = new cliProgress.SingleBar(
    {
      format: "{stage} [{bar}] {percentage}% | {value}/{total} | {duration_formatted}",
      stream: process.stderr,
      hideCursor: true,
      noTTYOutput: true,
      notTTYSchedule: 10_000,
    },
    cliProgress.Presets.shades_classic,
  );
  let stage = "";
  return {
    update(progress: ReindexProgress) {
      const label = STAGE_LABELS[progress.stage] ?? progress.stage;
      if (label !== stage) {
        if (stage) bar.stop();
        stage = label;
        bar.start(progress.total, progress.done, { stage: label.padEnd(13) });
      } else bar.update(progress.done);
    },
    stop: () => bar.stop(),
  };
}

async function appendReindexBenchmark(result: ReindexResult, seconds: number, peakRssMb: number) {
  const stages = Object.entries(result.seconds)
    .map(([stage, s]) => `${stage} ${s} s`)
    .join(", ");
  const command = `npm run reindex -- ${process.argv.slice(2).join(" ")}`;
  const entry = [
    `## Full reindex into the embedded backend (${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC)`,
    "",
    `Command: \`${command}\``,
    "",
    `${result.companies.toLocaleString("sv-SE")} companies and ${result.worksites.toLocaleString("sv-SE")} worksites ${result.previousVersion === null ? "into a fresh local state" : `beside live version ${result.previousVersion}`}: ${seconds.toFixed(0)} s in all (${stages}); snapshot ${(result.snapshotBytes / 2 ** 20).toFixed(0)} MB; peak resident memory ${peakRssMb.toLocaleString("sv-SE")} MB (this process, its threads and the local runtime it starts, sampled every 250 ms)${changesText(result)}. Documents go to D1 through the local Workers runtime (see docs/decisions 0017). Load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(", ")} at the end.`,
    "",
  ].join("\n");
  const kind = result.previousVersion === null ? "fresh state" : "beside the live version (nightly)";
  const count = (n: number) => n.toLocaleString("en-US").replace(/,/g, " ");
  await recordBenchmark(`\n${entry}`, {
    area: "Full reindex into the embedded backend",
    command,
    figures: [
      { figure: `${kind}: total`, value: Number(seconds.toFixed(0)), unit: "s" },
      { figure: `${kind}: companies stage`, value: result.seconds.companies ?? Number.NaN, unit: "s" },
      { figure: `${kind}: index stage`, value: result.seconds.index ?? Number.NaN, unit: "s" },
      { figure: `${kind}: peak resident memory`, value: peakRssMb, unit: "MB" },
      { figure: "snapshot", value: Number((result.snapshotBytes / 2 ** 20).toFixed(0)), unit: "MB" },
    ],
    note: `${count(result.companies)} companies and ${count(result.worksites)} worksites${result.previousVersion === null ? "" : ` beside live version ${result.previousVersion}`}`,
  });
}

function changesText(result: ReindexResult): string {
  if (!result.changes) return "; no previous version, so no change set";
  const { added, removed, changed } = result.changes;
  return `; change set from v${result.previousVersion}: ${added} added, ${removed} removed, ${changed} changed`;
}

/** Bevakning's step reads the saved searches and watched companies in the local state's app database, or production's. */
async function reindexIntoElasticsearchCli(
  values: { source?: string; state?: string; remote?: boolean; env?: string; origin?: string },
  onProgress: (progress: ReindexProgress) => void,
  graceMs: number,
) {
  const { reindexElasticsearch } = await import("./reindex-elasticsearch");
  const sourceDir = values.source as string;
  // The same stage lines (and fault holds) as the embedded reindex: prepare, companies, worksites, verify, changes,
  // switch, cleanup, grace.
  const stages = { onProgress: (p: ReindexProgress) => (holdMidLoad(p), onProgress(p)), onStage, graceMs };
  if (values.remote) {
    const { remoteMonitoring, remoteTarget } = await import("./remote-monitoring");
    const remote = remoteMonitoring(remoteTarget(values.env ?? "production", values.origin));
    return reindexElasticsearch({ sourceDir, remote, ...stages });
  }
  const persistDir = values.state ?? PERSIST_DIR;
  await applyLocalMigrationsAsync(persistDir, ["DB"]);
  return reindexElasticsearch({ sourceDir, persistDir, ...stages });
}

async function main() {
  const { values } = parseArgs({
    options: {
      backend: { type: "string", default: "embedded" },
      source: { type: "string" },
      state: { type: "string" },
      "grace-seconds": { type: "string", default: "120" },
      "append-benchmark": { type: "boolean", default: false },
      remote: { type: "boolean", default: false },
      env: { type: "string", default: "production" },
      origin: { type: "string" },
    },
  });
  if (!values.source) throw new Error("--source DIR is required (a dataset written by npm run data:generate)");
  if (values.backend !== "embedded" && values.backend !== "elasticsearch") throw new Error("--backend must be embedded or elasticsearch");
  if (values.remote && values.backend !== "elasticsearch")
    throw new Error("--remote needs --backend elasticsearch (the embedded index is written into a local state only)");
  const graceSeconds = Number(values["grace-seconds"]);
  if (!Number.isFinite(graceSeconds) || graceSeconds < 0) throw new Error("--grace-seconds must be a number ≥ 0");
  const bar = progressBar();
  try {
    if (values.backend === "embedded") {
      const started = performance.now();
      const rss = peakRssSampler(process.pid);
      const persistDir = values.state ?? PERSIST_DIR;
      // The index_versions table the switch needs, and DB's tables (the Bevakning step reads saved searches and
      // watched companies there and stages their alerts): wrangler applies what the state lacks. A nightly run on a
      // migrated state only reads wrangler's d1_migrations tables through the loader it opens anyway (starting
      // wrangler twice just to find nothing to do cost about 7 s).
      const { reindexEmbedded } = await import("./reindex-embedded");
      const { LocalLoader } = await import("./local-loader");
      const loader = await LocalLoader.open(persistDir);
      const pending = await pendingBindings(
        async (binding, sql) => (await loader.sql<{ name: string }>([{ sql, params: [] }], binding))[0] ?? [],
      );
      if (pending.length > 0) await applyLocalMigrationsAsync(persistDir, pending);
      const result = await reindexEmbedded({
        sourceDir: values.source,
        persistDir,
        loader,
        onProgress: (progress) => {
          holdMidLoad(progress);
          bar.update(progress);
        },
        onStage,
        graceMs: graceSeconds * 1000,
      });
      bar.stop();
      const peakRssMb = rss.peak();
      rss.stop();
      console.log(JSON.stringify({ msg: "reindex done", backend: "embedded", peakRssMb, ...result }));
      if (values["append-benchmark"]) await appendReindexBenchmark(result, (performance.now() - started) / 1000, peakRssMb);
    } else {
      const result = await reindexIntoElasticsearchCli(values, bar.update, graceSeconds * 1000);
      bar.stop();
      console.log(JSON.stringify({ msg: "reindex done", backend: "elasticsearch", ...result }));
    }
  } catch (error) {
    bar.stop();
    throw error;
  }
}

main().catch((error: unknown) => {
  console.error(JSON.stringify({ level: "error", msg: error instanceof Error ? error.message : String(error) }));
  console.error("The previous index version is still serving.");
  process.exit(1);
});
