/**
 * What one test run prepares once and its stages share (issue 36), each keyed by its content so that a change of the
 * generator, the index layout or the migrations makes a new one and an unchanged one is reused:
 *   - generated datasets (size, seed, the generator's source) under .wrangler/test-cache/datasets/;
 *   - the indexed demo state: a local state directory (D1 with every migration applied, the embedded index of the
 *     100 000-company demo dataset in SEARCH_DB and R2), built once and copied for each stack that serves it (the
 *     end-to-end stack, the export-kill stack) instead of indexing the demo dataset again for each;
 *   - one OpenSearch node per run, on SHARED_CLUSTER_PORT (tests/support/prepare.ts starts it; the contract suite and
 *     the cluster scenarios use it under index prefixes of their own).
 * A directory is written under a temporary name and renamed when complete, so a run stopped halfway leaves nothing
 * that a later run would take for finished.
 */
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { startCluster } from "#scripts/cluster/cluster";
import { generateDataset } from "#scripts/data/generate";
import { DEMO_DATA_DIR, ensureDemoDataset, ensureDemoIndex } from "#scripts/demo-data";
import { applyMigrations, MIGRATION_DIRS } from "#scripts/migrate";
import { INDEX_LAYOUT } from "#search-index/engine";
import { generatorSourceHash, hashFiles, sourcesOf } from "#scripts/lib/source-hash";

const ROOT = path.resolve(import.meta.dirname, "../..");
export const TEST_CACHE_DIR = path.join(ROOT, ".wrangler/test-cache");
/** The run's OpenSearch node (beside a developer's `npm run cluster` on 9400 and the e2e cluster stack's 9430). */
export const SHARED_CLUSTER_PORT = Number(process.env.URVAL_TEST_CLUSTER_PORT ?? 9420);

/** Starts the run's OpenSearch node: one node, 768 MB of heap, fresh data, on SHARED_CLUSTER_PORT. */
export function startSharedCluster(onProgress?: (message: string) => void) {
  // The client compiler only (C1): the JVM's start and the conformance suite's short queries do not repay the C2
  // compiler's work. Measured with `tests/run.ts --only contract`: the node's CPU 121 → 67 s, the suite 117 → 100 s.
  const jvmArgs = ["-XX:TieredStopAtLevel=1"];
  return startCluster({
    nodes: 1,
    heapMb: 768,
    httpPort: SHARED_CLUSTER_PORT,
    fresh: true,
    clusterName: "urval-test",
    onProgress,
    jvmArgs,
  });
}

/** Builds `dir` through a temporary sibling renamed at the end, unless it is there already; returns `dir`. */
async function once(dir: string, build: (partial: string) => Promise<void>): Promise<string> {
  if (existsSync(dir)) return dir;
  mkdirSync(path.dirname(dir), { recursive: true });
  const partial = `${dir}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  try {
    await build(partial);
    // Another process may have finished the same content first: keep its copy.
    if (existsSync(dir)) rmSync(partial, { recursive: true, force: true });
    else renameSync(partial, dir);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
  return dir;
}

/** A generated dataset of `companies` companies from `seed`, generated once per size, seed and generator source. */
export function sharedDataset(companies: number, seed: number): Promise<string> {
  const dir = path.join(TEST_CACHE_DIR, "datasets", `${companies}-seed${seed}-${generatorSourceHash()}`);
  return once(dir, (partial) => generateDataset({ companies, seed, outDir: partial }).then(() => undefined));
}

/** What the indexed demo state is built from: the demo dataset, the index layout and the migrations. */
function demoStateKey(): string {
  const manifest = readFileSync(path.join(DEMO_DATA_DIR, "manifest.json"), "utf8");
  const migrations = hashFiles([...sourcesOf(MIGRATION_DIRS.DB), ...sourcesOf(MIGRATION_DIRS.SEARCH_DB)]);
  return createHash("sha256").update(manifest).update(`layout ${INDEX_LAYOUT}`).update(migrations).digest("hex").slice(0, 12);
}

/** The indexed demo state, built once per demo dataset, index layout and migrations; returns its directory. */
export async function demoStateTemplate(): Promise<string> {
  await ensureDemoDataset();
  const name = `demo-state-${demoStateKey()}`;
  const dir = await once(path.join(TEST_CACHE_DIR, name), async (partial) => {
    mkdirSync(partial, { recursive: true });
    applyMigrations({ persistDir: partial });
    await ensureDemoIndex(partial);
  });
  // Those of older content (a few hundred MB each) go.
  for (const entry of readdirSync(TEST_CACHE_DIR))
    if (/^demo-state-[0-9a-f]+$/.test(entry) && entry !== name) rmSync(path.join(TEST_CACHE_DIR, entry), { recursive: true, force: true });
  return dir;
}

/**
 * Replaces `stateDir` with a fresh copy of the indexed demo state: a stack started on it finds its migrations
 * applied and its demo index built (npm start's own checks then skip both), and no state of an earlier run.
 */
export async function seedDemoState(stateDir: string): Promise<void> {
  const template = await demoStateTemplate();
  rmSync(stateDir, { recursive: true, force: true });
  mkdirSync(path.dirname(stateDir), { recursive: true });
  cpSync(template, stateDir, { recursive: true });
}
