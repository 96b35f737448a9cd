/**
 * The resilience suite's shared report format (issue 14). Every scenario, whether it runs inside vitest (workerd
 * integration tests) or in the `npm run test:resilience` runner, records one line per scenario: pass or fail and its
 * figures. The runner collects the records from URVAL_RESILIENCE_REPORT_DIR and appends them to docs/benchmarks (record.ts).
 *
 *   const scale = resilienceScale();            // "short" inside npm test, "full" under npm run test:resilience
 *   recordScenario({ scenario: "5-fuzz", title: "Hostile input", pass: true, figures: { requests: 10000 } });
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

export type ResilienceScale = "short" | "full";

export interface ScenarioReport {
  /** Stable id, e.g. "5-fuzz" or "6-authorization"; one file per id in the report directory. */
  scenario: string;
  title: string;
  pass: boolean;
  /** Figures as printed: counts, p50/p95 in ms, seconds, MB. */
  figures: Record<string, string | number>;
  /** Defects, caveats or anything a reader of the benchmark history needs to know. */
  notes?: string[];
  /** The key figures in one line, shown beside the result in BENCHMARKS.md (the run's note in runs.jsonl). */
  summary?: string;
}

export const REPORT_DIR_ENV = "URVAL_RESILIENCE_REPORT_DIR";
export const SCALE_ENV = "URVAL_RESILIENCE";

/** "full" only when the resilience runner asks for it; npm test runs the short form. */
export function resilienceScale(): ResilienceScale {
  return process.env[SCALE_ENV] === "full" ? "full" : "short";
}

/** Picks the short or the full value of a bound (runs, users, seconds) for the current scale. */
export function byScale<T>(short: T, full: T): T {
  return resilienceScale() === "full" ? full : short;
}

export function formatScenario(report: ScenarioReport): string {
  const figures = Object.entries(report.figures)
    .map(([name, value]) => `${name} ${value}`)
    .join(", ");
  return `[resilience] ${report.pass ? "PASS" : "FAIL"} ${report.scenario} ${report.title}: ${figures}`;
}

/** Prints the scenario's line and, under the runner, writes it to the report directory. */
export function recordScenario(report: ScenarioReport): void {
  console.log(formatScenario(report));
  const dir = process.env[REPORT_DIR_ENV];
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${report.scenario}.json`), JSON.stringify(report, null, 2));
}
