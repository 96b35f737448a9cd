/** A started cluster: its nodes' processes, and what tests and the CLI do with them (stop, kill, restart, inspect). */
import { ClusterError } from "./cluster-error";
import { removeOwnClusterState, writeClusterState } from "./cluster-state";
import { logFileOf, type NodeSpec, residentMb, signalNode, spawnNode } from "./node-process";
import { assertPortsFree } from "./ports";
import { checkModules } from "./modules";
import { healthStatus, nodeVersion } from "./readiness";
import { type ClusterNode, type ClusterNodeState, nodeUrl, waitReady } from "./wait-ready";

export interface NodeMemory {
  name: string;
  pid: number;
  /** VmRSS; null while the node is not running. */
  rssMb: number | null;
}

export interface Cluster {
  url: string;
  urls: string[];
  nodes: ClusterNode[];
  /** OpenSearch version (GET /). */
  version: string;
  /** From spawning the JVMs until ready (health and modules), ms; excludes a launcher build. */
  startMs: number;
  stop(): Promise<void>;
  /** Sends a signal to node i; SIGTERM, SIGINT and SIGKILL resolve once it has exited, others (SIGSTOP, SIGCONT) at once. */
  killNode(i: number, signal?: NodeJS.Signals): Promise<void>;
  /**
   * Restarts a node that was killed, with the same settings and data; resolves when the cluster is ready again: every
   * node joined and green (3 nodes), or with `until: "yellow"` joined and at least yellow (while a reindex is creating
   * indices, green may be far off). On a timeout the node is stopped again and START_TIMEOUT thrown.
   */
  startNode(i: number, options?: { until?: "yellow" | "green" }): Promise<void>;
  /** green | yellow | red from the first running node that answers, or "unreachable". */
  health(): Promise<string>;
  /** The HTTP URLs of the nodes running now (a node killed with killNode is left out until startNode). */
  runningUrls(): string[];
  nodeMemoryMb(): NodeMemory[];
}

export interface LocalClusterSettings {
  specs: NodeSpec[];
  java: string;
  classpath: string;
  clusterName: string;
  timeoutMs: number;
}

const ENDING_SIGNALS: NodeJS.Signals[] = ["SIGTERM", "SIGINT", "SIGKILL"];
const STOP_GRACE_MS = 30_000;

export class LocalCluster implements Cluster {
  readonly url: string;
  readonly urls: string[];
  readonly nodes: ClusterNode[];
  version = "unknown";
  startMs = 0;
  private readonly states: ClusterNodeState[];
  /** A last resort when this process exits without stop(): the JVMs would otherwise outlive it. */
  private readonly onExit = () => this.running().forEach((node) => signalNode(node.info.pid, "SIGTERM"));

  constructor(private readonly settings: LocalClusterSettings) {
    this.states = settings.specs.map((spec) => ({
      spec,
      process: null,
      down: false,
      info: {
        name: spec.name,
        pid: 0,
        httpPort: spec.httpPort,
        transportPort: spec.transportPort,
        home: spec.home,
        logFile: logFileOf(spec.home),
        upMs: null,
      },
    }));
    this.nodes = this.states.map((node) => node.info);
    this.urls = settings.specs.map(nodeUrl);
    this.url = this.urls[0] as string;
  }

  /** Spawns every node and waits until ready; on failure stops them and rethrows. */
  async boot(onProgress: (message: string) => void, signal?: AbortSignal): Promise<void> {
    const started = Date.now();
    const label = `starting ${this.states.length} node${this.states.length === 1 ? "" : "s"}`;
    process.on("exit", this.onExit);
    try {
      onProgress(label);
      for (const node of this.states) this.launch(node, false);
      this.saveState();
      const deadline = started + this.settings.timeoutMs;
      await waitReady({ nodes: this.states, status: this.readyStatus(), deadline, label, onProgress, signal });
      onProgress("checking modules (_cat/plugins)");
      await checkModules(
        this.url,
        this.nodes.map((node) => node.name),
      );
      this.version = (await nodeVersion(this.url)) ?? "unknown";
    } catch (error) {
      await this.stop();
      throw error;
    }
    this.startMs = Date.now() - started;
  }

  async stop(): Promise<void> {
    await Promise.all(this.states.map((node) => this.endNode(node, "SIGTERM")));
    process.off("exit", this.onExit);
    removeOwnClusterState(this.nodes[0]?.httpPort ?? 0);
  }

  async killNode(i: number, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
    const node = this.nodeAt(i);
    if (!node.process || node.process.exit) throw new ClusterError("NOT_RUNNING", `node ${node.info.name} is not running`);
    if (ENDING_SIGNALS.includes(signal)) await this.endNode(node, signal);
    else signalNode(node.process.pid, signal);
  }

  async startNode(i: number, options: { until?: "yellow" | "green" } = {}): Promise<void> {
    const node = this.nodeAt(i);
    if (node.process && !node.process.exit) throw new ClusterError("NODE_RUNNING", `node ${node.info.name} is still running`);
    await assertPortsFree([node.spec]);
    this.launch(node, true);
    try {
      const deadline = Date.now() + this.settings.timeoutMs;
      await waitReady({
        nodes: this.states,
        status: options.until ?? this.readyStatus(),
        deadline,
        label: `restarting ${node.info.name}`,
        onProgress: () => {},
      });
    } catch (error) {
      await this.endNode(node, "SIGKILL");
      throw error;
    } finally {
      this.saveState();
    }
  }

  health(): Promise<string> {
    return healthStatus(this.runningUrls());
  }

  runningUrls(): string[] {
    return this.running().map((node) => nodeUrl(node.spec));
  }

  nodeMemoryMb(): NodeMemory[] {
    return this.states.map(({ info, process: child }) => ({
      name: info.name,
      pid: info.pid,
      rssMb: child && !child.exit ? residentMb(info.pid) : null,
    }));
  }

  private nodeAt(i: number): ClusterNodeState {
    const node = this.states[i];
    if (!node) throw new RangeError(`no node ${i} in a cluster of ${this.states.length}`);
    return node;
  }

  private running(): ClusterNodeState[] {
    return this.states.filter((node) => node.process !== null && node.process.exit === null);
  }

  /** Yellow for one node or while a node is down on purpose; green when all three run. */
  private readyStatus(): "yellow" | "green" {
    return this.states.length > 1 && this.states.every((node) => !node.down) ? "green" : "yellow";
  }

  private launch(node: ClusterNodeState, appendLog: boolean): void {
    node.process = spawnNode(node.spec, this.settings.java, this.settings.classpath, appendLog);
    node.info.pid = node.process.pid;
    node.info.upMs = null;
    node.down = false;
  }

  /** Signals a node (SIGCONT too, so a paused one can act on it) and waits for its exit; SIGKILL after the grace time. */
  private async endNode(node: ClusterNodeState, signal: NodeJS.Signals): Promise<void> {
    const child = node.process;
    if (!child || child.exit) return;
    node.down = true;
    signalNode(child.pid, signal);
    if (signal !== "SIGKILL") signalNode(child.pid, "SIGCONT");
    const timer = setTimeout(() => signalNode(child.pid, "SIGKILL"), STOP_GRACE_MS);
    await child.exited;
    clearTimeout(timer);
  }

  private saveState(): void {
    writeClusterState({
      ownerPid: process.pid,
      clusterName: this.settings.clusterName,
      url: this.url,
      httpPort: this.nodes[0]?.httpPort ?? 0,
      startedAt: new Date().toISOString(),
      nodes: this.nodes.map(({ name, pid, httpPort, transportPort, home }) => ({ name, pid, httpPort, transportPort, home })),
    });
  }
}
