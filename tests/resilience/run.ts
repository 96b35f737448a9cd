/**
 * npm run test:resilience [-- --short] [--users N] [--seconds S] [--skip-fuzz] [--skip-cluster] [--no-append]
 *                         [--only cluster-failover]
 *
 * The resilience and security suite (issue 14) against the whole local stack (web, API and export workers, D1, R2,
 * Queues, the embedded index), on loopback only, every loop bounded in count and time:
 *   1+2+5b  load: N subscribers for S seconds; a full reindex to another dataset meanwhile; hostile list files
 *   3       the reindex SIGKILLed at each stage it reports; then a reindex that cleans up after the dead ones
 *   3c      the same on a stack whose search backend is a real OpenSearch node (scenario-reindex-kill-cluster.ts)
 *   4       export worker killed mid-upload (tests/resilience/export-kill.ts)
 *   4,5,6,7 the workerd integration files tests/resilience/workerd/*.test.ts (full bounds)
 *   9       a webhook delivery killed in flight (tests/resilience/webhook-kill.ts)
 *   8, 8b   failover on a 3-node OpenSearch cluster under load, and the live primary's node killed during a reindex
 *           (scenario-cluster-failover.ts; full run only, or alone with --only cluster-failover)
 * Each scenario prints PASS/FAIL with its figures; the full run appends them to docs/benchmarks (record.ts) under "Resilience".
 * --short is the form inside npm test: a 5 000-company dataset, 4 subscribers for 75 s, the same kills and checks; the
 * integration files already run in test:integration there.
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { recordBenchmark } from "#scripts/bench/record";
import { ROOT } from "#scripts/lib/local-bindings";
import { sharedDataset } from "../support/shared";
import { ensureDataset, readDatasetFacts, RESILIENCE_SHORT_DATASETS } from "./support/datasets";
import { RSS_GROWTH_BOUND_MB } from "./hostile-uploads";
import { type LoadOutcome, runLoad } from "./scenario-load";
import { KILL_POINTS, killAt, reindexAfterKills, type KillOutcome } from "./scenario-reindex-kill";
import { runClusterFailover } from "./scenario-cluster-failover";
import { runClusterReindexKills } from "./scenario-reindex-kill-cluster";
import { formatScenario, recordScenario, REPORT_DIR_ENV, SCALE_ENV, type ScenarioReport } from "./support/report";
import { signInCookie } from "./support/sign-in";
import { startStack } from "./support/stack";
import { IndexStateProbe } from "./support/state-probe";

const { values: args } = parseArgs({
  options: {
    short: { type: "boolean", default: false },
    users: { type: "string" },
    seconds: { type: "string" },
    port: { type: "string", default: "8850" },
    /** Leave out the 10 000-request fuzz file (about 30 min here) when it ran on its own already. */
    "skip-fuzz": { type: "boolean", default: false },
    /** Only the scenarios on the shared stack (1, 2, 3, 5's hostile files), when export-kill and the workerd files ran already. */
    "stack-only": { type: "boolean", default: false },
    "no-append": { type: "boolean", default: false },
    /** Leave out the scenarios on the OpenSearch cluster (3c, 8, 8b). */
    "skip-cluster": { type: "boolean", default: false },
    /** Run one scenario alone: cluster-failover (8, 8b; --users, default 20). */
    only: { type: "string" },
  },
});

const ONLY = ["cluster-failover"] as const;
if (args.only !== undefined && !ONLY.some((name) => name === args.only))
  throw new Error(`--only takes one of: ${ONLY.join(", ")} (got ${args.only})`);
if (args.only !== undefined && args.short) throw new Error("--only runs a full-run scenario; leave out --short");

