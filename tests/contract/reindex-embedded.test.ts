/** The embedded reindex on real local D1 and R2: versions side by side, atomic switch, failures leave the live one. */
import { createHash, randomBytes } from "node:crypto";
import { appendFileSync, copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getEmbeddedBackend } from "#search-index/embedded/load-embedded";
import { CURRENT_VERSION_SQL, REGISTER_VERSION_SQL, snapshotKey } from "#search-index/embedded/index-versions";
import { companyTable, documentTablesDdl, worksiteTable } from "#search-index/embedded/d1-documents";
import { decodeHashes, documentHash, encodeHashes, HashCollector, hashesKey } from "#search-index/indexing/change-set";
import { inUseKey, packKey } from "#scripts/reindex/annual-report-documents";
import { reindexEmbedded } from "#scripts/reindex/reindex-embedded";
import { hashesFromDocuments } from "#search-index/indexing/version-changes";
import { embeddedBackendOf, openEmbeddedFixture, type EmbeddedFixture } from "./support/embedded-fixture";
import { run } from "./support/contract-helpers";

let fixture: EmbeddedFixture;

beforeAll(async () => {
  fixture = await openEmbeddedFixture();
}, 180_000);
afterAll(() => fixture.close());

async function tables() {
  const [rows] = await fixture.loader.sql<{ name: string }>([
    { sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name GLOB '*_v[0-9]*' ORDER BY name", params: [] },
  ]);
  return (rows ?? []).map((r) => r.name);
}

async function current() {
  const [rows] = await fixture.loader.sql<{ version: number }>([{ sql: CURRENT_VERSION_SQL, params: [] }]);
  return rows?.[0]?.version ?? null;
}

describe("embedded reindex", () => {
  it("builds the next version beside the live one, switches, and keeps only the replaced one", async () => {
    expect(await current()).toBe(1);
    const second = await reindexEmbedded({ sourceDir: fixture.sourceDir, persistDir: fixture.stateDir });
    expect(second).toMatchObject({ version: 2, previousVersion: 1, companies: 40, worksites: 47, removedVersions: [] });
    expect(second.changes).toMatchObject({ added: 0, removed: 0, changed: 0 });
    const env = await fixture.loader.bindings();
    expect(await (await embeddedBackendOf(fixture)).info()).toMatchObject({ version: 2 });
    const third = await reindexEmbedded({ sourceDir: fixture.sourceDir, persistDir: fixture.stateDir });
    // A running isolate keeps its version for up to 30 s, then loads the new one; the old one stays readable meanwhile.
    expect(await (await getEmbeddedBackend(env)).info()).toMatchObject({ version: 2 });
    expect((await run(await getEmbeddedBackend(env), {})).records).toHaveLength(20);
    const now = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(now + 31_000);
    expect(await (await getEmbeddedBackend(env)).info()).toMatchObject({ version: 3 });
    vi.restoreAllMocks();
    expect(third).toMatchObject({ version: 3, previousVersion: 2, removedVersions: [1] });
    expect(await current()).toBe(3);
    expect(await tables()).toEqual(["companies_v2", "companies_v3", "worksites_v2", "worksites_v3"]);
    expect(await fixture.loader.getObject(snapshotKey(1))).toBeNull();
    expect((await run(await embeddedBackendOf(fixture), {})).hitCount).toBe(40);
  }, 120_000);

  it("leaves the live version serving when the source is invalid, and removes the half-built one", async () => {
    const broken = path.join(fixture.root, "broken");
    mkdirSync(broken);
    for (const file of ["manifest.json", "companies.ndjson", "worksites.ndjson"])
      copyFileSync(path.join(fixture.sourceDir, file), path.join(broken, file));
    appendFileSync(path.join(broken, "worksites.ndjson"), '{"kind":"worksite","cfarNo":"12"}\n');
    const failure = reindexEmbedded({ sourceDir: broken, persistDir: fixture.stateDir });
    await expect(failure).rejects.toMatchObject({
      name: "ReindexError",
      stage: "worksites",
      message: expect.stringMatching(/worksites\.ndjson:48: cfarNo/),
    });
    expect(await current()).toBe(3);
    expect(await tables()).toEqual(["companies_v2", "companies_v3", "worksites_v2", "worksites_v3"]);
    const backend = await embeddedBackendOf(fixture);
    expect(await backend.info()).toMatchObject({ version: 3, companies: 40 });
  }, 120_000);

  it("removes first what a killed run left (pointer row, tables, snapshot), and with a grace period the replaced version too", async () => {
    const live = await current();
    // What a run SIGKILLed after loading, before its switch, leaves behind.
    const orphan = 40;
    await fixture.loader.sql([
      { sql: REGISTER_VERSION_SQL, params: [orphan] },
      ...documentTablesDdl(orphan).map((sql) => ({ sql, params: [] })),
    ]);
    await fixture.loader.putObject(snapshotKey(orphan), [new Uint8Array([1, 2, 3])], 3);
    const stages: string[] = [];
    const next = await reindexEmbedded({
      sourceDir: fixture.sourceDir,
      persistDir: fixture.stateDir,
      graceMs: 10,
      onStage: (stage) => void stages.push(stage),
    });
    expect(next).toMatchObject({ version: orphan + 1, previousVersion: live, orphansRemoved: [orphan] });
    expect(next.removedVersions).toContain(live);
    expect(stages).toEqual(["prepare", "companies", "index", "snapshot", "snapshot", "verify", "changes", "switch", "cleanup", "grace"]);
    expect(await tables()).toEqual([`companies_v${orphan + 1}`, `worksites_v${orphan + 1}`]);
    expect(await fixture.loader.getObject(snapshotKey(orphan))).toBeNull();
    expect(await fixture.loader.getObject(snapshotKey(live ?? 0))).toBeNull();
    expect((await run(await embeddedBackendOf(fixture), {})).hitCount).toBe(40);
  }, 120_000);

  it("hashes the live version's company and worksite documents from D1 when its stored hashes are of the old format", async () => {
    const live = (await current()) as number;
    const stored = await fixture.loader.getObject(hashesKey(live));
    const hashes = decodeHashes(stored as ArrayBuffer);
    // The same hashes from the D1 documents as the reindex found while parsing (worksites included).
    const fromDocuments = await hashesFromDocuments(fixture.loader, live);
    expect(Array.from(fromDocuments.ids)).toEqual(Array.from(hashes.ids));
    expect(Array.from(fromDocuments.hashes)).toEqual(Array.from(hashes.hashes));
    // What an earlier run stored ("urh1"): the company documents' hashes only, unlike these for every company with worksites.
    const [rows = [], withWorksites = []] = await fixture.loader.sql<{ id: number; doc: string }>([
      { sql: `SELECT org_seq_no AS id, doc FROM ${companyTable(live)}`, params: [] },
      { sql: `SELECT DISTINCT org_seq_no AS id, '' AS doc FROM ${worksiteTable(live)}`, params: [] },
    ]);
    const collector = new HashCollector();
    collector.add(Float64Array.from(rows.flatMap((row) => [row.id, documentHash(row.doc)])));
    const companiesOnly = collector.finish();
    const differing = Array.from(companiesOnly.ids).filter((_, i) => companiesOnly.hashes[i] !== hashes.hashes[i]);
    expect(differing.length).toBeGreaterThan(0);
    expect(differing).toEqual(withWorksites.map((row) => row.id).sort((a, b) => a - b));
    const old = encodeHashes(companiesOnly);
    new DataView(old.buffer).setUint32(0, 0x75726831, true);
    await fixture.loader.putObject(hashesKey(live), [old], old.byteLength);
    const next = await reindexEmbedded({ sourceDir: fixture.sourceDir, persistDir: fixture.stateDir });
    expect(next).toMatchObject({ previousVersion: live, changes: { added: 0, removed: 0, changed: 0 } });
    // The new version's hashes are stored in the current format.
    const now = decodeHashes((await fixture.loader.getObject(hashesKey(next.version))) as ArrayBuffer);
    expect(Array.from(now.hashes)).toEqual(Array.from(hashes.hashes));
  }, 120_000);

  it("deletes the annual-report packs that no kept version names, and never one a kept version or another backend names", async () => {
    const pack = () => {
      const bytes = randomBytes(2_000);
      return { bytes, name: createHash("sha256").update(bytes).digest("hex") };
    };
    const [p1, p2, p3, stray] = [pack(), pack(), pack(), pack()];
    /** The fixture's dataset with these packs, as a register load leaves them. */
    const dataset = (name: string, packs: { bytes: Buffer; name: string }[]) => {
      const dir = path.join(fixture.root, name);
      mkdirSync(path.join(dir, "annual-reports", "packs"), { recursive: true });
      for (const file of ["manifest.json", "companies.ndjson", "worksites.ndjson"])
        copyFileSync(path.join(fixture.sourceDir, file), path.join(dir, file));
      for (const p of packs) writeFileSync(path.join(dir, "annual-reports", "packs", `${p.name}.bin`), p.bytes);
      return dir;
    };
    const stored = async () => new Set(await fixture.loader.listKeys("annual-reports/packs/"));
    // A pack stored before the lists existed: the live version, indexed then, may need it.
    await fixture.loader.putObject(packKey(stray.name), [stray.bytes], stray.bytes.byteLength);
    const first = await reindexEmbedded({ sourceDir: dataset("packs-a", [p1, p2]), persistDir: fixture.stateDir });
    expect(first.packs).toEqual({ deleted: 0, kept: 3, skipped: "the replaced version's packs are not listed" });
    expect(await stored()).toEqual(new Set([p1, p2, stray].map((p) => packKey(p.name))));
    // The next run keeps its own packs and the replaced run's: only the unlisted one goes.
    const second = await reindexEmbedded({ sourceDir: dataset("packs-b", [p2, p3]), persistDir: fixture.stateDir });
    expect(second.packs).toEqual({ deleted: 1, kept: 3 });
    expect(await stored()).toEqual(new Set([p1, p2, p3].map((p) => packKey(p.name))));
    // Another backend on the same bucket names p3 in its own list.
    const other = new TextEncoder().encode(JSON.stringify({ runs: [{ run: "run-x", live: true, packs: [p3.name] }] }));
    await fixture.loader.putObject(inUseKey("elasticsearch"), [other], other.byteLength);
    // A run without packs still replaces one with them; after its grace period the replaced version is gone too.
    const third = await reindexEmbedded({ sourceDir: dataset("packs-c", []), persistDir: fixture.stateDir, graceMs: 0 });
    expect(third.packs).toEqual({ deleted: 1, kept: 1 });
    expect(await stored()).toEqual(new Set([packKey(p3.name)]));
    const list = JSON.parse(new TextDecoder().decode((await fixture.loader.getObject(inUseKey("embedded"))) as ArrayBuffer));
    expect(list).toEqual({ runs: [{ run: `v${third.version}`, live: true, packs: [] }] });
    expect((await run(await embeddedBackendOf(fixture), {})).hitCount).toBe(40);
  }, 180_000);
});
