/**
 * Scenario 3: the reindex SIGKILLed (its whole process group: the CLI, its parser threads and the workerd of its loader)
 * at each stage it reports. After every kill the stack must still answer searches from a live version: the old one when
 * the kill came before the switch, the new one after it. Then one more reindex runs to the end and must leave only its
 * own version (and, during the grace period, the one it replaced): no tables, rows or snapshots of the dead runs.
 */
import { INDEX_VERSION_HEADER } from "#shared/api-contracts/search-api";
import { startReindex, type ReindexOptions } from "./support/reindex-process";
import type { IndexStateProbe } from "./support/state-probe";
import type { Stack } from "./support/stack";

/** What the live version is now: the embedded index's version row (state-probe.ts) or the cluster's aliases. */
export interface LiveVersionProbe {
  read(): Promise<{ current: number | null }>;
}

export interface KillPoint {
  /** A stage the CLI logs ("companies", "index", "snapshot:1", "switch", …). */
  stage: string;
  /** Hold the run there (URVAL_FAULT_HOLD_AT) before the kill, or kill this many ms after the stage begins. */
  mode: { hold: true } | { afterMs: number };
  /** The hold's name when it is not the stage's beginning ("companies:loading": mid-load). */
  holdAt?: string;
}

export interface KillOutcome {
  stage: string;
  killedVersion: number | null;
  liveBefore: number | null;
  liveAfter: number | null;
  servedVersion: number | null;
  problems: string[];
}

export const KILL_POINTS: readonly KillPoint[] = [
  { stage: "companies", mode: { hold: true }, holdAt: "companies:loading" },
  { stage: "index", mode: { hold: true } },
  { stage: "snapshot:1", mode: { hold: true } },
  { stage: "verify", mode: { hold: true } },
  { stage: "changes", mode: { hold: true } },
  { stage: "switch", mode: { hold: true } },
  { stage: "cleanup", mode: { hold: true } },
  { stage: "grace", mode: { hold: true } },
];

/** Stages after which the new version is live. */
const AFTER_SWITCH = new Set(["cleanup", "grace"]);

async function servedVersion(stack: Stack, cookie: string): Promise<number | null> {
  const response = await fetch(`${stack.url}/sapi/search/page/0`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Cookie: cookie,
      Origin: stack.url,
      "Sec-Fetch-Site": "same-origin",
      "Cache-Control": "no-cache",
    },
    body: JSON.stringify({ resultType: "COMPANY" }),
  });
  await response.arrayBuffer();
  return response.status === 200 ? Number(response.headers.get(INDEX_VERSION_HEADER)) : null;
}

export async function killAt(
  stack: Stack,
  probe: LiveVersionProbe,
  point: KillPoint,
  source: string,
  cookie: string,
  cluster?: ReindexOptions["cluster"],
  afterSwitch: ReadonlySet<string> = AFTER_SWITCH,
): Promise<KillOutcome> {
  const problems: string[] = [];
  const liveBefore = (await probe.read()).current;
  const holdAt = "hold" in point.mode ? (point.holdAt ?? point.stage) : undefined;
  const run = startReindex({ source, stateDir: stack.stateDir, graceSeconds: 120, holdAt, ...(cluster ? { cluster } : {}) });
  try {
    await run.reached(holdAt ?? point.stage);
    const { mode } = point;
    if ("afterMs" in mode) await new Promise((resolve) => setTimeout(resolve, mode.afterMs));
  } catch (error) {
    // The run's own last lines say why it ended early.
    const { output } = await run.done;
    problems.push(`never reached ${point.stage}: ${String(error)}; its last output: ${output.slice(-4).join(" | ").slice(0, 1500)}`);
  }
  await run.kill();
  const liveAfter = (await probe.read()).current;
  const expectedLive = afterSwitch.has(point.stage) ? run.version : liveBefore;
  if (liveAfter !== expectedLive) problems.push(`live version ${liveAfter}, expected ${expectedLive}`);
  // Isolates re-read the live version at most every 30 s: the answer comes from the old or the new live one.
  const served = await servedVersion(stack, cookie);
  if (served === null) problems.push("the stack did not answer a search after the kill");
  else if (served !== liveAfter && served !== liveBefore) problems.push(`served version ${served}, live ${liveAfter}`);
  return { stage: point.stage, killedVersion: run.version, liveBefore, liveAfter, servedVersion: served, problems };
}

/** The run after the kills: it must end well and leave nothing of theirs behind. */
export async function reindexAfterKills(stack: Stack, probe: IndexStateProbe, source: string, killed: readonly number[]) {
  const t0 = Date.now();
  const run = startReindex({ source, stateDir: stack.stateDir, graceSeconds: 0 });
  const { code } = await run.done;
  const state = await probe.read(killed);
  const problems: string[] = [];
  if (code !== 0) problems.push(`the clean-up reindex exited ${code}`);
  const others = (list: number[]) => list.filter((v) => v !== run.version);
  if (state.current !== run.version) problems.push(`live version ${state.current}, expected ${run.version}`);
  if (others(state.versionRows).length > 0) problems.push(`version rows left: ${others(state.versionRows).join(", ")}`);
  if (others(state.tableVersions).length > 0) problems.push(`document tables left: ${others(state.tableVersions).join(", ")}`);
  if (others(state.snapshots).length > 0) problems.push(`snapshots left: ${others(state.snapshots).join(", ")}`);
  return { version: run.version, seconds: (Date.now() - t0) / 1000, state, problems };
}