const short = args.short;
// Four subscribers in the short form (decision 0067): as concurrent as six were, at two thirds of the load's CPU.
const users = Number(args.users ?? (short ? 4 : 50));
const seconds = Number(args.seconds ?? (short ? 75 : 300));
const companies = short ? 5_000 : 100_000;
const graceSeconds = short ? 35 : 120;
const reindexAfter = short ? 8 : 30;
/** The short form's datasets are the test run's shared ones (tests/support/shared.ts); the full run's A is the demo. */
const [shortA, shortB] = RESILIENCE_SHORT_DATASETS;
const datasets = async (): Promise<[string, string]> => {
  if (short) return Promise.all([sharedDataset(shortA.companies, shortA.seed), sharedDataset(shortB.companies, shortB.seed)]);
  const [a, b] = [path.join(ROOT, "data/demo"), path.join(ROOT, "data/resilience-b")];
  await ensureDataset(a, companies, 1);
  await ensureDataset(b, companies, 2);
  return [a, b];
};
const stateDir = path.join(ROOT, ".wrangler/resilience-state");
/** Scenario 8's datasets: large enough that a 20 000-row export runs through a node's kill, small enough for 3 × 640 MB. */
const FAILOVER_COMPANIES = 20_000;
const failoverA = path.join(ROOT, "data/resilience-a-20k");
const failoverB = path.join(ROOT, "data/resilience-b-20k");
const reportDir = mkdtempSync(path.join(os.tmpdir(), "urval-resilience-"));
/** The short form kills at one stage before the switch of each kind of leftover (tables, snapshot) and around it. */
const SHORT_KILLS = new Set(["companies", "snapshot:1", "switch", "grace"]);
const bin = (name: string) => path.join(ROOT, "node_modules/.bin", name);

function step(message: string) {
  console.log(`\n▸ ${message}`);
}

function loadReports(outcome: LoadOutcome): void {
  const { stats, book, hostile } = outcome;
  const calls = stats.summary();
  const searchFailures = stats.failures.filter((f) => f.call.startsWith("search")).length;
  const versions = [...book.versionsSeen.entries()].map(([v, n]) => `v${v}: ${n}`).join(", ");
  recordScenario({
    scenario: "1-load",
    title: `Load: ${users} subscribers for ${seconds} s`,
    pass: stats.failures.length === 0 && stats.requests > 0,
    figures: {
      requests: stats.requests,
      "failed requests": stats.count("failed"),
      "wrong answers": stats.count("wrong"),
      ...Object.fromEntries(calls.map((c) => [c.call, `n ${c.n} p50 ${c.p50} ms p95 ${c.p95} ms`])),
    },
    notes: stats.failures.slice(0, 10).map((f) => `${f.kind} ${f.call}: ${f.detail}`),
  });
  if (stats.slow.length > 0)
    console.log(
      `  calls over 3 s (call, started at s, ms): ${stats.slow
        .slice(0, 30)
        .map((s) => `${s.call} ${(s.at / 1000).toFixed(0)} ${s.ms}`)
        .join("; ")}`,
    );
  const removed =
    outcome.versionAfter !== null &&
    !outcome.stateAfter.tableVersions.includes(outcome.versionBefore) &&
    !outcome.stateAfter.snapshots.includes(outcome.versionBefore);
  recordScenario({
    scenario: "2-reindex-under-load",
    title: "Reindex under load",
    pass:
      outcome.reindexCode === 0 &&
      searchFailures === 0 &&
      stats.count("wrong") === 0 &&
      book.versionsSeen.size === 2 &&
      removed &&
      outcome.stateAfter.current === outcome.versionAfter,
    figures: {
      "reindex s": outcome.reindexSeconds?.toFixed(0) ?? "-",
      "reindex exit": String(outcome.reindexCode),
      "stages at s": outcome.reindexTimeline,
      versions: `v${outcome.versionBefore} → v${outcome.versionAfter}`,
      "search answers per version": versions,
      "failed or wrong searches": searchFailures,
      [`old version removed after ${graceSeconds} s grace`]: removed ? "yes" : "no",
      "tables left": outcome.stateAfter.tableVersions.join(" ") || "-",
    },
  });
  recordScenario({
    scenario: "5-hostile-list-files",
    title: "Hostile list files under load",
    pass: hostile.problems.length === 0 && hostile.refused === hostile.files,
    figures: {
      files: hostile.files,
      refused: hostile.refused,
      "slowest refusal (API)": `${hostile.slowestServer.name} ${hostile.slowestServer.ms} ms`,
      "slowest refusal (client)": `${hostile.slowest.name} ${hostile.slowest.ms} ms`,
      "oversize file refused at the edge (median of 5)": hostile.oversizeMs === null ? "-" : `${hostile.oversizeMs} ms`,
      "runtime intake of the same bytes (control, median of 5)":
        hostile.intakeControlMs === null ? "failed" : `${hostile.intakeControlMs} ms`,
      "runtime answers before the body is in": hostile.answersBeforeBody ? "yes" : "no",
      "workerd RSS": `${hostile.rssBeforeMb} → peak ${hostile.rssPeakMb} MB (bound +${RSS_GROWTH_BOUND_MB} MB)`,
    },
    notes: hostile.problems,
  });
}

