/**
 * The loader's snapshot upload: R2 multipart parts sent two at a time, seen stored in order, read back whole. Its D1
 * calls wait out another process's write lock.
 */
import { globSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { atScale } from "#tests/support/scale";
import { LocalLoader } from "./local-loader";

/** One loader (one local runtime) on one state for the file: each start costs seconds of CPU. */
let state: string;
let loader: LocalLoader;

beforeAll(async () => {
  state = mkdtempSync(path.join(os.tmpdir(), "urval-loader-"));
  loader = await LocalLoader.open(state);
}, 60_000);
afterAll(async () => {
  await loader.dispose();
  rmSync(state, { recursive: true, force: true });
});

describe("LocalLoader.putObject", () => {
  // Parts are 32 MiB. npm test sends one full part and a short last one, both in flight at once (about half the CPU of
  // the full run's 70 MiB); the full run sends two full parts and a short last one, so the third waits for the first.
  const total = atScale(33 * 2 ** 20, 70 * 2 ** 20);
  const cuts = atScale([0, 5_000_000, 33_554_431, 33_554_433, total], [0, 5_000_000, 33_554_433, 40_000_000, 67_108_864, total]);
  const partsSeen = atScale([1, 2], [1, 2, 3]);

  it("stores an object of several parts from unevenly cut input, reports the parts in order, reads back byte for byte", async () => {
    // Input pieces that straddle part boundaries.
    const whole = new Uint8Array(total);
    for (let i = 0; i < total; i += 4096) whole[i] = (i / 4096) % 251;
    const pieces = cuts.slice(1).map((end, k) => whole.subarray(cuts[k], end));
    const seen: number[] = [];
    await loader.putObject("test/object.bin", pieces, total, async (part) => {
      seen.push(part);
    });
    expect(seen).toEqual(partsSeen);
    const back = await loader.getObject("test/object.bin");
    expect(back?.byteLength).toBe(total);
    expect(Buffer.compare(Buffer.from(back as ArrayBuffer), Buffer.from(whole))).toBe(0);
  }, 120_000);
});

describe("LocalLoader.sql under another process's write lock", () => {
  it("waits out 'database is locked' and runs the batch once the lock is gone", async () => {
    const warnings: string[] = [];
    const error = vi.spyOn(console, "error").mockImplementation((line: unknown) => void warnings.push(String(line)));
    try {
      await loader.sql([{ sql: "CREATE TABLE t (n INTEGER)", params: [] }]);
      const [file] = globSync(path.join(state, "v3/d1/**/*.sqlite"), {}).filter((f) => !f.includes("metadata"));
      if (!file) throw new Error("no D1 file under the state");
      // Another process's write lock, as the serving stack's or a killed run's; released after 1.5 s.
      const other = new DatabaseSync(file);
      other.exec("BEGIN EXCLUSIVE");
      const release = setTimeout(() => other.exec("COMMIT"), 1_500);
      try {
        await loader.sql([{ sql: "INSERT INTO t (n) VALUES (?)", params: [7] }]);
      } finally {
        clearTimeout(release);
        if (other.isTransaction) other.exec("COMMIT");
        other.close();
      }
      expect(await loader.sql<{ n: number }>([{ sql: "SELECT n FROM t", params: [] }])).toEqual([[{ n: 7 }]]);
      expect(warnings.some((w) => w.includes("locked database"))).toBe(true);
    } finally {
      error.mockRestore();
    }
  }, 120_000);
});
