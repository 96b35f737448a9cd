/**
 * npm test and npm run test:full: every test layer as stages of one run, with what they share prepared once.
 *
 *   tsx tests/run.ts [--full] [--only a,b] [--skip a,b] [--cores N] [--list]
 *   tsx tests/run.ts --record tests/logs/stages.json [--command "../shared/tools/fresh-check test"] [--seconds N]
 *
 * Stages run as soon as the stages they need have passed, as many at a time as their declared cores fit in the
 * machine's budget (default 2, this kind of machine; --cores or URVAL_TEST_CORES). A stage that mostly waits (the
 * OpenSearch node until it answers, the resilience scenarios' leases and grace periods, the cluster faults' production
 * timeouts) declares less than a core; such stages share one core of their own, beside the busy ones. What is shared is prepared by stages of its own, keyed by content (tests/support/shared.ts):
 * the generated datasets, the indexed demo state that the end-to-end and export-kill stacks copy, and one OpenSearch
 * node for the contract suite and the cluster scenarios. Each stage's output goes to the console with its name in
 * front and to tests/logs/<stage>.log. The run ends with a table of each stage's wall and CPU seconds and the total,
 * also written to tests/logs/stages.json; --record adds such a file's table to BENCHMARKS.md ("Test suite").
 *
 * --full adds the long suites: the full resilience run (instead of its short form) with the cluster failover
 * scenarios, the end-to-end suite on the cluster stack, and the 100 000-row export equality (the contract project's
 * long files, URVAL_TEST_FULL=1).
 */
