/**
 * The state file of a running cluster, .tools/opensearch/clusters/<httpPort>/cluster.json: pids and ports, so that
 * `npm run cluster -- --stop` in another process (or a later start on the same port) finds the nodes.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { TOOLS_DIR } from "./build";
import { ClusterError } from "./cluster-error";
import { isAlive, isLauncherProcess, terminateNodes } from "./node-process";

export const ClusterStateSchema = z.object({
  ownerPid: z.number().int(),
  clusterName: z.string(),
  url: z.string(),
  httpPort: z.number().int(),
  startedAt: z.string(),
  /** Set by stopCluster() before it signals the nodes, so their owner knows the stop was asked for. */
  stopRequestedAt: z.string().optional(),
  nodes: z.array(
    z.object({
      name: z.string(),
      pid: z.number().int(),
      httpPort: z.number().int(),
      transportPort: z.number().int(),
      home: z.string(),
    }),
  ),
});
export type ClusterState = z.infer<typeof ClusterStateSchema>;

export const clusterDirOf = (httpPort: number) => path.join(TOOLS_DIR, "clusters", String(httpPort));
export const stateFileOf = (httpPort: number) => path.join(clusterDirOf(httpPort), "cluster.json");

export function writeClusterState(state: ClusterState): void {
  const file = stateFileOf(state.httpPort);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, `${JSON.stringify(state, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
}

/** The state of the cluster on this port, or null when there is none (or it cannot be read). */
export function readClusterState(httpPort: number): ClusterState | null {
  try {
    return ClusterStateSchema.parse(JSON.parse(readFileSync(stateFileOf(httpPort), "utf8")));
  } catch {
    return null;
  }
}

/** Removes the state file if this process wrote it. */
export function removeOwnClusterState(httpPort: number): void {
  if (readClusterState(httpPort)?.ownerPid === process.pid) rmSync(stateFileOf(httpPort), { force: true });
}

/** The pids in a state file that are still running launcher JVMs of that cluster. */
export function liveNodePids(state: ClusterState): number[] {
  return state.nodes.filter((node) => isAlive(node.pid) && isLauncherProcess(node.pid, node.home)).map((node) => node.pid);
}

/** A hint for a busy-port error when the port belongs to a cluster of ours that is still running, else "". */
export function runningClusterHint(httpPort: number): string {
  const state = readClusterState(httpPort);
  if (!state || liveNodePids(state).length === 0) return "";
  return ` (a cluster started by pid ${state.ownerPid} runs there: npm run cluster -- --stop --port ${httpPort})`;
}

/**
 * Stops the cluster a state file describes (started by any process): SIGTERM, up to 30 s, then SIGKILL.
 * A stale state file (no live node) is removed.
 * Returns the pids stopped; throws NOT_RUNNING when there is no such cluster.
 */
export async function stopCluster(httpPort = 9400): Promise<number[]> {
  const state = readClusterState(httpPort);
  const pids = state ? liveNodePids(state) : [];
  if (pids.length === 0) {
    rmSync(stateFileOf(httpPort), { force: true });
    throw new ClusterError("NOT_RUNNING", `no cluster started by npm run cluster is running on port ${httpPort}`);
  }
  const owner = state as ClusterState;
  writeClusterState({ ...owner, stopRequestedAt: new Date().toISOString() });
  await terminateNodes(pids);
  // A running owner sees stopRequestedAt and removes the file itself.
  if (!isAlive(owner.ownerPid)) rmSync(stateFileOf(httpPort), { force: true });
  return pids;
}
