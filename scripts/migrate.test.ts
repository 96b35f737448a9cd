import { describe, expect, it } from "vitest";
import { applyLocalMigrationsAsync } from "./migrate";

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
