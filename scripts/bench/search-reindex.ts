/**
 * bench:search's reindex figures (issue 27, point 3): the operators' reindex CLI (scripts/reindex/cli.ts) run as a
 * child process into a fresh state, as an operator runs it, so its resident memory is its own: total time, documents
 * per second, the peak resident memory (VmHWM, sampled from /proc) of the CLI's process and of its process tree (the
 * workerd its loader starts), and of the cluster's JVMs.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { peakRssSampler, procStatusMb } from "../lib/process-tree";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** A process's peak resident memory so far (VmHWM), MB; null when it is gone. */
export const peakResidentMb = (pid: number) => procStatusMb(pid, "VmHWM");

/** Bytes under a folder (files only, symlinks not followed). */
export function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

const DoneSchema = z
  .object({ msg: z.literal("reindex done"), companies: z.number(), worksites: z.number(), snapshotBytes: z.number().optional() })
  .passthrough();

export interface ChildReindex {
  seconds: number;
  companies: number;
  worksites: number;
  documentsPerSecond: number;
  /** VmHWM of the CLI's own process (sampled every 250 ms; the last reading before it ended). */
  processPeakMb: number;
  /** The largest summed resident memory of the CLI and everything it started (workerd), sampled every 250 ms. */
  treePeakMb: number;
  /** The embedded snapshot's bytes (embedded only). */
  snapshotBytes: number | null;
}

/** The child of a run in progress, so Ctrl-C or an error can end it. */
let running: ChildProcess | null = null;
export function stopChildReindex(): void {
  running?.kill("SIGTERM");
}

/**
 * `scripts/reindex/cli.ts --backend <backend> --source <dir> --state <state> --grace-seconds 0` in its own Node process
 * (node --import tsx: the process measured is the CLI itself, not a launcher around it). Its progress bar goes to this
 * process's stderr; its stage lines are echoed in short.
 */
export async function runChildReindex(options: {
  backend: "embedded" | "elasticsearch";
  source: string;
  state: string;
  env?: Record<string, string>;
}): Promise<ChildReindex> {
  const args = ["--import", "tsx", "scripts/reindex/cli.ts", "--backend", options.backend, "--source", options.source];
  args.push("--state", options.state, "--grace-seconds", "0");
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...options.env }, stdio: ["ignore", "pipe", "inherit"] });
  running = child;
  const pid = child.pid ?? 0;
  const tree = peakRssSampler(pid);
  let processPeakMb = 0;
  const sampler = setInterval(() => (processPeakMb = Math.max(processPeakMb, peakResidentMb(pid) ?? 0)), 250);
  let done: z.infer<typeof DoneSchema> | null = null;
  let buffered = "";
  const tail: string[] = [];
  child.stdout?.on("data", (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines) {
      tail.push(line);
      if (tail.length > 20) tail.shift();
      let entry: unknown;
      try {
        entry = JSON.parse(line);
      } catch {
        continue;
      }
      const stage = z.object({ msg: z.literal("reindex stage"), stage: z.string() }).safeParse(entry);
      if (stage.success) process.stderr.write(`  reindex (${options.backend}): ${stage.data.stage}\n`);
      const parsed = DoneSchema.safeParse(entry);
      if (parsed.success) done = parsed.data;
    }
  });
  let treePeakMb = 0;
  const code = await new Promise<number | null>((resolve) => {
    child.once("exit", (exitCode) => {
      // The tree's last sample: the CLI has ended, its peak was taken while it ran.
      treePeakMb = tree.peak();
      resolve(exitCode);
    });
    child.once("error", () => resolve(127));
  });
  clearInterval(sampler);
  tree.stop();
  running = null;
  const seconds = (performance.now() - started) / 1000;
  const result = done as z.infer<typeof DoneSchema> | null;
  if (code !== 0 || !result) throw new Error(`the ${options.backend} reindex ended with code ${code}:\n${tail.join("\n")}`);
  return {
    seconds,
    companies: result.companies,
    worksites: result.worksites,
    documentsPerSecond: (result.companies + result.worksites) / seconds,
    processPeakMb,
    treePeakMb,
    snapshotBytes: result.snapshotBytes ?? null,
  };
}
