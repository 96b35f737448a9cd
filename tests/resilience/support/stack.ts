/**
 * The whole local stack for the resilience suite: `scripts/start.ts` (build skipped, migrations, demo dataset and index,
 * then one `wrangler dev` with the web, API and export workers) on its own port and state directory, started in its own
 * process group so that stopping it stops workerd too.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { ROOT } from "#scripts/lib/local-bindings";
import { treeRssMb } from "#scripts/lib/process-tree";

export interface Stack {
  url: string;
  stateDir: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntilServing(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the stack exited with ${child.exitCode} before serving`);
    try {
      const response = await fetch(`${url}/sapi/health`, { signal: AbortSignal.timeout(3000) });
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await sleep(500);
  }
  throw new Error(`the stack did not serve ${url} within ${timeoutMs / 1000} s`);
}

export async function startStack(options: { port: number; stateDir: string; log: string[]; env?: Record<string, string> }): Promise<Stack> {
  const url = `http://127.0.0.1:${options.port}`;
  const child = spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["scripts/start.ts"], {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...options.env, PORT: String(options.port), URVAL_STATE_DIR: options.stateDir, URVAL_SKIP_BUILD: "1" },
  });
  // The workers' JSON log lines are kept (bounded) so failures can be explained; progress bars go to stderr.
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n")) if (line.trim()) options.log.push(line);
    if (options.log.length > 20_000) options.log.splice(0, options.log.length - 20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    process.kill(-child.pid, "SIGINT");
    await Promise.race([exited, sleep(10_000)]);
    if (child.exitCode === null) process.kill(-child.pid, "SIGKILL");
  };
  try {
    await waitUntilServing(url, child, 600_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stateDir: options.stateDir, process: child, stop };
}

/** Resident memory (MB) of the workerd processes below `rootPid` (the stack's process tree), read from /proc. */
export function workerdRssMb(rootPid: number): number {
  return treeRssMb(rootPid, "workerd");
}