async function main() {
  const t0 = Date.now();
  process.env[SCALE_ENV] = short ? "short" : "full";
  process.env[REPORT_DIR_ENV] = reportDir;
  if (!existsSync(path.join(ROOT, "build/server/index.js"))) execFileSync(bin("remix"), ["vite:build"], { cwd: ROOT, stdio: "inherit" });
  if (args.only === undefined) await runSuite();
  if (!short && !args["skip-cluster"] && (args.only === undefined || args.only === "cluster-failover")) await runFailover();
  const reports = readdirSync(reportDir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(reportDir, f), "utf8")) as ScenarioReport);
  const minutes = ((Date.now() - t0) / 60_000).toFixed(1);
  console.log(`\nResilience ${short ? "(short)" : "(full)"} in ${minutes} min:`);
  for (const report of reports) console.log(formatScenario(report));
  if (!short && !args["no-append"]) await appendBenchmarks(reports, minutes);
  rmSync(reportDir, { recursive: true, force: true });
  const failed = reports.filter((r) => !r.pass);
  if (failed.length > 0) {
    for (const report of failed) for (const note of report.notes ?? []) console.log(`  ${report.scenario}: ${note}`);
    process.exitCode = 1;
  }
}

/**
 * Scenarios 1–7: the embedded stack, the reindex kills (also on a 1-node cluster), the export kills, the workerd files.
 * The three groups on stacks of their own (own ports, state directories and, for the cluster, index names) run at
 * the same time: most of their time is waiting (the load's seconds, the grace period, the export's lease).
 */
async function runSuite() {
  const [dataA, dataB] = await datasets();
  step(`Datasets: A ${path.relative(ROOT, dataA)} (seed 1) and B ${path.relative(ROOT, dataB)} (seed 2), ${companies} companies each`);
  // The stacks of scenarios 1–3 and 3c serve dataset A (scenario 4's export-kill stack leaves these out).
  process.env.URVAL_DEMO_DATA = dataA;
  process.env.URVAL_DEMO_COMPANIES = String(companies);
  await Promise.all([
    runEmbeddedScenarios(dataA, dataB),
    args["skip-cluster"] ? null : runClusterKills(dataA, dataB),
    args["stack-only"] ? null : runExportKill(),
    args["stack-only"] ? null : runWebhookKill(),
  ]);
  if (!short && !args["stack-only"]) runIntegrationFiles();
}

