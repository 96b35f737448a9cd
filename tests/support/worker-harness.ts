/**
 * Integration harness: the three real workers (web, api, export) in one local Workers runtime with real D1, R2 and
 * Queues, migrations applied. The web worker needs the Remix build (`npm run build`) first.
 *
 * In the integration project the workers are bundled once per run by its global setup (tests/support/prebuilt-workers.ts)
 * and each harness loads those bundles; elsewhere (a benchmark script, say) the harness bundles them itself.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createTestHarness, experimental_readRawConfig, unstable_splitSqlQuery as splitSqlQuery } from "wrangler";
import type { ApiEnv } from "#api/tooling";
import { MIGRATION_DIRS } from "#scripts/migrate";
import { COUNTING_API_ENTRY, prebuiltDir, WORKERS } from "./prebuilt-workers";

export const ROOT = path.resolve(import.meta.dirname, "../..");

const API_CONFIG = path.join(ROOT, WORKERS.api);

/**
 * The API worker's own config with its entry replaced by the round-trip counting wrapper
 * (tests/integration/support/round-trip-counting-api.ts); the config's relative paths made absolute. With `prebuilt`
 * (the directory of that entry's bundle), the worker runs that bundle as it is, as `prebuiltWorkerDir` does.
 */
function countingApiConfig(prebuilt: string | undefined) {
  const { rawConfig } = experimental_readRawConfig({ config: API_CONFIG });
  const dir = path.dirname(API_CONFIG);
  const absolute = (p: string) => path.resolve(dir, p);
  const entry = prebuilt
    ? {
        main: path.join(prebuilt, `${path.parse(COUNTING_API_ENTRY).name}.js`),
        base_dir: prebuilt,
        no_bundle: true,
        find_additional_modules: true,
      }
    : { main: COUNTING_API_ENTRY };
  return {
    ...rawConfig,
    ...entry,
    d1_databases: rawConfig.d1_databases?.map((d1: { migrations_dir?: string }) => ({
      ...d1,
      ...(d1.migrations_dir ? { migrations_dir: absolute(d1.migrations_dir) } : {}),
    })),
    alias: Object.fromEntries(Object.entries(rawConfig.alias ?? {}).map(([name, target]) => [name, absolute(String(target))])),
  };
}

/** A worker of the harness from its config file, from the run's bundle when there is one. */
function fromConfig(worker: keyof typeof WORKERS) {
  const prebuilt = prebuiltDir(worker);
  return { configPath: WORKERS[worker], ...(prebuilt ? { prebuiltWorkerDir: prebuilt } : {}) };
}

/** wrangler's migrations table, as `wrangler d1 migrations apply` and `applyD1Migrations` create it. */
const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "d1_migrations"(
		id         INTEGER PRIMARY KEY AUTOINCREMENT,
		name       TEXT UNIQUE,
		applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
);`;

/**
 * The statements that apply `binding`'s migrations not yet in `applied`, in wrangler's order and as wrangler writes
 * them: each migration file followed by the row that records it in d1_migrations (wrangler's `buildMigrationQuery`),
 * split into statements by wrangler's own splitter.
 */
export function migrationStatements(binding: keyof typeof MIGRATION_DIRS, applied: ReadonlySet<string> = new Set()): string[] {
  const dir = MIGRATION_DIRS[binding];
  const names = readdirSync(dir)
    .filter((name) => name.endsWith(".sql") && !applied.has(name))
    .sort();
  return names.flatMap((name) =>
    splitSqlQuery(`${readFileSync(path.join(dir, name), "utf8")}
INSERT INTO "d1_migrations" (name)
values ('${name.replace(/'/g, "''")}');`),
  );
}

/**
 * Applies `binding`'s pending migrations in one batch (one round trip, one transaction) instead of wrangler's
 * `applyD1Migrations`, which sends a batch per migration: the same statements and d1_migrations rows
 * (tests/integration/migrations-at-once.test.ts compares the schemas the two make).
 */
export async function applyMigrationsAtOnce(db: D1Database, binding: keyof typeof MIGRATION_DIRS): Promise<void> {
  await db.prepare(MIGRATIONS_TABLE).run();
  const { results } = await db.prepare(`SELECT name FROM "d1_migrations" ORDER BY id`).all<{ name: string }>();
  const statements = migrationStatements(binding, new Set(results.map((row) => row.name)));
  if (statements.length > 0) await db.batch(statements.map((sql) => db.prepare(sql)));
}

/**
 * With `countRoundTrips`, the API worker answers with what each request did before its answer (X-Test-Round-Trips:
 * D1 reads and writes, Cache API calls; issue 48 point 1).
 */
export function createUrvalHarness(options: { countRoundTrips?: boolean } = {}) {
  if (!existsSync(path.join(ROOT, "build/server/index.js"))) throw new Error("Run `npm run build` before the integration tests.");
  const server = createTestHarness({
    root: ROOT,
    workers: [
      fromConfig("web"),
      options.countRoundTrips ? { config: countingApiConfig(prebuiltDir("countingApi")) } : fromConfig("api"),
      fromConfig("export"),
    ],
  });
  const api = () => server.getWorker<ApiEnv>("urval-api");
  return {
    server,
    api,
    async start() {
      await server.listen();
      const env = await api().getEnv();
      await applyMigrationsAtOnce(env.DB, "DB");
      await applyMigrationsAtOnce(env.SEARCH_DB, "SEARCH_DB");
    },
  };
}
