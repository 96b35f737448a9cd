/**
 * The annual reports' packs into production's R2 with `--remote` (r2-http-store.ts), against a local fake of R2's
 * object endpoints in Cloudflare's v4 API (tests/support/fakes/r2-http-server.ts): the fake first held to the shapes
 * wrangler relies on, then the reindex's pack step stores each pack once, byte for byte, asks again after a server
 * error and fails after three.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeR2Api } from "#tests/support/fakes/r2-http-server";
import { readRemoteConfig, remoteBucketName } from "../lib/remote-config";
import { collectPacks, inUseKey, notePacksInUse, packKey, storeAnnualReportPacks } from "./annual-report-documents";
import { r2HttpStore } from "./r2-http-store";

const BUCKET = "urval-search-index";
let r2: Awaited<ReturnType<typeof startFakeR2Api>>;
let source: string;
const packs: Buffer[] = [randomBytes(300_000), randomBytes(5_000)];
const nameOf = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

beforeAll(async () => {
  // Pages of two keys, so that listing follows the cursor.
  r2 = await startFakeR2Api({ token: "tok", buckets: [BUCKET], pageSize: 2 });
  source = mkdtempSync(path.join(tmpdir(), "urval-r2-packs-"));
  mkdirSync(path.join(source, "annual-reports", "packs"), { recursive: true });
  for (const bytes of packs) writeFileSync(path.join(source, "annual-reports", "packs", `${nameOf(bytes)}.bin`), bytes);
});
afterAll(async () => {
  await r2.close();
  rmSync(source, { recursive: true, force: true });
});

const api = () => ({ accountId: "acc", apiToken: "tok", baseUrl: r2.baseUrl });
const objectUrl = (key: string, bucket = BUCKET) => `${r2.baseUrl}/accounts/acc/r2/buckets/${bucket}/objects/${key}`;

describe("the fake R2 HTTP API", () => {
  it("answers a missing key with 404 and error 10007, stores a PUT's raw bytes and answers them on GET", async () => {
    const missing = await fetch(objectUrl("a/b.bin"), { headers: { Authorization: "Bearer tok" } });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ success: false, errors: [{ code: 10007 }] });
    const bytes = randomBytes(1000);
    const put = await fetch(objectUrl("a/b.bin"), { method: "PUT", headers: { Authorization: "Bearer tok" }, body: bytes });
    expect(await put.json()).toMatchObject({ success: true, result: { key: "a/b.bin", size: "1000" } });
    const got = await fetch(objectUrl("a/b.bin"), { headers: { Authorization: "Bearer tok" } });
    expect(Buffer.from(await got.arrayBuffer()).equals(bytes)).toBe(true);
    const wrongBucket = await fetch(objectUrl("a/b.bin", "nope"), { headers: { Authorization: "Bearer tok" } });
    expect(await wrongBucket.json()).toMatchObject({ errors: [{ code: 10006 }] });
    const noToken = await fetch(objectUrl("a/b.bin"));
    expect(noToken.status).toBe(403);
  });
});

describe("r2HttpStore: the packs with --remote", () => {
  it("stores each pack once, byte for byte, under the key the API reads; a second run stores nothing", async () => {
    const store = r2HttpStore(api(), BUCKET, { retryDelayMs: 1 });
    expect(await storeAnnualReportPacks(source, store)).toEqual({ packs: 2, stored: 2, bytes: 305_000 });
    for (const bytes of packs) expect(Buffer.from(r2.object(BUCKET, packKey(nameOf(bytes)))!).equals(bytes)).toBe(true);
    r2.calls.length = 0;
    expect(await storeAnnualReportPacks(source, store)).toEqual({ packs: 2, stored: 0, bytes: 0 });
    expect(r2.calls.every((call) => call.startsWith("GET "))).toBe(true);
  });

  it("asks again after a server error, and fails the step after three", async () => {
    const store = r2HttpStore(api(), BUCKET, { retryDelayMs: 1 });
    r2.failNext("PUT", 2);
    await store.putObject("annual-reports/packs/retry.bin", [new Uint8Array([1, 2, 3])], 3);
    expect(r2.object(BUCKET, "annual-reports/packs/retry.bin")).toEqual(new Uint8Array([1, 2, 3]));
    r2.failNext("GET", 3);
    await expect(store.hasObject("annual-reports/packs/retry.bin")).rejects.toThrow(/HTTP 500/);
    r2.failNext("GET", 0);
  });

  it("lists every key under a prefix across pages, reads and deletes objects, and collects the packs no list names", async () => {
    const store = r2HttpStore(api(), BUCKET, { retryDelayMs: 1 });
    const extra = [randomBytes(10), randomBytes(20), randomBytes(30)];
    for (const bytes of extra) await store.putObject(packKey(nameOf(bytes)), [bytes], bytes.byteLength);
    // With the one the retry test stored.
    const stored = [...[...packs, ...extra].map((bytes) => packKey(nameOf(bytes))), "annual-reports/packs/retry.bin"].sort();
    r2.calls.length = 0;
    r2.failNext("LIST", 1);
    expect(await store.listKeys("annual-reports/packs/")).toEqual(stored);
    // Pages of two: 6 keys in 3 pages (the first asked again after the server error, which the fake does not count).
    expect(r2.calls.filter((call) => call.startsWith("LIST"))).toHaveLength(3);
    expect(await store.getObject("annual-reports/none.json")).toBeNull();
    // This run names the dataset's two packs; the replaced version is gone (a run after its grace period).
    expect(await notePacksInUse(store, "elasticsearch", "run-1", packs.map(nameOf))).toBe(true);
    expect(await collectPacks(store, "elasticsearch", "run-1", { replacedKept: false })).toEqual({ deleted: 4, kept: 2 });
    expect(await store.listKeys("annual-reports/packs/")).toEqual(packs.map((bytes) => packKey(nameOf(bytes))).sort());
    expect(await store.listKeys("annual-reports/in-use/")).toEqual([inUseKey("elasticsearch")]);
    // Deleting a key that is already gone is no error.
    await store.deleteObject(packKey(nameOf(extra[0]!)));
  });

  it("refuses a wrong token without retrying, and finds the bucket in the production config", async () => {
    const store = r2HttpStore({ ...api(), apiToken: "wrong" }, BUCKET, { retryDelayMs: 1 });
    await expect(store.putObject("x.bin", [new Uint8Array([1])], 1)).rejects.toThrow(/Authentication error/);
    expect(remoteBucketName(readRemoteConfig("production"), "SEARCH_INDEX", "production")).toBe(BUCKET);
  });
});
