/**
 * A real OpenSearch 2.19 cluster on 127.0.0.1 for tests, `npm start` and benchmarks: 1 or 3 nodes, each its own JVM
 * (scripts/cluster/node) with its own data folder. startCluster() resolves when health is yellow (1 node) or green
 * (3 nodes) and every node has loaded REQUIRED_MODULES; `npm run cluster` (cli.ts) wraps it.
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { ensureLauncher } from "./build";
import { ClusterError } from "./cluster-error";
import { clusterDirOf, liveNodePids, readClusterState, stateFileOf } from "./cluster-state";
import { javaCommand } from "./java";
import { type Cluster, LocalCluster } from "./local-cluster";
import { isAlive, type NodeSpec, terminateNodes } from "./node-process";
import { assertPortsFree } from "./ports";

export { ensureLauncher } from "./build";
export { ClusterError } from "./cluster-error";
export { stopCluster } from "./cluster-state";
export type { Cluster, NodeMemory } from "./local-cluster";
export { REQUIRED_MODULES } from "./modules";
export type { ClusterNode } from "./wait-ready";

export interface StartClusterOptions {
  nodes?: 1 | 3;
  /** Heap per node (-Xms/-Xmx), MB; default 512. */
  heapMb?: number;
  /** HTTP port of the first node (node i: httpPort + i); default 9400. */
  httpPort?: number;
  /** Transport port of the first node (node i: transportPort + i); default httpPort + 100 (9500 for 9400). */
  transportPort?: number;
  /** Holds one folder per node (<dataDir>/<nodes>-node/n<i>); default .tools/opensearch/clusters/<httpPort>. */
  dataDir?: string;
  /** Default "urval". */
  clusterName?: string;
  /** Wipe the nodes' data first. */
  fresh?: boolean;
  /** Until ready, after the launcher is built; default 120 s. */
  timeoutMs?: number;
  /** Extra JVM options for every node. */
  jvmArgs?: string[];
  onProgress?: (message: string) => void;
  /** Aborting stops the nodes started so far and rejects with ABORTED. */
  signal?: AbortSignal;
}

/** Each node's ports, folder, settings and JVM options. */
function nodeSpecs(options: StartClusterOptions): NodeSpec[] {
  const count = options.nodes ?? 1;
  const heapMb = options.heapMb ?? 512;
  if (count !== 1 && count !== 3) throw new ClusterError("BAD_ARGS", `nodes must be 1 or 3, got ${String(count)}`);
  if (!Number.isInteger(heapMb) || heapMb < 256) throw new ClusterError("BAD_ARGS", `heap must be at least 256 MB, got ${heapMb}`);
  const httpPort = options.httpPort ?? 9400;
  const transportPort = options.transportPort ?? httpPort + 100;
  const dataDir = path.resolve(options.dataDir ?? clusterDirOf(httpPort));
  const names = Array.from({ length: count }, (_, i) => `n${i + 1}`);
  const discovery =
    count === 1
      ? ["discovery.type=single-node"]
      : [
          `discovery.seed_hosts=${names.map((_, i) => `127.0.0.1:${transportPort + i}`).join(",")}`,
          `cluster.initial_cluster_manager_nodes=${names.join(",")}`,
        ];
  const jvmArgs = [
    `-Xms${heapMb}m`,
    `-Xmx${heapMb}m`,
    "-XX:+ExitOnOutOfMemoryError",
    "-Dlog4j.shutdownHookEnabled=false",
    "-Dlog4j2.disable.jmx=true",
  ];
  return names.map((name, i) => ({
    name,
    httpPort: httpPort + i,
    transportPort: transportPort + i,
    // A 1-node and a 3-node cluster keep separate data: a node bootstrapped in one cannot join the other.
    home: path.join(dataDir, `${count}-node`, name),
    settings: [`cluster.name=${options.clusterName ?? "urval"}`, "logger.level=WARN", ...discovery],
    jvmArgs: [...jvmArgs, ...(options.jvmArgs ?? [])],
  }));
}

/** Stops a cluster on this port whose starting process has ended without stopping it (a test run killed mid-way). */
async function stopOrphan(httpPort: number, onProgress: (message: string) => void): Promise<void> {
  const state = readClusterState(httpPort);
  if (!state || isAlive(state.ownerPid)) return;
  const pids = liveNodePids(state);
  if (pids.length > 0) {
    onProgress(`stopping the cluster left on port ${httpPort} by pid ${state.ownerPid}, which has ended`);
    await terminateNodes(pids);
  }
  rmSync(stateFileOf(httpPort), { force: true });
}

/**
 * Builds the launcher if needed, starts the nodes and waits until the cluster is ready. Throws ClusterError:
 * PORT_BUSY, JAVA_MISSING, JAVA_TOO_OLD, MAVEN_MISSING, BUILD_FAILED, NODE_EXITED, START_TIMEOUT, MODULE_MISSING, ABORTED.
 * On any failure after spawning, the nodes started so far are stopped.
 */
export async function startCluster(options: StartClusterOptions = {}): Promise<Cluster> {
  const specs = nodeSpecs(options);
  let lastMessage = "";
  const onProgress = (message: string) => {
    if (message !== lastMessage) options.onProgress?.(message);
    lastMessage = message;
  };
  await stopOrphan(specs[0]?.httpPort ?? 0, onProgress);
  await assertPortsFree(specs);
  const classpath = await ensureLauncher(onProgress, options.signal);
  await assertPortsFree(specs); // again: a first build takes a minute
  if (options.fresh) for (const spec of specs) rmSync(spec.home, { recursive: true, force: true });
  const cluster = new LocalCluster({
    specs,
    java: javaCommand(),
    classpath,
    clusterName: options.clusterName ?? "urval",
    timeoutMs: options.timeoutMs ?? 120_000,
  });
  await cluster.boot(onProgress, options.signal);
  return cluster;
}
