/**
 * `npm run reindex` as the operators run it, in a process group of its own (the CLI and the workerd its loader starts),
 * with its JSON stage lines observed: wait for a stage, kill the group with SIGKILL, or wait for the end.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { ROOT } from "#scripts/lib/local-bindings";

export interface ReindexRun {
  stages: string[];
  /** When each stage began (epoch ms), in order. */
  timeline: { stage: string; at: number }[];
  /** The version this run builds, once its "prepare" stage is logged. */
  version: number | null;
  /** Resolves when the run logs this stage (or "held" at it); rejects when the run ends first. */
  reached(stage: string): Promise<void>;
  kill(): Promise<void>;
  done: Promise<{ code: number | null; result: Record<string, unknown> | null; output: string[] }>;
}

export interface ReindexOptions {
  source: string;
  stateDir: string;
  graceSeconds: number;
  holdAt?: string;
  /** The cluster backend (scenario 3 on OpenSearch): `--backend elasticsearch` with this cluster's URL and dialect. */
  cluster?: { url: string; dialect: string };
}

export function startReindex(options: ReindexOptions): ReindexRun {
  const args = [
    "scripts/reindex/cli.ts",
    "--source",
    options.source,
    "--state",
    options.stateDir,
    "--grace-seconds",
    String(options.graceSeconds),
    ...(options.cluster ? ["--backend", "elasticsearch"] : []),
  ];
  const cluster = options.cluster ? { ELASTICSEARCH_URL: options.cluster.url, ELASTICSEARCH_DIALECT: options.cluster.dialect } : {};
  const child = spawn(path.join(ROOT, "node_modules/.bin/tsx"), args, {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...cluster, URVAL_FAULT_HOLD_AT: options.holdAt ?? "" },
  });
  const stages: string[] = [];
  const output: string[] = [];
  const waiters: { stage: string; resolve: () => void; reject: (e: Error) => void }[] = [];
  let result: Record<string, unknown> | null = null;
  let buffered = "";
  child.stdout.on("data", (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines) {
      output.push(line);
      let entry: { msg?: string; stage?: string; at?: string; part?: number; version?: number } = {};
      try {
        entry = JSON.parse(line) as typeof entry;
      } catch {
        continue;
      }
      const reached = entry.msg === "reindex stage" ? (entry.part === undefined ? entry.stage : `${entry.stage}:${entry.part}`) : undefined;
      if (reached) {
        stages.push(reached);
        run.timeline.push({ stage: reached, at: Date.now() });
      }
      if (entry.msg === "reindex stage" && typeof entry.version === "number" && entry.version > 0) run.version = entry.version;
      if (entry.msg === "reindex held") stages.push(`held:${entry.at}`);
      if (entry.msg === "reindex done") result = entry as Record<string, unknown>;
      for (const waiter of waiters.filter((w) => w.stage === reached || `held:${w.stage}` === stages.at(-1))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  });
  child.stderr.on("data", (chunk: Buffer) => {
    // Structured lines and anything else (a crash's stack), so a run that ends early can say why.
    for (const line of chunk.toString().split("\n")) if (line.trim() !== "" && output.length < 10_000) output.push(line);
  });
  const done = new Promise<{ code: number | null; result: Record<string, unknown> | null; output: string[] }>((resolve) => {
    child.on("exit", (code) => {
      for (const waiter of waiters.splice(0)) waiter.reject(new Error(`reindex ended (${code}) before stage ${waiter.stage}`));
      resolve({ code, result, output });
    });
  });
  const run: ReindexRun = {
    stages,
    version: null,
    timeline: [],
    done,
    reached: (stage) =>
      stages.includes(stage) || stages.includes(`held:${stage}`)
        ? Promise.resolve()
        : new Promise<void>((resolve, reject) => waiters.push({ stage, resolve, reject })),
    async kill() {
      if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, "SIGKILL");
      await done;
    },
  };
  return run;
}