import { spawn } from "node:child_process";
import { createWriteStream, mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { currentCommit, recordBenchmark, runDate } from "#scripts/bench/record";
import { SHARED_CLUSTER_PORT } from "./support/shared";

const ROOT = path.resolve(import.meta.dirname, "..");
const LOG_DIR = path.join(ROOT, "tests/logs");
const bin = (name: string) => path.join(ROOT, "node_modules/.bin", name);
const tsx = (script: string, ...args: string[]) => [bin("tsx"), path.join(ROOT, script), ...args];
const vitest = (project: string, ...args: string[]) => [bin("vitest"), "run", "--project", project, ...args];

const CLUSTER_FAULTS = "tests/integration/cluster-faults.test.ts";
const REINDEX_FAULTS = "tests/contract/es-reindex-faults.test.ts";

const { values: args } = parseArgs({
  options: {
    full: { type: "boolean", default: false },
    only: { type: "string" },
    skip: { type: "string" },
    cores: { type: "string" },
    list: { type: "boolean", default: false },
    record: { type: "string" },
    command: { type: "string" },
    /** With --record: the whole command's seconds as it measured them (fresh-check's "exited 0 after N s"). */
    seconds: { type: "string" },
  },
});

interface Stage {
  name: string;
  command: string[];
  /** Stages that must pass first. */
  needs?: string[];
  /** Share of the machine's cores the stage keeps busy (a stage that mostly waits declares less than one). */
  cores: number;
  env?: Record<string, string>;
  /** A stage that keeps running (a server) until the run ends: done once its output shows `ready`. */
  service?: { ready: RegExp };
  /** In `npm test` only, or in `test:full` only. */
  only?: "fast" | "full";
}

const full = args.full;
// Every stage runs at the run's scale (tests/support/scale.ts): the shared datasets, the property runs, the row counts.
if (full) process.env.URVAL_TEST_FULL = "1";
else delete process.env.URVAL_TEST_FULL;
const clusterEnv = {
  ELASTICSEARCH_URL: `http://127.0.0.1:${SHARED_CLUSTER_PORT}`,
  ELASTICSEARCH_DIALECT: "opensearch",
};

const STAGES: Stage[] = [
  // In order of priority: what others wait for first (the node's first start builds its launcher with Maven, mostly
  // downloads), then the static checks beside the build, then the test layers, longest first.
  {
    name: "opensearch",
    command: tsx("tests/support/prepare.ts", "opensearch"),
    cores: 0.25,
    service: { ready: /^opensearch ready/m },
  },
  { name: "build", command: [bin("remix"), "vite:build"], cores: 1 },
  { name: "datasets", command: tsx("tests/support/prepare.ts", "datasets"), cores: 1 },
  { name: "demo-state", command: tsx("tests/support/prepare.ts", "demo-state"), needs: ["datasets"], cores: 1 },
  { name: "lint", command: ["npm", "run", "--silent", "lint"], cores: 1 },
  { name: "typecheck", command: ["npm", "run", "--silent", "typecheck"], cores: 1 },
  { name: "format", command: [bin("prettier"), "--check", "--log-level", "warn", "."], cores: 1 },
  { name: "bundles", command: tsx("scripts/check-bundles.ts"), needs: ["build"], cores: 1 },
  // URVAL_TEST_FULL=1 in the full run: a few unit files run their long cases too (the annual-report generator's).
  { name: "unit", command: vitest("unit"), cores: 2 },
  {
    name: "e2e",
    command: [bin("playwright"), "test", "-c", "tests/e2e/playwright.config.ts"],
    needs: ["build", "demo-state"],
    cores: 2,
    // The page screenshots are for people to look at, not checked: the full run keeps them. Layouts and popups are
    // checked at the walk's six widths, in the full run at all twelve (tests/e2e/layout-helpers.ts). The tests tagged
    // @full (a second device's walk, the 1 000-record cap) run in the full run only.
    // Traces of failed tests in the full run only: recording them for every test took 17 % of the stage's CPU.
    env: full ? {} : { E2E_SCREENSHOTS: "0", E2E_ALL_WIDTHS: "0", E2E_FULL: "0", E2E_TRACE: "0" },
  },
  {
    name: "contract",
    command: vitest("contract", "--exclude", REINDEX_FAULTS),
    needs: ["opensearch", "datasets"],
    cores: 2,
    env: clusterEnv,
  },
  {
    name: "integration",
    // In the full run the resilience stage runs its workerd files at full bounds.
    command: vitest("integration", "--exclude", CLUSTER_FAULTS, ...(full ? ["--exclude", "tests/resilience/**"] : [])),
    needs: ["build"],
    cores: 2,
  },
  // The reindex into the run's node killed at each stage: mostly waiting for the killed process and the clean-up.
  {
    name: "contract-faults",
    command: vitest("contract", REINDEX_FAULTS),
    needs: ["opensearch", "datasets"],
    cores: 0.5,
    env: clusterEnv,
  },
  // Faults on a node of its own with the production timeouts: mostly waiting for them, so beside the busy stages.
  { name: "cluster-faults", command: vitest("integration", CLUSTER_FAULTS), needs: ["build"], cores: 0.5 },
  {
    name: "resilience",
    command: tsx("tests/resilience/run.ts", ...(full ? [] : ["--short"])),
    // Short: mostly waiting (the load's seconds, the grace period, the export's lease after a kill). Full: 50
    // subscribers, every kill point, the workerd files at full bounds and the failover scenarios on three nodes, with
    // the production timeouts: alone on the machine, after every other stage.
    needs: [
      "build",
      "datasets",
      "demo-state",
      "opensearch",
      ...(full ? ["unit", "e2e", "e2e-register", "e2e-cluster", "contract", "contract-faults", "integration", "cluster-faults"] : []),
    ],
    cores: full ? 2 : 0.5,
    env: { URVAL_TEST_CLUSTER_URL: clusterEnv.ELASTICSEARCH_URL },
  },
  {
    // The register sample (issue 45): its own stack loads tests/fixtures/register and indexes it with the filed
    // annual reports into R2, then one spec searches it, opens a company and its filed report.
    name: "e2e-register",
    command: [bin("playwright"), "test", "-c", "tests/e2e/register/playwright.config.ts"],
    needs: ["build"],
    cores: 1,
    env: { E2E_PORT: "8796", E2E_STATE_DIR: ".wrangler/e2e-register-state", E2E_WORKERS: "1" },
    // A stack of its own costs about a minute of the run: in the full run. npm test loads the same sample in the unit
    // tests (the hostile corpus, the packs, the join).
    only: "full",
  },
  {
    name: "e2e-cluster",
    command: [bin("playwright"), "test", "-c", "tests/e2e/playwright.config.ts"],
    needs: ["build", "datasets", "e2e"],
    cores: 2,
    env: { E2E_SEARCH_BACKEND: "cluster" },
    only: "full",
  },
];

type Result = "passed" | "failed" | "skipped" | "not run";
interface Outcome {
  stage: Stage;
  result: Result;
  startedAt?: number;
  endedAt?: number;
  cpuSeconds?: number;
  /** The stage's cpuacct cgroup, when the machine lets us make one. */
  group?: string;
}

const t0 = Date.now();
/** scripts/toolchain/run.sh marks when the run began, before it fetched Node and installed the packages. */
const toolchainStarted = Number(process.env.URVAL_TOOLCHAIN_T0 ?? t0);
const budget = Number(args.cores ?? process.env.URVAL_TEST_CORES ?? 2);

function selected(): Stage[] {
  const only = args.only?.split(",");
  const skip = new Set(args.skip?.split(",") ?? []);
  const wanted = STAGES.filter((s) => (s.only === undefined || s.only === (full ? "full" : "fast")) && !skip.has(s.name));
  if (!only) return wanted;
  // --only keeps the named stages and what they need.
  const keep = new Set<string>();
  const add = (name: string) => {
    if (keep.has(name)) return;
    const stage = wanted.find((s) => s.name === name);
    if (!stage) throw new Error(`no stage ${name} (stages: ${wanted.map((s) => s.name).join(", ")})`);
    keep.add(name);
    for (const need of stage.needs ?? []) add(need);
  };
  for (const name of only) add(name);
  return wanted.filter((s) => keep.has(s.name));
}

const seconds = (ms: number) => (ms / 1000).toFixed(0);

/**
 * Each stage's CPU as the kernel counts it for all of its processes (workerd, Chromium and the JVM included, even
 * those that outlive their parent): a cpuacct cgroup per stage where the machine lets us make one (cgroup v1, root,
 * as on this kind of machine and in CI). Elsewhere the column falls back to bash's `times` (waited-for children only).
 */
const CPUACCT_ROOT = "/sys/fs/cgroup/cpuacct";
const runGroup = (() => {
  const dir = path.join(CPUACCT_ROOT, `urval-test-${process.pid}`);
  try {
    mkdirSync(dir);
    return dir;
  } catch {
    return undefined;
  }
})();

function stageGroup(name: string): string | undefined {
  if (!runGroup) return undefined;
  try {
    mkdirSync(path.join(runGroup, name));
    return path.join(runGroup, name);
  } catch {
    return undefined;
  }
}

function groupCpuSeconds(group: string | undefined): number | undefined {
  if (!group) return undefined;
  try {
    return Number(readFileSync(path.join(group, "cpuacct.usage"), "utf8")) / 1e9;
  } catch {
    return undefined;
  }
}

/** Removes the run's groups once their processes are gone (a group with a process left in it stays; harmless). */
function removeGroups() {
  if (!runGroup) return;
  for (const entry of readdirSync(runGroup, { withFileTypes: true }).filter((e) => e.isDirectory())) {
    try {
      rmdirSync(path.join(runGroup, entry.name));
    } catch {
      // A process is still in it.
    }
  }
  try {
    rmdirSync(runGroup);
  } catch {
    // Idem.
  }
}

/** Children's CPU of a bash `times` report (its second line: user and system time of the waited-for children). */
function cpuOf(file: string): number | undefined {
  try {
    const line = readFileSync(file, "utf8").trim().split("\n")[1] ?? "";
    const parts = [...line.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
    return parts.reduce((a, b) => a + b, 0);
  } catch {
    return undefined;
  }
}

interface Running {
  outcome: Outcome;
  child: ReturnType<typeof spawn>;
  exited: Promise<number>;
}

function start(outcome: Outcome, onReady: () => void): Running {
  const { stage } = outcome;
  const log = createWriteStream(path.join(LOG_DIR, `${stage.name}.log`));
  const timesFile = path.join(LOG_DIR, `${stage.name}.times`);
  const group = stageGroup(stage.name);
  outcome.group = group;
  // The shell joins the stage's cgroup before it starts the command; without one, bash reports its children's CPU
  // with `times` once the command has ended (killed services report nothing). The shell traps SIGTERM and SIGINT so
  // that a stop signal to the group does not end it before its command: the run waits for the shell, and a service
  // such as the OpenSearch node (whose JVM runs in a process group of its own) needs those seconds to stop its
  // children. Without the trap the shell ended at once, the run's SIGKILL followed, and the JVM outlived the run.
  const script =
    '[ -n "$URVAL_STAGE_CGROUP" ] && echo $$ > "$URVAL_STAGE_CGROUP/cgroup.procs"; trap : TERM INT; "$@"; rc=$?; times > "$URVAL_STAGE_TIMES"; exit $rc';
  const child = spawn("bash", ["-c", script, "stage", ...stage.command], {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...stage.env, URVAL_STAGE_TIMES: timesFile, URVAL_STAGE_CGROUP: group ?? "", FORCE_COLOR: "0" },
  });
  outcome.startedAt = Date.now();
  console.log(`▶ ${stage.name} (${seconds(outcome.startedAt - t0)} s)`);
  const prefix = `[${stage.name}] `;
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on("line", (line) => {
      log.write(`${line}\n`);
      console.log(prefix + line);
      if (stage.service && stage.service.ready.test(line)) onReady();
    });
  }
  const exited = new Promise<number>((resolve) =>
    child.once("exit", (code, signal) => {
      log.end();
      outcome.cpuSeconds = groupCpuSeconds(group) ?? cpuOf(timesFile);
      resolve(code ?? (signal ? 128 : 1));
    }),
  );
  return { outcome, child, exited };
}

