/**
 * The local stack of scenario 4's process kills (tests/resilience/export-kill.ts): the three workers in one
 * `wrangler dev` on loopback with their own state directory, started in a process group of its own so that SIGKILL
 * takes wrangler and workerd down at once, as a machine or container dying would. Also reads the EXPORTS bucket's
 * multipart uploads from Miniflare's persisted R2 state (the R2 binding cannot list them).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { openSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { ROOT, wranglerDevEnv, wranglerInspectorArgs } from "#scripts/lib/local-bindings";
import { removeWorkerVarConfigs, writeWorkerVarConfigs } from "#scripts/lib/worker-var-configs";

export interface StackOptions {
  stateDir: string;
  port: number;
  /** Vars of the API and export workers (wrangler dev gives --var and --env-file to the first config only, the web worker). */
  vars: Record<string, string>;
  /** Names the generated configs, so that two scenarios' stacks can run at once (default "resilience"). */
  purpose?: string;
}

const PURPOSE = "resilience";

export function removeGeneratedConfigs(purpose = PURPOSE): void {
  removeWorkerVarConfigs(purpose);
}

export interface Stack {
  origin: string;
  child: ChildProcess;
  exited: Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startStack(options: StackOptions, run: number, readyTimeoutMs = 120_000): Promise<Stack> {
  const generated = writeWorkerVarConfigs(options.purpose ?? PURPOSE, options.vars, "tests/resilience/support/export-kill-stack.ts");
  const log = openSync(path.join(options.stateDir, `wrangler-${run}.log`), "w");
  const child = spawn(
    path.join(ROOT, "node_modules/.bin/wrangler"),
    [
      ...["dev", "-c", "wrangler.toml", "-c", generated.api, "-c", generated.export],
      ...["--persist-to", options.stateDir, "--port", String(options.port), "--ip", "127.0.0.1"],
      "--show-interactive-dev-session=false",
      ...wranglerInspectorArgs(),
    ],
    { cwd: ROOT, detached: true, stdio: ["ignore", log, log], env: wranglerDevEnv({ CI: "true", WRANGLER_SEND_METRICS: "false" }) },
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

/**
 * Objects of a stopped stack's local R2, read straight from its files (the object table of each bucket store and the
 * blobs it names; a multipart object is its parts in order). The ledger check reads exports this way: reading them
 * back through getPlatformProxy's bridge was cut ("other side closed") on a busy machine, and the stack is stopped
 * by then anyway.
 */
export function storedObjects(stateDir: string, bucket: string, prefix: string): Map<string, () => Uint8Array> {
  const dir = path.join(stateDir, "v3/r2/miniflare-R2BucketObject");
  const blobs = path.join(stateDir, "v3/r2", bucket, "blobs");
  const found = new Map<string, () => Uint8Array>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite")) {
    const db = new DatabaseSync(path.join(dir, file), { readOnly: true });
    try {
      const objects = db
        .prepare("SELECT key, blob_id AS blobId FROM _mf_objects WHERE substr(key, 1, length(?)) = ?")
        .all(prefix, prefix) as { key: string; blobId: string | null }[];
      for (const { key, blobId } of objects) {
        const parts = blobId
          ? [blobId]
          : (
              db.prepare("SELECT blob_id AS blobId FROM _mf_multipart_parts WHERE object_key = ? ORDER BY part_number").all(key) as {
                blobId: string;
              }[]
            ).map((part) => part.blobId);
        found.set(key, () => Buffer.concat(parts.map((id) => readFileSync(path.join(blobs, id)))));
      }
    } catch (error) {
      if (!/no such table/.test(String(error))) throw error;
    } finally {
      db.close();
    }
  }
  return found;
}
