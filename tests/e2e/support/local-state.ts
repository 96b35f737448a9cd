/**
 * Direct access to the e2e stack's local D1 (the same persisted state wrangler dev serves), for what a test must set
 * up or read that no public call offers: operator-created accounts (accounts are never self-service), the dev
 * mailbox with one-time codes, and the rate-limit counters that the suite's many sign-ins from one IP would exhaust.
 * The work happens in a helper process (local-state-server.ts, run with tsx) that keeps the bindings open.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import type { TestUser } from "../../support/test-user";
import { E2E_STATE_DIR, ROOT } from "./e2e-env";

export interface MailMessage {
  code: string;
  codeId: string;
  body: string;
}

interface Reply {
  id?: number;
  ready?: boolean;
  result?: unknown;
  error?: string;
}

export async function openLocalState() {
  const child: ChildProcessWithoutNullStreams = spawn(
    path.join(ROOT, "node_modules/.bin/tsx"),
    [path.join(ROOT, "tests/e2e/support/local-state-server.ts")],
    { cwd: ROOT, env: { ...process.env, URVAL_STATE_DIR: E2E_STATE_DIR }, stdio: ["pipe", "pipe", "pipe"] },
  );
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const ready = new Promise<void>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`local state helper exited (${code}): ${stderr}`)));
    createInterface({ input: child.stdout }).on("line", (line) => {
      if (!line.startsWith("{")) return;
      const reply = JSON.parse(line) as Reply;
      if (reply.ready) return resolve();
      const waiter = reply.id === undefined ? undefined : pending.get(reply.id);
      if (!waiter) return;
      pending.delete(reply.id!);
      if (reply.error) waiter.reject(new Error(reply.error));
      else waiter.resolve(reply.result);
    });
  });
  await ready;

  function call<T>(name: string, args: Record<string, unknown> = {}): Promise<T> {
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      child.stdin.write(`${JSON.stringify({ id, name, args })}\n`);
    });
  }

  return {
    /**
     * A fresh subscriber of its own (unique username, e-mail, mobile number and password), not signed in (cookie "");
     * terms accepted unless asked otherwise.
     */
    createUser: (options: { signedTerms?: boolean; quota?: number } = {}) => call<TestUser & { phone: string }>("createUser", options),
    /** The last one-time-code message sent to a recipient, with its code and the codeId of its /e/ link. */
    lastCodeMessage: (recipient: string) => call<MailMessage>("lastCodeMessage", { recipient }),
    /** The last e-mail to a recipient in the dev mailbox (the Bevakning digest), or null. */
    lastMail: (recipient: string) => call<{ subject: string; body: string } | null>("lastMail", { recipient }),
    /** The suite signs in far more often than one person from one IP may; each test starts with fresh counters. */
    resetRateLimits: () => call<null>("resetRateLimits"),
    /** Ends a subscription (as an operator would by letting it lapse). */
    expireSubscription: (userId: string) => call<null>("expireSubscription", { userId }),
    /** An export job RUNNING with rows written (as the heartbeat leaves it) that no delivery will take; returns its id. */
    insertRunningExport: (args: { userId: string; serializedSearch: string; count: number; rowsWritten: number }) =>
      call<string>("insertRunningExport", args),
    /** Settles a job of insertRunningExport as DONE; `withFile` stores a placeholder file so that it lists as downloadable. */
    finishExport: (jobId: string, options: { withFile?: boolean } = {}) => call<null>("finishExport", { jobId, ...options }),
    async dispose() {
      child.stdin.end();
      await new Promise((resolve) => child.once("exit", resolve));
    },
  };
}

export type LocalState = Awaited<ReturnType<typeof openLocalState>>;

/** The demo account `npm start` created and printed. */
export function demoAccount(): { username: string; password: string } {
  return JSON.parse(readFileSync(path.join(E2E_STATE_DIR, "demo-account.json"), "utf8")) as { username: string; password: string };
}
