/**
 * The two stacks of `npm run bench:api-backends`: scripts/start.ts (the `npm start` path, env-driven) on its own port
 * and state directory, once with the embedded index and once with URVAL_SEARCH_BACKEND=cluster (start.ts then starts
 * an OpenSearch node on its own port and indexes the dataset into it). Each runs in its own process group; stop()
 * signals the group (start.ts stops wrangler, then its node), waits, kills what is left, and stops the node through
 * its state file if its JVM outlived the stack.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { stopCluster } from "../cluster/cluster";
import { liveNodePids, readClusterState } from "../cluster/cluster-state";
import { ROOT } from "../lib/local-bindings";

export type BackendName = "embedded" | "cluster";

export interface StackOptions {
  backend: BackendName;
  port: number;
  stateDir: string;
  /** The dataset start.ts indexes (URVAL_DEMO_DATA) and its company count (URVAL_DEMO_COMPANIES: generated if absent). */
  dataDir: string;
  companies: number;
  build: boolean;
  /** Cluster only: HTTP port and heap of the node start.ts starts. */
  clusterPort: number;
  heapMb: number;
  /** Give up when the stack does not serve within this time (the first indexing of a big dataset takes long). */
  timeoutMs: number;
}

export interface RunningStack {
  backend: BackendName;
  url: string;
  stateDir: string;
  account: { username: string; password: string };
  stop(): Promise<void>;
  /** The last lines the stack wrote, for an error message. */
  tail(): string;
}

const AccountSchema = z.object({ username: z.string(), password: z.string() });

export const readAccount = (stateDir: string) =>
  AccountSchema.parse(JSON.parse(readFileSync(path.join(stateDir, "demo-account.json"), "utf8")));

/** The stop functions of the stacks started and not yet stopped, also those still starting. */
const unstopped = new Set<() => Promise<void>>();

/** Stops every stack this process started (on an error, Ctrl-C or at the end). */
export async function stopStartedStacks(): Promise<void> {
  await Promise.all([...unstopped].map((stop) => stop()));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function serving(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/sapi/health`, { signal: AbortSignal.timeout(3000) })).ok;
  } catch {
    return false;
  }
}

/** start.ts's environment: the backend, port, state, dataset; nothing inherited that would point it elsewhere. */
function stackEnv(options: StackOptions): NodeJS.ProcessEnv {
  const {
    ELASTICSEARCH_URL: _url,
    ELASTICSEARCH_DIALECT: _dialect,
    URVAL_KEEP_INDEX: _keep,
    URVAL_SKIP_BUILD: _skip,
    URVAL_CLUSTER_PORT: _port,
    URVAL_CLUSTER_HEAP_MB: _heap,
    ...inherited
  } = process.env;
  return {
    ...inherited,
    PORT: String(options.port),
    URVAL_STATE_DIR: options.stateDir,
    URVAL_SEARCH_BACKEND: options.backend,
    URVAL_DEMO_DATA: options.dataDir,
    URVAL_DEMO_COMPANIES: String(options.companies),
    // One account at benchmark rates, far past the per-user search limits (docs/decisions/0038).
    URVAL_SEARCH_LIMIT_SCALE: "1000",
    ...(options.build ? {} : { URVAL_SKIP_BUILD: "1" }),
    ...(options.backend === "cluster"
      ? { URVAL_CLUSTER_PORT: String(options.clusterPort), URVAL_CLUSTER_HEAP_MB: String(options.heapMb) }
      : {}),
  };
}

/**
 * Starts one stack and resolves when /sapi/health answers. Until then start.ts's steps and progress are shown with the
 * backend's name in front; afterwards its output (the workers' logs) is only kept for an error message.
 */
export async function startStack(options: StackOptions, show: (line: string) => void): Promise<RunningStack> {
  const url = `http://127.0.0.1:${options.port}`;
  if (await serving(url)) throw new Error(`something already serves ${url}; stop it or choose other ports`);
  // A node already on the port (a run that was killed) would be reused by start.ts; it is stopped only if ours.
  const nodeBefore = options.backend === "cluster" ? readClusterState(options.clusterPort) : null;
  const nodeWasRunning = nodeBefore !== null && liveNodePids(nodeBefore).length > 0;
  const child = spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["scripts/start.ts"], {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: stackEnv(options),
  });
  const lines: string[] = [];
  let starting = true;
  // Shown while starting: start.ts's steps and banner (stdout, where wrangler's binding tables go too) and the
  // progress bars and errors (stderr); the workers' request logs are only kept.
  const shown = (line: string, stream: "stdout" | "stderr") =>
    stream === "stderr"
      ? !/^\[(urval-|wrangler:info)/.test(line)
      : /^(▸|\s{2}\S)/.test(line) && !/manually trigger|curl |For more details/.test(line);
  const keep = (stream: "stdout" | "stderr") => (chunk: Buffer) => {
    for (const raw of chunk.toString().split(/\r|\n/)) {
      const line = raw.trimEnd();
      if (line.trim() === "") continue;
      lines.push(line);
      if (starting && shown(line, stream)) show(`[${options.backend}] ${line}`);
    }
    if (lines.length > 400) lines.splice(0, lines.length - 400);
  };
  child.stdout.on("data", keep("stdout"));
  child.stderr.on("data", keep("stderr"));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const stop = async () => {
    unstopped.delete(stop);
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      signalGroup(child, "SIGINT");
      // start.ts stops wrangler, then the node it started (SIGTERM, up to 30 s).
      await Promise.race([exited, sleep(60_000)]);
      if (child.exitCode === null && child.signalCode === null) signalGroup(child, "SIGKILL");
    }
    if (options.backend !== "cluster" || nodeWasRunning) return;
    const state = readClusterState(options.clusterPort);
    if (state && liveNodePids(state).length > 0) await stopCluster(options.clusterPort).catch(() => undefined);
  };
  const tail = () => lines.slice(-40).join("\n");
  unstopped.add(stop);

  const deadline = Date.now() + options.timeoutMs;
  try {
    while (!(await serving(url))) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`the ${options.backend} stack (scripts/start.ts) exited with ${child.exitCode ?? child.signalCode}:\n${tail()}`);
      if (Date.now() > deadline)
        throw new Error(`the ${options.backend} stack did not serve ${url} within ${options.timeoutMs / 60_000} min`);
      await sleep(1000);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  starting = false;
  return { backend: options.backend, url, stateDir: options.stateDir, account: readAccount(options.stateDir), stop, tail };
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, signal);
  } catch {
    // the group is gone
  }
}
