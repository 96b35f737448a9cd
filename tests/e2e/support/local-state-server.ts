/**
 * A small helper process for the e2e tests, run with tsx (which, unlike Playwright's loader, imports the accounts code
 * and its JSON word list): it opens the e2e stack's local D1 once and answers newline-delimited JSON commands on stdin.
 * Commands: createUser, lastCodeMessage, lastMail, resetRateLimits, expireSubscription, insertRunningExport,
 * finishExport. See local-state.ts for what each is for.
 */
import { createInterface } from "node:readline";
import { createAccount } from "#scripts/accounts/cli";
import { openLocalBindings } from "#scripts/lib/local-bindings";
import { SQLITE_LOCKED, WORKERD_MASKED_ERROR } from "#scripts/lib/sqlite-locked";

interface Command {
  id: number;
  name: string;
  args: Record<string, unknown>;
}

type Db = D1Database;

/** About 6 s in all: the stack's own write (a sign-in, a search's rate-limit event) holds the lock for milliseconds. */
const LOCKED_RETRY_DELAYS_MS = [20, 50, 100, 200, 400, 800, 1600, 3000];

/** Runs `work` again after each failure matching `failure`, waiting the next of `delays` ms, until they run out. */
async function runAgainOn<T>(failure: RegExp, delays: readonly number[], work: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const delay = delays[attempt];
      if (delay === undefined || !failure.test(String(error))) throw error;
      if (attempt > 0 || failure !== SQLITE_LOCKED)
        console.error(JSON.stringify({ level: "warn", msg: "local state: again", attempt, error: String(error) }));
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** Runs one statement again while SQLite answers "database is locked" (a statement that got that answer did nothing). */
const whileLocked = <T>(work: () => Promise<T>): Promise<T> => runAgainOn(SQLITE_LOCKED, LOCKED_RETRY_DELAYS_MS, work);

/** Each retrying statement's own statement: D1's batch takes only its own statements. */
const unwrapped = new WeakMap<D1PreparedStatement, D1PreparedStatement>();

function retryingStatement(statement: D1PreparedStatement): D1PreparedStatement {
  const proxy = new Proxy(statement, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key);
      if (typeof value !== "function") return value;
      if (key === "bind") return (...values: unknown[]) => retryingStatement(target.bind(...values));
      if (key === "run" || key === "first" || key === "all" || key === "raw")
        return (...args: unknown[]) => whileLocked(() => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
  unwrapped.set(proxy, statement);
  return proxy;
}

/**
 * The stack's D1 with every statement retried while it is locked. This helper and the stack's own workerd are two
 * processes writing one SQLite file, and workerd's SQLite answers a write that meets the other's lock at once with
 * SQLITE_BUSY, so a test's setup (a new user) could fail on a write the stack made at that moment.
 */
function retryingDb(db: Db): Db {
  return new Proxy(db, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key);
      if (key === "prepare") return (query: string) => retryingStatement(target.prepare(query));
      if (key === "batch")
        return (statements: D1PreparedStatement[]) =>
          whileLocked(() => target.batch(statements.map((statement) => unwrapped.get(statement) ?? statement)));
      if (key === "exec") return (query: string) => whileLocked(() => target.exec(query));
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

async function createUser(db: Db, args: Record<string, unknown>) {
  const tag = crypto.randomUUID().slice(0, 8);
  const user = {
    username: `e2e-${tag}`,
    password: `Testlosen-${tag}-Urval`,
    email: `e2e-${tag}@example.se`,
    // Mobile numbers 070-174 06 05 … 070-174 06 99 are reserved for fiction by the Swedish telecom regulator.
    phone: `070174${String(605 + Math.floor(Math.random() * 95)).padStart(4, "0")}`,
    firstName: "Test",
    lastName: `Användare ${tag}`,
  };
  const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const quota = typeof args.quota === "number" ? args.quota : 500;
  const id = await createAccount(db, { ...user, quota, expiresAt });
  if (args.signedTerms !== false)
    await db.prepare("UPDATE users SET signed_terms_at = ? WHERE id = ?").bind(new Date().toISOString(), id).run();
  const stored = await db.prepare("SELECT email, phone FROM users WHERE id = ?").bind(id).first<{ email: string; phone: string }>();
  return { ...user, userId: id, email: stored?.email ?? user.email, phone: stored?.phone ?? user.phone, cookie: "" };
}

async function lastCodeMessage(db: Db, args: Record<string, unknown>) {
  const row = await db
    .prepare("SELECT body FROM dev_mailbox WHERE recipient = ? ORDER BY id DESC LIMIT 1")
    .bind(String(args.recipient))
    .first<{ body: string }>();
  if (!row) throw new Error(`no message to ${String(args.recipient)} in the dev mailbox`);
  const code = /\b(\d{6})\b/.exec(row.body)?.[1];
  const codeId = /\/e\/([A-Za-z0-9_-]+)/.exec(row.body)?.[1];
  if (!code || !codeId) throw new Error(`no code or link in the message: ${row.body}`);
  return { code, codeId, body: row.body };
}

/** The last e-mail to a recipient (subject and body), or null. */
async function lastMail(db: Db, args: Record<string, unknown>) {
  return db
    .prepare("SELECT subject, body FROM dev_mailbox WHERE recipient = ? AND channel = 'EMAIL' ORDER BY id DESC LIMIT 1")
    .bind(String(args.recipient))
    .first<{ subject: string; body: string }>();
}

/**
 * An export job RUNNING with rows written, as the export worker's heartbeat leaves it, but with no queue message: it
 * stays there (its lease far ahead, so nothing queues it again) until finishExport. Nothing is charged.
 */
async function insertRunningExport(db: Db, args: Record<string, unknown>) {
  const id = crypto.randomUUID();
  const now = Date.now();
  await db
    .prepare(
      `INSERT INTO export_jobs (id, user_id, idempotency_key, request_hash, status, result_type, serialized_search, exclude,
                                id_numbers_json, reserved_count, charged_count, file_name, created_at, expires_at, attempts,
                                lease_token, lease_until, rows_written, heartbeat_at)
       VALUES (?, ?, ?, 'e2e', 'RUNNING', 'COMPANY', ?, 0, '[]', ?, 0, 'urval-foretag-e2e.xlsx', ?, ?, 1, 'e2e', ?, ?, ?)`,
    )
    .bind(
      id,
      String(args.userId),
      `e2e-${id}`,
      String(args.serializedSearch),
      Number(args.count),
      now,
      now + 7 * 86_400_000,
      now + 3_600_000,
      Number(args.rowsWritten),
      now,
    )
    .run();
  return id;
}

/**
 * Settles a job of insertRunningExport as DONE with all its rows written. Its file is not in R2 unless `withFile`: then
 * a placeholder object stands under its key, so that the job lists as downloadable (its content is no workbook).
 */
async function finishExport(db: Db, args: Record<string, unknown>, exportsBucket: R2Bucket) {
  const jobId = String(args.jobId);
  const key = args.withFile === true ? `exports/e2e-${jobId}.xlsx` : null;
  if (key) await exportsBucket.put(key, "e2e");
  await db
    .prepare(
      `UPDATE export_jobs SET status = 'DONE', row_count = reserved_count, rows_written = reserved_count, finished_at = ?,
                              lease_token = NULL, lease_until = NULL, r2_key = ? WHERE id = ?`,
    )
    .bind(Date.now(), key, jobId)
    .run();
  return null;
}

/**
 * workerd answers some failures of its own storage with a masked "internal error; reference = …" (seen once, under a
 * fresh-clone run's load, on a test's first command). Commands safe to run again whole are: resetting, reading,
 * expiring and finishing are idempotent, and createUser makes a new user with a new tag each time (at worst one unused
 * account is left behind). insertRunningExport is not (a second job would stay RUNNING beside the test's).
 */
const RUN_AGAIN = new Set(["createUser", "lastCodeMessage", "lastMail", "resetRateLimits", "expireSubscription", "finishExport"]);
const INTERNAL_RETRY_DELAYS_MS = [200, 1000, 3000];

const runAgainAfterInternalError = <T>(work: () => Promise<T>): Promise<T> =>
  runAgainOn(WORKERD_MASKED_ERROR, INTERNAL_RETRY_DELAYS_MS, work);

async function main() {
  const { env, dispose } = await openLocalBindings(process.env.URVAL_STATE_DIR);
  const db = retryingDb(env.DB);
  const handlers: Record<string, (db: Db, args: Record<string, unknown>) => Promise<unknown>> = {
    createUser,
    insertRunningExport,
    finishExport: (db, args) => finishExport(db, args, env.EXPORTS),
    lastCodeMessage,
    lastMail,
    resetRateLimits: async (db) => (await db.prepare("DELETE FROM rate_limit_events").run(), null),
    expireSubscription: async (db, args) => (
      await db
        .prepare("UPDATE users SET subscription_expires_at = ? WHERE id = ?")
        .bind("2020-01-01T00:00:00.000Z", String(args.userId))
        .run(),
      null
    ),
  };
  process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
  for await (const line of createInterface({ input: process.stdin })) {
    const command = JSON.parse(line) as Command;
    try {
      const handler = handlers[command.name];
      if (!handler) throw new Error(`unknown command ${command.name}`);
      const run = () => handler(db, command.args);
      const result = RUN_AGAIN.has(command.name) ? await runAgainAfterInternalError(run) : await run();
      process.stdout.write(`${JSON.stringify({ id: command.id, result })}\n`);
    } catch (error) {
      process.stdout.write(`${JSON.stringify({ id: command.id, error: error instanceof Error ? error.message : String(error) })}\n`);
    }
  }
  await dispose();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
