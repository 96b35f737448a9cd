/** Waits for a starting cluster: every node's HTTP port, then the health status; fails fast when a JVM exits. */
import { ClusterError } from "./cluster-error";
import { logTail } from "./log-tail";
import type { NodeProcess, NodeSpec } from "./node-process";
import { isHealthy, nodeVersion } from "./readiness";

/** A node as a cluster's users see it. */
export interface ClusterNode {
  name: string;
  /** Changes when startNode() restarts the node. */
  pid: number;
  httpPort: number;
  transportPort: number;
  home: string;
  logFile: string;
  /** From spawn until the node's HTTP port answered, ms. */
  upMs: number | null;
}

/** A node of a cluster as its owner tracks it. */
export interface ClusterNodeState {
  spec: NodeSpec;
  process: NodeProcess | null;
  /** Stopped on purpose (killNode, stop): not waited for. */
  down: boolean;
  info: ClusterNode;
}

export const nodeUrl = (spec: { httpPort: number }) => `http://127.0.0.1:${spec.httpPort}`;

export interface WaitReadyOptions {
  nodes: ClusterNodeState[];
  status: "yellow" | "green";
  deadline: number;
  label: string;
  onProgress: (message: string) => void;
  signal?: AbortSignal;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function exitedEarly(node: ClusterNodeState): ClusterError {
  const exit = node.process?.exit;
  const how = exit?.signal ? `on ${exit.signal}` : `with code ${exit?.code ?? "?"}`;
  return new ClusterError(
    "NODE_EXITED",
    `node ${node.info.name} exited ${how} before the cluster was ready (log: ${node.info.logFile})`,
    logTail(node.info.logFile, 30),
  );
}

export async function waitReady({ nodes, status, deadline, label, onProgress, signal }: WaitReadyOptions): Promise<void> {
  const expected = nodes.filter((node) => !node.down);
  for (;;) {
    if (signal?.aborted) throw new ClusterError("ABORTED", "start interrupted");
    const exited = expected.find((node) => node.process?.exit);
    if (exited) throw exitedEarly(exited);
    for (const node of expected) {
      if (node.info.upMs !== null || !node.process) continue;
      if ((await nodeVersion(nodeUrl(node.spec))) !== null) node.info.upMs = Date.now() - node.process.spawnedAt;
    }
    const up = expected.filter((node) => node.info.upMs !== null).length;
    onProgress(`${label}: ${up}/${expected.length} up, waiting for ${status}`);
    const first = expected[0];
    if (first && up === expected.length && (await isHealthy(nodeUrl(first.spec), status, expected.length))) return;
    if (Date.now() > deadline) {
      const logs = expected.map((node) => `--- ${node.info.logFile}\n${logTail(node.info.logFile, 10)}`).join("\n");
      throw new ClusterError("START_TIMEOUT", `the cluster did not reach ${status} in time (${up}/${expected.length} nodes up)`, logs);
    }
    await sleep(250);
  }
}
