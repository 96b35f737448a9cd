/** The lists of annual-report packs in use and their collection (annual-report-documents.ts) on an in-memory bucket. */
import { describe, expect, it, vi } from "vitest";
import { collectPacks, collectPacksLogged, inUseKey, notePacksInUse, type PackBucket, packKey } from "./annual-report-documents";

function memoryBucket(): PackBucket & { keys: () => string[] } {
  const objects = new Map<string, Uint8Array>();
  return {
    keys: () => [...objects.keys()].sort(),
    hasObject: async (key) => objects.has(key),
    putObject: async (key, parts) => void objects.set(key, Buffer.concat(parts)),
    getObject: async (key) => {
      const bytes = objects.get(key);
      return bytes ? (bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer) : null;
    },
    listKeys: async (prefix) => [...objects.keys()].filter((key) => key.startsWith(prefix)).sort(),
    deleteObject: async (key) => objects.delete(key),
  };
}

const name = (c: string) => c.repeat(64);
const stored = (bucket: PackBucket, ...names: string[]) =>
  Promise.all(names.map((n) => bucket.putObject(packKey(n), [new Uint8Array([1])], 1)));

describe("the packs in use", () => {
  it("notes nothing for a run without packs until a run with them has been", async () => {
    const bucket = memoryBucket();
    expect(await notePacksInUse(bucket, "embedded", "v1", [])).toBe(false);
    expect(bucket.keys()).toEqual([]);
    expect(await notePacksInUse(bucket, "embedded", "v2", [name("a")])).toBe(true);
    expect(await notePacksInUse(bucket, "embedded", "v3", [])).toBe(true);
  });

  it("drops the list of a run killed before its switch, and keeps what a run of another owner is building", async () => {
    const bucket = memoryBucket();
    await stored(bucket, name("a"), name("b"), name("c"), name("d"));
    await notePacksInUse(bucket, "embedded", "v1", [name("a")]);
    expect(await collectPacks(bucket, "embedded", "v1", { replacedKept: false })).toEqual({ deleted: 3, kept: 1 });
    await stored(bucket, name("b"), name("c"), name("d"));
    // v2 was killed after storing its packs; the cluster's run is being built beside it.
    await notePacksInUse(bucket, "embedded", "v2", [name("b")]);
    await notePacksInUse(bucket, "elasticsearch", "run-1", [name("c")]);
    await notePacksInUse(bucket, "embedded", "v3", [name("a")]);
    expect(await collectPacks(bucket, "embedded", "v3", { replacedKept: true })).toEqual({ deleted: 2, kept: 2 });
    expect(bucket.keys().filter((key) => key.includes("/packs/"))).toEqual([packKey(name("a")), packKey(name("c"))]);
    const list = JSON.parse(new TextDecoder().decode((await bucket.getObject(inUseKey("embedded"))) as ArrayBuffer));
    expect(list.runs.map((run: { run: string; live: boolean }) => [run.run, run.live])).toEqual([
      ["v1", true],
      ["v3", true],
    ]);
  });

  it("refuses to collect for a run it did not note, and the logged form reports that instead of failing the run", async () => {
    const bucket = memoryBucket();
    await stored(bucket, name("a"));
    await expect(collectPacks(bucket, "embedded", "v9", { replacedKept: false })).rejects.toThrow(/not noted/);
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await collectPacksLogged(bucket, "embedded", "v9", { replacedKept: false })).toMatchObject({ deleted: 0, skipped: /^failed: / });
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
    expect(bucket.keys()).toEqual([packKey(name("a"))]);
  });
});
