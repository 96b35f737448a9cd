/** One OpenSearch node as an OS process: free-port checks, spawning into its own process group, signals, memory. */
import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, mkdirSync, openSync, readFileSync, writeSync } from "node:fs";
import path from "node:path";
import { MAIN_CLASS } from "./build";
import { ClusterError } from "./cluster-error";
import { procStatusMb } from "../lib/process-tree";

export interface NodeSpec {
  name: string;
  httpPort: number;
  transportPort: number;
  /** path.home: config/, data/, logs/ and node.log (the JVM's stdout and stderr). */
  home: string;
  /** key=value node settings after path.home, node.name and the ports. */
  settings: string[];
  jvmArgs: string[];
}

export interface NodeExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface NodeProcess {
  pid: number;
  spawnedAt: number;
  /** Set once the process has exited. */
  exit: NodeExit | null;
  exited: Promise<NodeExit>;
}

export const logFileOf = (home: string) => path.join(home, "node.log");

/** Starts the node's JVM in its own process group (a terminal's Ctrl-C reaches only its parent), output to node.log. */
export function spawnNode(spec: NodeSpec, java: string, classpath: string, appendLog: boolean): NodeProcess {
  mkdirSync(spec.home, { recursive: true });
  const log = openSync(logFileOf(spec.home), appendLog ? "a" : "w");
  writeSync(log, `--- ${new Date().toISOString()} starting ${spec.name} (http ${spec.httpPort}, transport ${spec.transportPort})\n`);
  const args = [
    ...spec.jvmArgs,
    "-cp",
    classpath,
    MAIN_CLASS,
    `path.home=${spec.home}`,
    `node.name=${spec.name}`,
    `http.port=${spec.httpPort}`,
    `transport.port=${spec.transportPort}`,
    ...spec.settings,
  ];
  let child: ChildProcess;
  try {
    child = spawn(java, args, { detached: true, stdio: ["ignore", log, log] });
  } finally {
    closeSync(log);
  }
  if (child.pid === undefined) {
    child.once("error", () => {}); // reported here instead
    throw new ClusterError("NODE_EXITED", `could not start ${java} for ${spec.name}`);
  }
  child.unref();
  const node: NodeProcess = { pid: child.pid, spawnedAt: Date.now(), exit: null, exited: Promise.resolve({ code: null, signal: null }) };
  node.exited = new Promise((resolve) => {
    const done = (exit: NodeExit) => {
      node.exit ??= exit;
      resolve(node.exit);
    };
    child.once("exit", (code, signal) => done({ code, signal }));
    child.once("error", () => done({ code: 127, signal: null }));
  });
  return node;
}

/** Sends a signal to the node's process group (its JVM and anything it started); false when it is gone. */
export function signalNode(pid: number, signal: NodeJS.Signals): boolean {
  if (!Number.isInteger(pid) || pid <= 1) return false; // never -1 (every process) or init
  for (const target of [-pid, pid]) {
    try {
      process.kill(target, signal);
      return true;
    } catch {
      // no such group: try the process alone
    }
  }
  return false;
}

/** True while the process exists and is not a zombie. */
export function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

/** True when pid is a launcher JVM (guards against a recycled pid), of the given home when one is given. */
export function isLauncherProcess(pid: number, home?: string): boolean {
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    return args.includes(MAIN_CLASS) && (home === undefined || args.includes(`path.home=${home}`));
  } catch {
    return false;
  }
}

/** Resident memory (VmRSS) in MB, or null when the process is gone. */
export const residentMb = (pid: number) => procStatusMb(pid, "VmRSS");

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until none of the pids is alive, or the time is up; returns the pids still alive. */
export async function waitForExit(pids: number[], timeoutMs: number): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  let alive = pids.filter(isAlive);
  while (alive.length > 0 && Date.now() < deadline) {
    await sleep(100);
    alive = alive.filter(isAlive);
  }
  return alive;
}

/**
 * Stops nodes the way Ctrl-C would: SIGTERM (the JVM's shutdown hook closes the node), SIGCONT for a paused one,
 * up to `graceMs`, then SIGKILL.
 */
export async function terminateNodes(pids: number[], graceMs = 30_000): Promise<void> {
  const running = pids.filter(isAlive);
  for (const pid of running) {
    signalNode(pid, "SIGTERM");
    signalNode(pid, "SIGCONT");
  }
  const stuck = await waitForExit(running, graceMs);
  for (const pid of stuck) signalNode(pid, "SIGKILL");
  await waitForExit(stuck, 5_000);
}
