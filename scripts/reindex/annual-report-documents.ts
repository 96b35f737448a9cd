/**
 * The filed annual-report documents of a register dataset into R2 (issue 45 point 4, docs/decisions/0050): the packs
 * that data:load-register wrote (annual-reports/packs/<sha256>.bin, each named by the SHA-256 of its bytes) under the
 * same key in SEARCH_INDEX. A pack already stored is left as it is (same name, same bytes), so a load whose documents
 * did not change stores nothing. Runs before the new index version goes live, so every report a search lists has its
 * document in place.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { ObjectStore, PacksCollected } from "#search-index/indexing";

const PACKS_PREFIX = "annual-reports/packs/";
/** R2 key of a pack (the API's reader: workers/api/src/details/annual-report-document.ts). */
export const packKey = (pack: string) => `${PACKS_PREFIX}${pack}.bin`;

export interface PackStore {
  hasObject(key: string): Promise<boolean>;
  putObject(key: string, parts: Uint8Array[], byteLength: number): Promise<void>;
}

/** What collecting packs needs beside storing them: reading the lists, listing keys and deleting. */
export interface PackBucket extends PackStore, Pick<ObjectStore, "getObject"> {
  /** Every key under `prefix` (all pages). */
  listKeys(prefix: string): Promise<string[]>;
  deleteObject(key: string): Promise<unknown>;
}

const packsDir = (sourceDir: string) => path.join(sourceDir, "annual-reports", "packs");

/** The packs of a dataset: a register load has them, a generated dataset has none. */
export function annualReportPacks(sourceDir: string): string[] {
  const dir = packsDir(sourceDir);
  return existsSync(dir) ? readdirSync(dir).filter((name) => /^[0-9a-f]{64}\.bin$/.test(name)) : [];
}

export async function storeAnnualReportPacks(
  sourceDir: string,
  store: PackStore,
  onProgress?: (done: number) => void,
): Promise<{ packs: number; stored: number; bytes: number }> {
  const totals = { packs: 0, stored: 0, bytes: 0 };
  for (const name of annualReportPacks(sourceDir)) {
    const key = packKey(name.slice(0, -".bin".length));
    if (!(await store.hasObject(key))) {
      const bytes = readFileSync(path.join(packsDir(sourceDir), name));
      await store.putObject(key, [bytes], bytes.byteLength);
      totals.stored++;
      totals.bytes += bytes.byteLength;
    }
    // Counted outside the optional call: `onProgress?.(++n)` skips the increment when there is no callback.
    totals.packs++;
    onProgress?.(totals.packs);
  }
  return totals;
}

/*
 * Collecting packs no version names (decision 0050's "left to do"). Each reindexing backend ("owner": the embedded
 * index, or a cluster's index prefix) keeps a list in R2 of the packs each of its runs names: the run being built
 * (noted before its version goes live), the live run and, while the replaced version is kept, the replaced run.
 * After the switch, and again after the grace period, every pack that no owner's list names is deleted. The lists are
 * written before anything is deleted, so a run killed at any point leaves at worst packs that the next run deletes.
 */
const IN_USE_PREFIX = "annual-reports/in-use/";
export const inUseKey = (owner: string) => `${IN_USE_PREFIX}${owner}.json`;

const InUseSchema = z.object({
  runs: z.array(z.object({ run: z.string(), live: z.boolean(), packs: z.array(z.string().regex(/^[0-9a-f]{64}$/)) })),
});
type InUse = z.infer<typeof InUseSchema>;

async function readInUse(bucket: PackBucket, key: string): Promise<InUse | null> {
  const bytes = await bucket.getObject(key);
  return bytes ? InUseSchema.parse(JSON.parse(new TextDecoder().decode(bytes))) : null;
}

async function writeInUse(bucket: PackBucket, owner: string, inUse: InUse): Promise<void> {
  const bytes = new TextEncoder().encode(JSON.stringify(inUse));
  await bucket.putObject(inUseKey(owner), [bytes], bytes.byteLength);
}

/** The pack names (SHA-256 hex) of a dataset. */
export const packNames = (sourceDir: string) => annualReportPacks(sourceDir).map((name) => name.slice(0, -".bin".length));

/**
 * Before the run's version can go live: its packs join the owner's list as not yet live, so that no collection deletes
 * them. Noted when the dataset has packs or the owner has a list (a run without packs still replaces one with them).
 * Whether it noted: the run then collects after its switch.
 */
export async function notePacksInUse(bucket: PackBucket, owner: string, run: string, packs: string[]): Promise<boolean> {
  const inUse = await readInUse(bucket, inUseKey(owner));
  if (!inUse && packs.length === 0) return false;
  const runs = (inUse?.runs ?? []).filter((entry) => entry.run !== run);
  await writeInUse(bucket, owner, { runs: [...runs, { run, live: false, packs }] });
  return true;
}

/**
 * After the run's switch (`replacedKept`: the version it replaced still serves or stays as the fallback) and after the
 * grace period (false): the run's list is live, the owner keeps it and, while the replaced version is kept, the newest
 * other live list (the replaced run's); lists of runs that never went live are dropped. Then every pack that no
 * owner's list names is deleted. A replaced version with no list (indexed before the lists existed) may need any pack,
 * so nothing is deleted until it is gone.
 */
export async function collectPacks(
  bucket: PackBucket,
  owner: string,
  run: string,
  options: { replacedKept: boolean },
): Promise<PacksCollected> {
  const inUse = await readInUse(bucket, inUseKey(owner));
  const own = inUse?.runs.find((entry) => entry.run === run);
  if (!inUse || !own) throw new Error(`the packs of run ${run} were not noted in ${inUseKey(owner)}`);
  const replaced = inUse.runs.filter((entry) => entry.live && entry.run !== run).at(-1);
  const runs = [...(options.replacedKept && replaced ? [replaced] : []), { ...own, live: true }];
  await writeInUse(bucket, owner, { runs });
  const stored = await bucket.listKeys(PACKS_PREFIX);
  if (options.replacedKept && !replaced) return { deleted: 0, kept: stored.length, skipped: "the replaced version's packs are not listed" };
  const named = new Set<string>();
  for (const key of await bucket.listKeys(IN_USE_PREFIX)) {
    const list = key === inUseKey(owner) ? { runs } : await readInUse(bucket, key);
    for (const entry of list?.runs ?? []) for (const pack of entry.packs) named.add(packKey(pack));
  }
  const unnamed = stored.filter((key) => !named.has(key));
  for (const key of unnamed) await bucket.deleteObject(key);
  return { deleted: unnamed.length, kept: stored.length - unnamed.length };
}

/**
 * collectPacks after a switch, never failing the run: the new version already serves, and packs left now are collected
 * by the next run. A failure is logged and reported.
 */
export async function collectPacksLogged(
  bucket: PackBucket,
  owner: string,
  run: string,
  options: { replacedKept: boolean },
): Promise<PacksCollected> {
  try {
    return await collectPacks(bucket, owner, run, options);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(JSON.stringify({ level: "error", msg: "reindex: annual-report packs not collected", owner, run, error: reason }));
    return { deleted: 0, kept: 0, skipped: `failed: ${reason}` };
  }
}