/** Scenarios 1, 2, 3 and 5b on the embedded stack (port --port, its own state). */
async function runEmbeddedScenarios(dataA: string, dataB: string) {
  const [datasetA, datasetB] = await Promise.all([readDatasetFacts(dataA), readDatasetFacts(dataB)]);
  step("Starting the stack on a fresh state (dataset A indexed)");
  rmSync(stateDir, { recursive: true, force: true });
  const log: string[] = [];
  const stack = await startStack({ port: Number(args.port), stateDir, log });
  const probe = await IndexStateProbe.open(stateDir);
  try {
    step(`Scenarios 1, 2, 5b: ${users} subscribers for ${seconds} s, reindex to B after ${reindexAfter} s, hostile list files`);
    const outcome = await runLoad(stack, probe, {
      users,
      seconds,
      reindexAfter,
      graceSeconds,
      datasetA,
      datasetB,
      onTick: (s, stats) => {
        if (Math.round(s) % 15 === 0) console.log(`  ${Math.round(s)} s: ${stats.requests} requests, ${stats.failures.length} failures`);
      },
    });
    loadReports(outcome);
    if (outcome.stats.failures.length > 0) {
      for (const line of log.filter((l) => l.includes('"level":"error"')).slice(-10)) console.log(`  stack: ${line.slice(0, 400)}`);
    }
    step(`Scenario 3: the reindex killed at ${(short ? [...SHORT_KILLS] : KILL_POINTS.map((p) => p.stage)).join(", ")}`);
    const cookie = await signInCookie(stack.url, stateDir);
    const kills: KillOutcome[] = [];
    const points = short ? KILL_POINTS.filter((p) => SHORT_KILLS.has(p.stage)) : KILL_POINTS;
    for (const [i, point] of points.entries()) {
      kills.push(await killAt(stack, probe, point, i % 2 === 0 ? dataA : dataB, cookie));
      console.log(`  killed at ${point.stage}: ${JSON.stringify(kills.at(-1))}`);
    }
    const killed = kills.map((k) => k.killedVersion).filter((v): v is number => v !== null);
    const cleanup = await reindexAfterKills(stack, probe, dataA, killed);
    recordScenario({
      scenario: "3-reindex-killed",
      title: "Reindex killed at each stage",
      pass: kills.every((k) => k.problems.length === 0) && cleanup.problems.length === 0,
      figures: {
        kills: kills.map((k) => `${k.stage}: live v${k.liveBefore}→v${k.liveAfter}, served v${k.servedVersion}`).join("; "),
        "next reindex": `v${cleanup.version} in ${cleanup.seconds.toFixed(0)} s, left: tables ${cleanup.state.tableVersions.join(" ")}, snapshots ${cleanup.state.snapshots.join(" ")}`,
      },
      notes: [...kills.flatMap((k) => k.problems.map((p) => `${k.stage}: ${p}`)), ...cleanup.problems],
    });
  } finally {
    await probe.close();
    await stack.stop();
  }
}

/**
 * Scenario 3c: the reindex into OpenSearch killed at each stage, on the test run's node when it has one
 * (URVAL_TEST_CLUSTER_URL, tests/run.ts) and otherwise on a node of its own (port 9460).
 */
async function runClusterKills(dataA: string, dataB: string) {
  step("Scenario 3 on the cluster backend: the reindex into OpenSearch killed at each stage");
  const shared = process.env.URVAL_TEST_CLUSTER_URL;
  recordScenario(
    await runClusterReindexKills({
      short,
      port: Number(args.port) + 1,
      stateDir: path.join(ROOT, ".wrangler/resilience-cluster-state"),
      clusterPort: shared ? Number(new URL(shared).port) : 9460,
      ownCluster: !shared,
      dataA,
      dataB,
      log: [],
      progress: (line) => console.log(`  3c: ${line}`),
    }),
  );
}

