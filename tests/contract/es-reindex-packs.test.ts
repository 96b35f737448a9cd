/**
 * The cluster reindex's annual-report packs (`npm run reindex -- --backend elasticsearch`: reindexElasticsearch) on the
 * test run's node, with a local state's R2 for the packs: a run keeps its own packs and, while the replaced indices
 * are kept, the replaced run's; after the grace period only its own. Decision 0050's consequences.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyLocalMigrationsAsync } from "#scripts/migrate";
import { inUseKey, packKey } from "#scripts/reindex/annual-report-documents";
import { LocalLoader } from "#scripts/reindex/local-loader";
import { reindexElasticsearch } from "#scripts/reindex/reindex-elasticsearch";
import { clusterEnv } from "../cluster/search-cluster";
import { writeFixtureDataset } from "../fixtures/search/fixture-dataset";
import { dropIndices } from "./support/es-cluster-helpers";

const PREFIX = "urval_espacks_";
const root = mkdtempSync(path.join(tmpdir(), "urval-es-packs-"));
const state = path.join(root, "state");

beforeAll(async () => {
  // reindexElasticsearch reads the cluster and the index prefix from the environment, as the CLI's operator sets them.
  for (const [name, value] of Object.entries(clusterEnv(PREFIX))) if (value !== undefined) process.env[name] = value;
  await dropIndices(PREFIX);
  await applyLocalMigrationsAsync(state, ["DB"]);
}, 120_000);
afterAll(async () => {
  await dropIndices(PREFIX);
  rmSync(root, { recursive: true, force: true });
});

const pack = () => {
  const bytes = randomBytes(1_500);
  return { bytes, name: createHash("sha256").update(bytes).digest("hex") };
};

/** The fixture dataset with these packs, as a register load leaves them. */
function dataset(name: string, packs: { bytes: Buffer; name: string }[]): string {
  const dir = writeFixtureDataset(path.join(root, name));
  mkdirSync(path.join(dir, "annual-reports", "packs"), { recursive: true });
  for (const p of packs) writeFileSync(path.join(dir, "annual-reports", "packs", `${p.name}.bin`), p.bytes);
  return dir;
}

describe("reindexElasticsearch and the annual-report packs", () => {
  it("deletes after each swap the packs no kept run names, and after the grace period the replaced run's", async () => {
    const [p1, p2, p3] = [pack(), pack(), pack()];
    const first = await reindexElasticsearch({ sourceDir: dataset("a", [p1, p2]), persistDir: state });
    expect(first).toMatchObject({ previousVersion: null, packs: { deleted: 0, kept: 2 } });
    // Without a grace period the replaced indices stay (the fallback), and so do the packs their run named.
    const second = await reindexElasticsearch({ sourceDir: dataset("b", [p2, p3]), persistDir: state });
    expect(second).toMatchObject({ previousVersion: first.version, packs: { deleted: 0, kept: 3 } });
    const third = await reindexElasticsearch({ sourceDir: dataset("c", [p3]), persistDir: state, graceMs: 0 });
    expect(third).toMatchObject({ previousVersion: second.version, packs: { deleted: 2, kept: 1 } });
    const loader = await LocalLoader.open(state);
    try {
      expect(await loader.listKeys("annual-reports/packs/")).toEqual([packKey(p3.name)]);
      const list = JSON.parse(new TextDecoder().decode((await loader.getObject(inUseKey(`elasticsearch-${PREFIX}`))) as ArrayBuffer));
      expect(list.runs).toEqual([{ run: expect.stringMatching(/^run-/), live: true, packs: [p3.name] }]);
    } finally {
      await loader.dispose();
    }
  }, 300_000);
});
