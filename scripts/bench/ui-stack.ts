/**
 * The stack the UI benchmark talks to: a running one at --url, or one it starts itself (scripts/start.ts on that port,
 * with the state of URVAL_STATE_DIR) and stops afterwards. The demo account comes from the state's demo-account.json.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { PERSIST_DIR, ROOT } from "../lib/local-bindings";

const START_TIMEOUT_MS = 15 * 60_000;

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/logga-in`, { signal: AbortSignal.timeout(3_000) });
    return response.ok;
  } catch {
    return false;
  }
}

export interface Stack {
  url: string;
  account: { username: string; password: string };
  stop: () => Promise<void>;
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.pid === undefined) return resolve();
    child.once("exit", () => resolve());
    // The start script runs wrangler as its own child; signal the whole group it leads.
    process.kill(-child.pid, "SIGINT");
  });
}

export async function ensureStack(url: string, log: (message: string) => void): Promise<Stack> {
  const account = () => JSON.parse(readFileSync(path.join(PERSIST_DIR, "demo-account.json"), "utf8")) as Stack["account"];
  if (await answers(url)) return { url, account: account(), stop: async () => undefined };

  const port = new URL(url).port || "80";
  log(`No stack at ${url}; starting one (scripts/start.ts, state ${PERSIST_DIR}).`);
  const child = spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["scripts/start.ts"], {
    cwd: ROOT,
    env: { ...process.env, PORT: port, URVAL_SKIP_BUILD: process.env.URVAL_SKIP_BUILD ?? "1" },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  const started = Date.now();
  while (!(await answers(url))) {
    if (child.exitCode !== null) throw new Error(`scripts/start.ts exited with ${child.exitCode}`);
    if (Date.now() - started > START_TIMEOUT_MS) {
      await stopChild(child);
      throw new Error(`the stack did not answer at ${url} within ${START_TIMEOUT_MS / 60_000} minutes`);
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  return { url, account: account(), stop: () => stopChild(child) };
}
