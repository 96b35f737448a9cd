/**
 * Scenario 3 on the cluster backend: a stack whose search backend is a real OpenSearch node on loopback, and
 * `npm run reindex -- --backend elasticsearch` SIGKILLed at each stage it reports. After every kill the aliases must
 * still name one complete version (the old one before the switch, the new one after it) and the stack must answer
 * searches from it; then one more reindex runs to the end and must leave only its own version's indices.
 */
import path from "node:path";
import { startCluster } from "#scripts/cluster/cluster";
import { ClusterStateProbe } from "./support/cluster-probe";
import { startReindex } from "./support/reindex-process";
import type { ScenarioReport } from "./support/report";
import { killAt, type KillOutcome, type KillPoint } from "./scenario-reindex-kill";
import { signInCookie } from "./support/sign-in";
import { startStack } from "./support/stack";

export const CLUSTER_KILL_POINTS: readonly KillPoint[] = [
  { stage: "companies", mode: { hold: true }, holdAt: "companies:loading" },
  { stage: "worksites", mode: { hold: true } },
  { stage: "verify", mode: { hold: true } },
  { stage: "changes", mode: { hold: true } },
  { stage: "switch", mode: { hold: true } },
  { stage: "cleanup", mode: { hold: true } },
  { stage: "grace", mode: { hold: true } },
];
/** The short form: mid-load, before the switch, at it, and after it. */
export const SHORT_CLUSTER_KILLS = new Set(["companies", "verify", "switch", "grace"]);
const AFTER_SWITCH = new Set(["cleanup", "grace"]);

export interface ClusterKillOptions {
  short: boolean;
  /** The stack's port and state directory (apart from the embedded stack's). */
  port: number;
  stateDir: string;
  clusterPort: number;
  /** Start a node of its own on clusterPort (default); false: the test run's node already serves there. */
  ownCluster?: boolean;
  dataA: string;
  dataB: string;
  log: string[];
  progress: (line: string) => void;
}

export async function runClusterReindexKills(options: ClusterKillOptions): Promise<ScenarioReport> {
  const cluster =
    options.ownCluster === false
      ? { url: `http://127.0.0.1:${options.clusterPort}`, stop: async () => {} }
      : await startCluster({ nodes: 1, heapMb: 768, httpPort: options.clusterPort, fresh: true, clusterName: "urval-resilience" });
  const dialect = "opensearch";
  const probe = new ClusterStateProbe(cluster.url);
  let stack: Awaited<ReturnType<typeof startStack>> | null = null;
  try {
    stack = await startStack({
      port: options.port,
      stateDir: options.stateDir,
      log: options.log,
      env: { URVAL_SEARCH_BACKEND: "cluster", URVAL_CLUSTER_PORT: String(options.clusterPort) },
    });
    const cookie = await signInCookie(stack.url, options.stateDir);
    const points = options.short ? CLUSTER_KILL_POINTS.filter((p) => SHORT_CLUSTER_KILLS.has(p.stage)) : CLUSTER_KILL_POINTS;
    const kills: KillOutcome[] = [];
    for (const [i, point] of points.entries()) {
      const source = i % 2 === 0 ? options.dataB : options.dataA;
      kills.push(await killAt(stack, probe, point, source, cookie, { url: cluster.url, dialect }, AFTER_SWITCH));
      options.progress(`killed at ${point.stage}: ${JSON.stringify(kills.at(-1))}`);
    }
    const problems = kills.flatMap((k) => k.problems.map((p) => `${k.stage}: ${p}`));
    const t0 = Date.now();
    const run = startReindex({
      source: options.dataA,
      stateDir: options.stateDir,
      graceSeconds: 0,
      cluster: { url: cluster.url, dialect },
    });
    const { code } = await run.done;
    const state = await probe.read();
    if (code !== 0) problems.push(`the clean-up reindex exited ${code}`);
    if (state.current !== run.version || state.worksitesCurrent !== run.version)
      problems.push(`aliases on v${state.current}/v${state.worksitesCurrent}, expected v${run.version}`);
    const left = state.versions.filter((v) => v !== run.version);
    if (left.length > 0) problems.push(`indices left of versions ${left.join(", ")}`);
    return {
      scenario: "3c-reindex-killed-cluster",
      title: "Reindex into the OpenSearch cluster killed at each stage",
      pass: problems.length === 0,
      figures: {
        kills: kills.map((k) => `${k.stage}: live v${k.liveBefore}→v${k.liveAfter}, served v${k.servedVersion}`).join("; "),
        "next reindex": `v${run.version} in ${((Date.now() - t0) / 1000).toFixed(0)} s, versions left: ${state.versions.join(" ")}`,
        data: `${path.basename(options.dataA)} / ${path.basename(options.dataB)}`,
      },
      notes: problems,
    };
  } finally {
    await stack?.stop();
    await cluster.stop();
  }
}
