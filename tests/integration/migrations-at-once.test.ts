/**
 * The harness applies each database's migrations in one batch (tests/support/worker-harness.ts,
 * `applyMigrationsAtOnce`) instead of wrangler's `applyD1Migrations`, a batch per migration. This proves the two make
 * the same database: the same sqlite_master (every table, index, trigger and view with its SQL) and the same
 * d1_migrations rows in the same order, which npm start's and the stacks' migration checks read (scripts/migrate.ts).
 * One runtime, two fresh databases: wrangler's way into one binding, the harness's into the other, then the other way
 * round for the second binding's migrations.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrationsAtOnce, createUrvalHarness } from "../support/worker-harness";

const harness = createUrvalHarness();

beforeAll(() => harness.server.listen());
afterAll(() => harness.server.close());

interface SchemaRow {
  type: string;
  name: string;
  tbl_name: string;
  sql: string | null;
}

async function snapshot(db: D1Database) {
  const schema = await db.prepare("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name").all<SchemaRow>();
  const migrations = await db.prepare("SELECT name FROM d1_migrations ORDER BY id").all<{ name: string }>();
  return { schema: schema.results, migrations: migrations.results.map((row) => row.name) };
}

/** Drops everything the migrations made, d1_migrations included: the latest made first, so no reference dangles. */
async function wipe(db: D1Database) {
  const made = await db
    .prepare(
      "SELECT type, name FROM sqlite_master WHERE type IN ('table', 'view', 'trigger') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY rowid DESC",
    )
    .all<{ type: string; name: string }>();
  for (const { type, name } of made.results) await db.prepare(`DROP ${type.toUpperCase()} IF EXISTS "${name}"`).run();
  const left = await db.prepare("SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'").all();
  expect(left.results).toEqual([]);
}

describe("migrations applied at once", () => {
  it("make the same schema and d1_migrations rows as wrangler's applyD1Migrations, for both databases", async () => {
    const env = await harness.api().getEnv();

    await harness.api().applyD1Migrations("DB");
    await applyMigrationsAtOnce(env.SEARCH_DB, "DB");
    const [byWrangler, atOnce] = [await snapshot(env.DB), await snapshot(env.SEARCH_DB)];
    expect(byWrangler.migrations.length).toBeGreaterThan(10);
    expect(byWrangler.schema.filter((row) => row.type === "table").length).toBeGreaterThan(10);
    expect(atOnce).toEqual(byWrangler);

    await wipe(env.DB);
    await wipe(env.SEARCH_DB);
    await harness.api().applyD1Migrations("SEARCH_DB");
    await applyMigrationsAtOnce(env.DB, "SEARCH_DB");
    const [searchByWrangler, searchAtOnce] = [await snapshot(env.SEARCH_DB), await snapshot(env.DB)];
    expect(searchByWrangler.migrations.length).toBeGreaterThan(0);
    expect(searchAtOnce).toEqual(searchByWrangler);

    // Where wrangler applied them, nothing is pending: a second call changes nothing.
    await applyMigrationsAtOnce(env.SEARCH_DB, "SEARCH_DB");
    expect(await snapshot(env.SEARCH_DB)).toEqual(searchByWrangler);
  });
});