function stopGroup(child: ReturnType<typeof spawn>, signal: NodeJS.Signals) {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

async function main() {
  if (args.record) return record(args.record, args.command, args.seconds === undefined ? undefined : Number(args.seconds));
  const stages = selected();
  if (args.list) {
    for (const s of stages) console.log(`${s.name.padEnd(12)} cores ${s.cores}  needs ${(s.needs ?? []).join(", ") || "-"}`);
    return;
  }
  rmSync(LOG_DIR, { recursive: true, force: true });
  mkdirSync(LOG_DIR, { recursive: true });
  const outcomes = new Map(stages.map((stage) => [stage.name, { stage, result: "not run" } as Outcome]));
  const running = new Map<string, Running>();
  const services: Running[] = [];
  const done = new Set<string>();
  let wake: () => void = () => {};
  // Busy stages share the budget; stages that mostly wait (under one core) share one core of their own beside them.
  let used = 0;
  let waiting = 0;

  const settle = (name: string, result: Result) => {
    const outcome = outcomes.get(name)!;
    if (outcome.result !== "not run") return;
    outcome.result = result;
    outcome.endedAt = Date.now();
    done.add(name);
    if (outcome.stage.cores < 1) waiting -= outcome.stage.cores;
    else used -= outcome.stage.cores;
    const mark = result === "passed" ? "✓" : "✗";
    console.log(`${mark} ${name} ${result} in ${seconds(outcome.endedAt - outcome.startedAt!)} s`);
    wake();
  };

  const interrupt = () => {
    for (const r of [...running.values(), ...services]) stopGroup(r.child, "SIGTERM");
    process.exit(130);
  };
  process.on("SIGINT", interrupt);
  process.on("SIGTERM", interrupt);

  while (done.size < stages.length) {
    // Stages whose needs failed never start.
    for (const stage of stages) {
      if (done.has(stage.name) || running.has(stage.name)) continue;
      const failedNeed = (stage.needs ?? []).find((n) => done.has(n) && outcomes.get(n)!.result !== "passed");
      if (failedNeed) {
        outcomes.get(stage.name)!.result = "skipped";
        done.add(stage.name);
        console.log(`- ${stage.name} skipped: ${failedNeed} did not pass`);
      }
    }
    for (const stage of stages) {
      if (done.has(stage.name) || running.has(stage.name)) continue;
      if (!(stage.needs ?? []).every((n) => done.has(n) && outcomes.get(n)!.result === "passed")) continue;
      if (stage.cores < 1) {
        if (waiting + stage.cores > 1 + 1e-9) continue;
        waiting += stage.cores;
      } else {
        // A stage larger than what is free waits, unless nothing else runs (a 2-core stage on a 1-core budget).
        if (used + stage.cores > budget + 1e-9 && used > 0) continue;
        used += stage.cores;
      }
      const outcome = outcomes.get(stage.name)!;
      const r = start(outcome, () => {
        // A service is done (for the stages that need it) once ready; it keeps running until the end.
        services.push(r);
        running.delete(stage.name);
        settle(stage.name, "passed");
      });
      running.set(stage.name, r);
      void r.exited.then((code) => {
        if (!running.has(stage.name)) return; // a service that ended after it was ready
        running.delete(stage.name);
        settle(stage.name, code === 0 ? "passed" : "failed");
      });
    }
    if (done.size >= stages.length) break;
    await new Promise<void>((resolve) => (wake = resolve));
  }

  for (const service of services) {
    // A service's CPU up to the end of the run (its group still counts it; a killed service's shell reports nothing).
    service.outcome.cpuSeconds = groupCpuSeconds(service.outcome.group) ?? service.outcome.cpuSeconds;
    stopGroup(service.child, "SIGTERM");
    await Promise.race([service.exited, new Promise((resolve) => setTimeout(resolve, 30_000))]);
    stopGroup(service.child, "SIGKILL");
  }
  printTable([...outcomes.values()]);
  removeGroups();
  printFailures([...outcomes.values()]);
  if ([...outcomes.values()].some((o) => o.result !== "passed")) process.exitCode = 1;
}

/** The output of stages run side by side interleaves, and CI shows only the end of it: repeat each failed stage's last lines. */
const FAILURE_TAIL_LINES = 80;
function printFailures(outcomes: Outcome[]) {
  for (const { stage } of outcomes.filter((o) => o.result === "failed")) {
    let lines: string[] = [];
    try {
      lines = readFileSync(path.join(LOG_DIR, `${stage.name}.log`), "utf8")
        .trimEnd()
        .split("\n");
    } catch {
      // No log: the stage never wrote one.
    }
    const failing = lines.filter((line) => /\b(FAIL|failed|Error|✗|×)\b|AssertionError/.test(line)).slice(0, 20);
    console.log(`\n✗ ${stage.name} failed (tests/logs/${stage.name}.log)`);
    if (failing.length > 0) console.log(["lines that name a failure:", ...failing.map((l) => `  ${l}`)].join("\n"));
    console.log(
      [`its last ${Math.min(FAILURE_TAIL_LINES, lines.length)} lines:`, ...lines.slice(-FAILURE_TAIL_LINES).map((l) => `  ${l}`)].join(
        "\n",
      ),
    );
  }
}

interface StageTable {
  command: string;
  date: string;
  commit: string;
  cores: number;
  rows: string[][];
}

const HEAD = ["stage", "started at s", "wall s", "CPU s", "result"];

function formatTable(rows: string[][]): string[] {
  const widths = HEAD.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const left = (i: number) => i === 0 || i === 4;
  const line = (cells: string[]) => `| ${cells.map((c, i) => (left(i) ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" | ")} |`;
  const rule = `| ${widths.map((w, i) => (left(i) ? "-".repeat(w) : `${"-".repeat(w - 1)}:`)).join(" | ")} |`;
  return [line(HEAD), rule, ...rows.map(line)];
}

function printTable(outcomes: Outcome[]) {
  const end = Date.now();
  const rows = [
    ["toolchain and install", "0", seconds(t0 - toolchainStarted), "", t0 > toolchainStarted ? "passed" : "-"],
    ...outcomes.map((o) => [
      o.stage.name,
      o.startedAt ? seconds(o.startedAt - toolchainStarted) : "",
      o.startedAt && o.endedAt ? seconds(o.endedAt - o.startedAt) : "",
      o.cpuSeconds === undefined ? "" : o.cpuSeconds.toFixed(0),
      o.result,
    ]),
    [
      "total",
      "",
      seconds(end - toolchainStarted),
      outcomes.some((o) => o.cpuSeconds !== undefined) ? outcomes.reduce((sum, o) => sum + (o.cpuSeconds ?? 0), 0).toFixed(0) : "",
      outcomes.every((o) => o.result === "passed") ? "passed" : "FAILED",
    ],
  ];
  const command = full ? "npm run test:full" : "npm test";
  console.log(`\n${command}: stages (wall and CPU seconds; ${os.cpus().length} cores, budget ${budget})\n`);
  for (const line of formatTable(rows)) console.log(line);
  const table: StageTable = { command, date: runDate(new Date(toolchainStarted)), commit: currentCommit(ROOT) ?? "", cores: budget, rows };
  writeFileSync(path.join(LOG_DIR, "stages.json"), `${JSON.stringify(table, null, 2)}\n`);
}

/** Adds a run's stage table (tests/logs/stages.json of a fresh clone, say) to BENCHMARKS.md under "Test suite". */
async function record(file: string, command: string | undefined, wholeSeconds: number | undefined) {
  const table = JSON.parse(readFileSync(file, "utf8")) as StageTable;
  const ran = command ?? table.command;
  const total = table.rows.find((r) => r[0] === "total")!;
  const markdown = [
    `## Test suite: ${table.command}, stage by stage (${table.date} UTC, ${table.commit})`,
    "",
    `Command: \`${ran}\` (tests/run.ts, a budget of ${table.cores} cores)`,
    "",
    ...formatTable(table.rows),
    "",
  ].join("\n");
  const whole =
    wholeSeconds === undefined
      ? []
      : [
          {
            figure: `${table.command} on a fresh clone`,
            value: wholeSeconds,
            unit: "s",
            note: `as the command measured it (clone included), ${total[4]}`,
          },
        ];
  await recordBenchmark(
    `\n${markdown}`,
    {
      area: "Test suite",
      command: ran,
      figures: [
        ...whole,
        { figure: `${table.command}: total`, value: Number(total[2]), unit: "s", note: `${total[4]} at ${table.commit}` },
        ...table.rows
          .filter((r) => r[0] !== "total" && r[2] !== "")
          .map((r) => ({
            figure: `${table.command}: ${r[0]}`,
            value: Number(r[2]),
            unit: "s",
            note: `${r[4]}; CPU ${r[3] || "-"} s; started at ${r[1]} s`,
          })),
      ],
    },
    { date: new Date(`${table.date.replace(" ", "T")}:00Z`), commit: table.commit },
  );
  console.log(markdown);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
