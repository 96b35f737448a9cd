/**
 * The local stack of scenario 4's process kills (scripts/resilience/export-kill.ts): the three workers in one
 * `wrangler dev` on loopback with their own state directory, started in a process group of its own so that SIGKILL
 * takes wrangler and workerd down at once, as a machine or container dying would. Also reads the EXPORTS bucket's
 * multipart uploads from Miniflare's persisted R2 state (the R2 binding cannot list them).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { openSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { ROOT } from "../lib/local-bindings";

export interface StackOptions {
  stateDir: string;
  port: number;
  /** Vars for every worker of the stack (written to an env file that each config reads). */
  vars: Record<string, string>;
}

export interface Stack {
  origin: string;
  child: ChildProcess;
  exited: Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startStack(options: StackOptions, run: number, readyTimeoutMs = 120_000): Promise<Stack> {
  const envFile = path.join(options.stateDir, "export-kill.env");
  writeFileSync(
    envFile,
    Object.entries(options.vars)
      .map(([name, value]) => `${name}=${value}\n`)
      .join(""),
  );
  const log = openSync(path.join(options.stateDir, `wrangler-${run}.log`), "w");
  const child = spawn(
    path.join(ROOT, "node_modules/.bin/wrangler"),
    [
      ...["dev", "-c", "wrangler.toml", "-c", "workers/api/wrangler.toml", "-c", "workers/export/wrangler.toml"],
      ...["--persist-to", options.stateDir, "--port", String(options.port), "--ip", "127.0.0.1"],
      ...["--env-file", envFile, "--show-interactive-dev-session=false"],
      ...Object.entries(options.vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
    ],
    { cwd: ROOT, detached: true, stdio: ["ignore", log, log], env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" } },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const origin = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + readyTimeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited (${child.exitCode}); see wrangler-${run}.log`);
    const ok = await fetch(`${origin}/logga-in`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { origin, child, exited };
    await sleep(500);
  }
  killStack({ origin, child, exited }, "SIGKILL");
  throw new Error(`the stack did not answer within ${readyTimeoutMs} ms`);
}

/** The pids below one process (workerd runs in a process group of its own, so the group alone misses it). */
function descendants(pid: number): number[] {
  const table = execFileSync("ps", ["-eo", "pid=,ppid="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const parent = queue.shift()!;
    for (const [child, ppid] of table)
      if (ppid === parent && !found.includes(child)) {
        found.push(child);
        queue.push(child);
      }
  }
  return found;
}

/** Signals wrangler's process group and every process below it (workerd included), all at once. */
export function killStack(stack: Stack, signal: NodeJS.Signals): void {
  const pid = stack.child.pid;
  if (pid === undefined) return;
  const below = signal === "SIGKILL" ? descendants(pid) : [];
  for (const target of [-pid, ...below])
    try {
      process.kill(target, signal);
    } catch {
      // Already gone.
    }
}

/** SIGKILL, then waits (bounded) until the group is gone and the port refuses connections. */
export async function crashStack(stack: Stack, timeoutMs = 15_000): Promise<void> {
  killStack(stack, "SIGKILL");
  const deadline = Date.now() + timeoutMs;
  await Promise.race([stack.exited, sleep(timeoutMs)]);
  while (Date.now() < deadline) {
    const open = await fetch(`${stack.origin}/logga-in`).then(
      () => true,
      () => false,
    );
    if (!open) return;
    await sleep(200);
  }
  throw new Error("the killed stack still answers");
}

/** SIGINT for a clean stop, SIGKILL after the timeout. */
export async function stopStack(stack: Stack, timeoutMs = 15_000): Promise<void> {
  killStack(stack, "SIGINT");
  await Promise.race([stack.exited, sleep(timeoutMs)]);
  if (stack.child.exitCode === null && stack.child.signalCode === null) await crashStack(stack);
}

export interface MultipartState {
  inProgress: number;
  parts: number;
  /** Why a bucket's state could not be read (e.g. locked by workerd at that moment). */
  errors: string[];
}

/** Multipart uploads of one key in the persisted R2 state: those still in progress and their uploaded parts. */
export function multipartUploads(stateDir: string, key: string): MultipartState {
  const dir = path.join(stateDir, "v3/r2/miniflare-R2BucketObject");
  const state: MultipartState = { inProgress: 0, parts: 0, errors: [] };
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  } catch {
    return state;
  }
  for (const file of files) {
    const db = new DatabaseSync(path.join(dir, file), { readOnly: true });
    try {
      const row = db
        .prepare(
          `SELECT COUNT(DISTINCT u.upload_id) AS uploads, COUNT(p.part_number) AS parts
           FROM _mf_multipart_uploads u LEFT JOIN _mf_multipart_parts p ON p.upload_id = u.upload_id
           WHERE u.key = ? AND u.state = 0`,
        )
        .get(key) as { uploads: number; parts: number } | undefined;
      state.inProgress += row?.uploads ?? 0;
      state.parts += row?.parts ?? 0;
    } catch (error) {
      // A bucket without multipart tables (the metadata store, the index bucket before its first upload) or busy.
      if (!/no such table/.test(String(error))) state.errors.push(String(error));
    } finally {
      db.close();
    }
  }
  return state;
}