/** Scenarios 8 and 8b on their own 3-node cluster and stack (ports 9450–9452 and --port + 10). */
async function runFailover() {
  step("Scenarios 8, 8b: failover on a 3-node OpenSearch cluster under load, and the live primary's node killed during a reindex");
  await ensureDataset(failoverA, FAILOVER_COMPANIES, 1);
  await ensureDataset(failoverB, FAILOVER_COMPANIES, 2);
  const reports = await runClusterFailover({
    port: Number(args.port) + 10,
    stateDir: path.join(ROOT, ".wrangler/resilience-failover-state"),
    clusterPort: 9450,
    heapMb: 640,
    users: args.only === undefined ? 20 : Number(args.users ?? 20),
    dataA: failoverA,
    dataB: failoverB,
    log: [],
    progress: (line) => console.log(`  ${line}`),
  });
  for (const report of reports) recordScenario(report);
}

/** A scenario in a script of its own, with its own stack and state; a failed exit is recorded as a failed scenario. */
async function runScript(relative: string, scenario: string, args: string[] = []) {
  const script = path.join(ROOT, relative);
  if (!existsSync(script)) return;
  // Its own stack on the 100 000-company demo data (a 95 000-row export spans several parts), not this run's dataset.
  const { URVAL_DEMO_DATA: _data, URVAL_DEMO_COMPANIES: _companies, ...env } = process.env;
  const child = spawn(bin("tsx"), [script, ...args], { cwd: ROOT, stdio: "inherit", env });
  const status = await new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  if (status !== 0)
    recordScenario({ scenario: `${scenario}-exit`, title: path.basename(relative), pass: false, figures: { "exit code": String(status) } });
}

/** Scenario 4, process half: its own stack, killed mid-upload. */
async function runExportKill() {
  step("Scenario 4: the export worker killed mid-upload");
  await runScript("tests/resilience/export-kill.ts", "4-export-kill", short ? ["--short"] : []);
}

/** Scenario 9: a webhook delivery killed in flight, on a stack of its own. */
async function runWebhookKill() {
  step("Scenario 9: a webhook delivery killed in flight");
  await runScript("tests/resilience/webhook-kill.ts", "9-webhook-kill");
}

/** Scenarios 4, 5, 6, 7 in workerd at full bounds (npm test runs them short in test:integration). */
function runIntegrationFiles() {
  const files = readdirSync(path.join(ROOT, "tests/resilience/workerd"))
    .filter((f) => f.endsWith(".test.ts"))
    .filter((f) => !(args["skip-fuzz"] && f === "hostile-input.test.ts"));
  if (files.length === 0) return;
  step(`Scenarios 4–7 in workerd, full bounds: ${files.join(", ")}`);
  const { status } = spawnSync(bin("vitest"), ["run", "--project", "integration", ...files.map((f) => `tests/resilience/workerd/${f}`)], {
    cwd: ROOT,
    stdio: "inherit",
    env: process.env,
  });
  if (status !== 0)
    recordScenario({
      scenario: "9-vitest-exit",
      title: "resilience integration files",
      pass: false,
      figures: { "exit code": String(status) },
    });
}

async function appendBenchmarks(reports: ScenarioReport[], minutes: string) {
  const command = `npm run test:resilience${process.argv.slice(2).length ? ` -- ${process.argv.slice(2).join(" ")}` : ""}`;
  const lines = [
    `## Resilience (${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC)`,
    "",
    `Command: \`${command}\` (${minutes} min, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(", ")} at the end)`,
    "",
    "| scenario | result | figures |",
    "| --- | --- | --- |",
    ...reports.map(
      (r) =>
        `| ${r.scenario} ${r.title} | ${r.pass ? "PASS" : "FAIL"} | ${Object.entries(r.figures)
          .map(([k, v]) => `${k}: ${v}`)
          .join("; ")
          .replaceAll("|", "/")} |`,
    ),
    "",
  ];
  await recordBenchmark(`\n${lines.join("\n")}`, {
    area: "Resilience",
    command,
    figures: reports.map((r) => ({
      figure: r.scenario,
      value: r.pass ? "PASS" : "FAIL",
      unit: "",
      ...(r.summary ? { note: r.summary } : {}),
    })),
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
