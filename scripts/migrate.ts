/** Applies the D1 migrations of DB and SEARCH_DB to the local persisted state (or --remote: the production databases). */
import { execFile, execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { promisify } from "node:util";
import path from "node:path";
import { API_CONFIG, openLocalBindings, PERSIST_DIR, ROOT } from "./lib/local-bindings";
import { LOCKED_RETRY_DELAYS_MS, SQLITE_LOCKED } from "./lib/sqlite-locked";

type Binding = "DB" | "SEARCH_DB";

const WRANGLER = path.join(ROOT, "node_modules/.bin/wrangler");
const CHILD_OPTIONS = { cwd: ROOT, env: { ...process.env, CI: "true" } };

/** The wrangler arguments that apply one binding's migrations locally (to `persistDir`) or remotely. */
function migrationArgs(binding: Binding, target: { remote: true } | { persistDir: string }): string[] {
  // Remote means the deployed databases: those of [env.production], as `npm run deploy` applies them.
  const where = "remote" in target ? ["--remote", "--env", "production"] : ["--local", "--persist-to", target.persistDir];
  return ["d1", "migrations", "apply", binding, ...where, "-c", API_CONFIG];
}

export function applyMigrations(options: { remote?: boolean; persistDir?: string } = {}) {
  const target = options.remote ? ({ remote: true } as const) : { persistDir: options.persistDir ?? PERSIST_DIR };
  for (const binding of ["DB", "SEARCH_DB"] as const) {
    execFileSync(WRANGLER, migrationArgs(binding, target), { ...CHILD_OPTIONS, stdio: ["ignore", "ignore", "inherit"] });
  }
}

/**
 * Applies the local migrations that the state has not applied yet, and nothing when none is pending (each wrangler
 * call costs seconds of CPU: npm start, and every stack a test run starts on a copied state, skip them). Returns the
 * bindings it migrated.
 */
export async function applyPendingMigrations(
  persistDir = PERSIST_DIR,
  runWrangler?: (args: string[]) => Promise<unknown>,
): Promise<Binding[]> {
  const { env, dispose } = await openLocalBindings(persistDir);
  let pending: Binding[];
  try {
    pending = await pendingBindings(async (binding, sql) => (await env[binding].prepare(sql).all<{ name: string }>()).results);
  } finally {
    await dispose();
  }
  if (pending.length > 0) await applyLocalMigrationsAsync(persistDir, pending, LOCKED_RETRY_DELAYS_MS, runWrangler);
  return pending;
}

/**
 * Applies the local migrations of the given bindings, each in its own child process, all at once. The state may be
 * in use (a reindex runs beside the serving stack, perhaps right after a killed run whose database lock has not gone
 * yet): when SQLite answers "database is locked", the binding is tried again after a pause.
 */
export async function applyLocalMigrationsAsync(
  persistDir: string,
  bindings: readonly Binding[],
  delaysMs: readonly number[] = LOCKED_RETRY_DELAYS_MS,
  runWrangler: (args: string[]) => Promise<unknown> = (args) => promisify(execFile)(WRANGLER, args, CHILD_OPTIONS),
): Promise<void> {
  const apply = async (binding: Binding) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await runWrangler(migrationArgs(binding, { persistDir }));
        return;
      } catch (error) {
        const delay = delaysMs[attempt];
        if (delay === undefined || !SQLITE_LOCKED.test(String(error))) throw error;
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  };
  await Promise.all(bindings.map(apply));
}

/** Each binding's migrations directory, as workers/api/wrangler.toml names it. */
export const MIGRATION_DIRS: Record<Binding, string> = {
  DB: path.join(ROOT, "workers/api/migrations"),
  SEARCH_DB: path.join(ROOT, "search-index/migrations"),
};

/** The bindings whose migrations the local state has not all applied; `query` runs one read on a binding's database. */
export async function pendingBindings(query: (binding: Binding, sql: string) => Promise<{ name: string }[]>): Promise<Binding[]> {
  const pending: Binding[] = [];
  for (const binding of ["DB", "SEARCH_DB"] as const) {
    if ((await pendingMigrations(binding, (sql) => query(binding, sql))).length > 0) pending.push(binding);
  }
  return pending;
}

/**
 * The migrations of `binding` that the database has not recorded as applied (wrangler's `d1_migrations` table; all
 * of them when the table does not exist yet). `query` runs one read on that database.
 */
export async function pendingMigrations(
  binding: Binding,
  query: (sql: string) => Promise<{ name: string }[]>,
  dir = MIGRATION_DIRS[binding],
): Promise<string[]> {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith(".sql"))
    .sort();
  const tables = await query("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'd1_migrations'");
  if (tables.length === 0) return files;
  const applied = new Set((await query("SELECT name FROM d1_migrations")).map((row) => row.name));
  return files.filter((name) => !applied.has(name));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const remote = process.argv.includes("--remote");
  applyMigrations({ remote });
  console.log(`Migrations applied (${remote ? "remote" : "local"}).`);
}
