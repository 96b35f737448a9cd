import { describe, expect, it } from "vitest";
import { FULL_RUN } from "#tests/support/scale";
import { applyLocalMigrationsAsync, applyPendingMigrations, MIGRATION_DIRS, pendingMigrations } from "./migrate";

/** A stand-in for the wrangler child process: fails with the given errors in turn, then succeeds. */
function scripted(errors: string[]) {
  const calls: string[][] = [];
  const run = (args: string[]) => {
    calls.push(args);
    const error = errors.shift();
    return error === undefined ? Promise.resolve() : Promise.reject(new Error(error));
  };
  return { calls, run };
}

const LOCKED = "Command failed: wrangler d1 migrations apply SEARCH_DB\ndatabase is locked: SQLITE_BUSY";

describe("applyLocalMigrationsAsync", () => {
  it("tries a locked database again until the lock is gone (a reindex beside a killed run or a serving stack)", async () => {
    const wrangler = scripted([LOCKED, LOCKED]);
    await applyLocalMigrationsAsync("/tmp/state", ["SEARCH_DB"], [1, 1, 1], wrangler.run);
    expect(wrangler.calls).toHaveLength(3);
    expect(wrangler.calls[0]).toEqual(
      expect.arrayContaining(["d1", "migrations", "apply", "SEARCH_DB", "--local", "--persist-to", "/tmp/state"]),
    );
  });

  it("gives up with the last error once the pauses are used up", async () => {
    const wrangler = scripted([LOCKED, LOCKED, LOCKED]);
    await expect(applyLocalMigrationsAsync("/tmp/state", ["SEARCH_DB"], [1, 1], wrangler.run)).rejects.toThrow(/database is locked/);
    expect(wrangler.calls).toHaveLength(3);
  });

  it("does not try again when the failure is anything but a lock", async () => {
    const wrangler = scripted(["no such table: index_versions"]);
    await expect(applyLocalMigrationsAsync("/tmp/state", ["SEARCH_DB"], [1, 1], wrangler.run)).rejects.toThrow(/no such table/);
    expect(wrangler.calls).toHaveLength(1);
  });
});

/**
 * Each real `wrangler d1 migrations apply` starts a local runtime per migration: SEARCH_DB's one costs about 5 s of CPU,
 * DB's twenty-odd about 22 s. npm test applies SEARCH_DB for real here, and checks the detection of what is pending
 * against the table wrangler wrote, with a scripted wrangler; DB's migrations are applied for real on a fresh state by
 * the demo-state stage (tests/support/shared.ts applyMigrations), and every end-to-end stack's `npm start` on that
 * state then finds none pending. The whole real round on a fresh state runs in `npm run test:full` (decision 0067).
 */
describe("pendingMigrations and applyPendingMigrations", () => {
  it("list every migration for a fresh state, none once wrangler has applied them, and call wrangler only for a binding with some pending", async () => {
    const { mkdtempSync, readdirSync, rmSync } = await import("node:fs");
    const os = await import("node:os");
    const path = await import("node:path");
    const { LocalLoader } = await import("./reindex/local-loader");
    const state = mkdtempSync(path.join(os.tmpdir(), "urval-pending-"));
    try {
      // A fresh state: both bindings pending, and wrangler called for each (scripted: the state stays fresh).
      const fresh = scripted([]);
      expect(await applyPendingMigrations(state, fresh.run)).toEqual(["DB", "SEARCH_DB"]);
      expect(fresh.calls.map((args) => args[3]).sort()).toEqual(["DB", "SEARCH_DB"]);

      const loader = await LocalLoader.open(state);
      try {
        const query = (binding: "DB" | "SEARCH_DB") => async (sql: string) =>
          (await loader.sql<{ name: string }>([{ sql, params: [] }], binding))[0] ?? [];
        const files = readdirSync(MIGRATION_DIRS.SEARCH_DB).filter((name) => name.endsWith(".sql"));
        expect(await pendingMigrations("SEARCH_DB", query("SEARCH_DB"))).toEqual(files.sort());
        await applyLocalMigrationsAsync(state, ["SEARCH_DB"]);
        expect(await pendingMigrations("SEARCH_DB", query("SEARCH_DB"))).toEqual([]);
        // DB was not migrated: all of its migrations are still pending.
        const dbFiles = readdirSync(MIGRATION_DIRS.DB).filter((name) => name.endsWith(".sql"));
        expect(await pendingMigrations("DB", query("DB"))).toEqual(dbFiles.sort());
      } finally {
        await loader.dispose();
      }

      // SEARCH_DB migrated by wrangler: only DB is pending, and wrangler is not called for SEARCH_DB.
      const half = scripted([]);
      expect(await applyPendingMigrations(state, half.run)).toEqual(["DB"]);
      expect(half.calls.map((args) => args[3])).toEqual(["DB"]);
    } finally {
      rmSync(state, { recursive: true, force: true });
    }
  }, 120_000);

  it.runIf(FULL_RUN)(
    "migrate a fresh state, and call wrangler no more once no migration is pending (npm start on a copied state)",
    async () => {
      const { mkdtempSync, rmSync } = await import("node:fs");
      const os = await import("node:os");
      const path = await import("node:path");
      const state = mkdtempSync(path.join(os.tmpdir(), "urval-pending-apply-"));
      try {
        expect(await applyPendingMigrations(state)).toEqual(["DB", "SEARCH_DB"]);
        const wrangler = scripted([]);
        expect(await applyPendingMigrations(state, wrangler.run)).toEqual([]);
        expect(wrangler.calls).toEqual([]);
      } finally {
        rmSync(state, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
