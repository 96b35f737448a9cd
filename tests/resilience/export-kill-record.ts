/**
 * Runs resilience scenario 4's process kill on its own (tests/resilience/export-kill.ts, the product's defaults:
 * lease, heartbeat, retry backoff) and records its figures in docs/benchmarks (record.ts) under "Resilience: export
 * killed mid-upload", with the scenario's command: above all the user's wait from the kill to DONE and how much of it
 * lies beyond the job's own time. Standalone, export-kill.ts only prints its line; the resilience runner records a
 * PASS/FAIL per scenario. Exits with the scenario's exit code.
 *
 *   bash scripts/toolchain/run.sh exec tsx tests/resilience/export-kill-record.ts [--short] [--no-append]
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { ROOT } from "#scripts/lib/local-bindings";
import { formatScenario, REPORT_DIR_ENV, type ScenarioReport } from "./support/report";
import { recordBenchmark, runDate, type BenchFigure } from "#scripts/bench/record";

const { values: args } = parseArgs({
  options: {
    short: { type: "boolean", default: false },
    "no-append": { type: "boolean", default: false },
  },
});

const SCENARIO = "4-export-faults-kill";
/** The scenario's figures recorded one by one (seconds; "a/b/c" over several kills stays text). */
const RECORDED: { key: RegExp; figure: string; unit: string }[] = [
  { key: /^user's wait from the kill to DONE s$/, figure: "user's wait from the kill to DONE", unit: "s" },
  { key: /^job's own time s$/, figure: "the taking-over job's own time (claim → DONE)", unit: "s" },
  { key: /^wait beyond the job's own time s/, figure: "wait beyond the job's own time (bound 120 s)", unit: "s" },
  { key: /^kill → stack up s$/, figure: "kill → restarted stack answering", unit: "s" },
  { key: /^kill → queued again s$/, figure: "kill → job queued again by the owner's poll", unit: "s" },
  { key: /^max heartbeat gap ms$/, figure: "longest gap between lease renewals", unit: "ms" },
];

const asValue = (value: string | number) => (typeof value === "string" && /^\d+(\.\d+)?$/.test(value) ? Number(value) : value);

function figuresOf(report: ScenarioReport): BenchFigure[] {
  const figures: BenchFigure[] = [{ figure: "result", value: report.pass ? "PASS" : "FAIL", unit: "" }];
  for (const { key, figure, unit } of RECORDED) {
    const entry = Object.entries(report.figures).find(([name]) => key.test(name));
    if (entry && entry[1] !== "") figures.push({ figure, value: asValue(entry[1]), unit });
  }
  return figures;
}

async function main(): Promise<number> {
  const scenarioArgs = args.short ? ["--short"] : [];
  const command = `bash scripts/toolchain/run.sh exec tsx tests/resilience/export-kill.ts${args.short ? " --short" : ""}`;
  const dir = mkdtempSync(path.join(os.tmpdir(), "urval-export-kill-"));
  try {
    const started = Date.now();
    const { status } = spawnSync(path.join(ROOT, "node_modules/.bin/tsx"), ["tests/resilience/export-kill.ts", ...scenarioArgs], {
      cwd: ROOT,
      stdio: "inherit",
      env: { ...process.env, [REPORT_DIR_ENV]: dir },
    });
    const file = path.join(dir, `${SCENARIO}.json`);
    if (!existsSync(file)) {
      console.error(`[export-kill-record] the scenario wrote no report (exit code ${status}); nothing recorded`);
      return status ?? 1;
    }
    const report = JSON.parse(readFileSync(file, "utf8")) as ScenarioReport;
    const minutes = ((Date.now() - started) / 60_000).toFixed(1);
    const markdown = [
      `## Resilience: export killed mid-upload, the product's defaults (${runDate(new Date())} UTC)`,
      "",
      `Command: \`${command}\` (${minutes} min, ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(", ")} at the end)`,
      "",
      `- ${formatScenario(report)}`,
      ...(report.notes ?? []).map((note) => `- ${note}`),
      "",
    ].join("\n");
    console.log(markdown);
    if (!args["no-append"])
      await recordBenchmark(`\n${markdown}`, {
        area: "Resilience: export killed mid-upload",
        command,
        figures: figuresOf(report),
        note: `${report.figures.scale ?? ""} form, ${report.figures.kills ?? "?"} kill(s) mid-upload; the product's defaults (lease 60 s, heartbeat)`,
      });
    return status ?? 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
