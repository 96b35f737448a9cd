/**
 * Reindex into the embedded backend on the local persisted state: remove what an interrupted earlier run left (versions
 * registered after the live one that never went live), build version N+1 beside the live one (D1 tables
 * companies_v<N+1>/worksites_v<N+1>, snapshot in R2 SEARCH_INDEX), verify it, flip index_versions.is_current in one
 * transaction, then remove versions older than the previous one; with `graceMs`, the previous one too once running
 * isolates have had time to leave it. A failure at any point removes the half-built version and leaves the live one
 * serving; a killed run leaves it for the next run to remove.
 */
import {
  companyTable,
  CURRENT_VERSION_SQL,
  documentIndexesDdl,
  documentTablesDdl,
  encodeSnapshot,
  flipStatements,
  LIST_VERSIONS_SQL,
  NEXT_VERSION_SQL,
  REGISTER_VERSION_SQL,
  removeVersionStatements,
  type SearchIndex,
  snapshotKey,
  worksiteTable,
} from "#search-index/engine";
import {
  changesSince,
  type ChangesSummary,
  type DocumentHashes,
  embeddedMonitoringSource,
  HashCollector,
  hashesKey,
  IndexBuild,
  markRunStaged,
  ReindexError,
  type ReindexProgress,
  type ReindexResult,
  type ReindexStage,
  stageMonitoring,
  storeHashes,
} from "#search-index/indexing";
import { PERSIST_DIR } from "../lib/local-bindings";
import { collectPacksLogged, notePacksInUse, packNames, storeAnnualReportPacks } from "./annual-report-documents";
import { LocalLoader } from "./local-loader";
import { LoadError, loadDocuments } from "./load-documents";
import { readManifest } from "./source-reader";

interface Options {
  sourceDir: string;
  persistDir?: string;
  /** A loader already open on `persistDir` (the run takes it over and disposes of it). */
  loader?: LocalLoader;
  /** Parser threads (default: one per core). */
  threads?: number;
  onProgress?: (progress: ReindexProgress) => void;
  /**
   * Called as each stage begins, and after each snapshot part is stored (stage "snapshot", part n); awaited, so an
   * operator's log sees the stage before any of its work (and the resilience suite can stop the run there).
   */
  onStage?: (stage: ReindexStage, detail?: { version: number; part?: number }) => Promise<void> | void;
  /**
   * After the switch, wait this long and then remove the replaced version too. Running isolates re-read the live
   * version every 30 s and a request lasts at most 60 s, so 120 s is safe. Undefined: the replaced version is kept
   * until the next run (one version to fall back to).
   */
  graceMs?: number;
}

async function verifyCounts(loader: LocalLoader, version: number, expected: { companies: number; worksites: number }) {
  const [companyRows, worksiteRows] = await loader.sql<{ n: number }>([
    { sql: `SELECT COUNT(*) AS n FROM ${companyTable(version)}`, params: [] },
    { sql: `SELECT COUNT(*) AS n FROM ${worksiteTable(version)}`, params: [] },
  ]);
  const companies = companyRows?.[0]?.n ?? -1;
  const worksites = worksiteRows?.[0]?.n ?? -1;
  if (companies !== expected.companies || worksites !== expected.worksites) {
    throw new Error(`D1 holds ${companies} companies and ${worksites} worksites, expected ${expected.companies} and ${expected.worksites}`);
  }
}

/** The embedded index's name in the lists of annual-report packs in use (annual-report-documents.ts). */
const PACKS_OWNER = "embedded";

async function removeVersion(loader: LocalLoader, version: number) {
  await loader.sql(removeVersionStatements(version));
  await loader.deleteObject(snapshotKey(version));
  await loader.deleteObject(hashesKey(version));
}

/**
 * Bevakning (issue 16): the change set from the live version and the users' alerts staged from it. A failure of the
 * staging is logged and reported, never fails the reindex (the search index matters more than one night's alerts).
 */
async function computeChanges(loader: LocalLoader, previous: number, version: number, hashes: DocumentHashes) {
  const changeSet = await changesSince(loader, previous, hashes);
  let monitoring: ChangesSummary["monitoring"];
  let users = 0;
  try {
    const { userIds, ...staged } = await stageMonitoring(
      loader,
      embeddedMonitoringSource(loader),
      { from: previous, to: version },
      changeSet,
    );
    monitoring = staged;
    users = userIds.length;
  } catch (error) {
    monitoring = { error: error instanceof Error ? error.message : String(error) };
    console.error(JSON.stringify({ level: "error", msg: "reindex: Bevakning staging failed", error: monitoring.error }));
  }
  const summary: ChangesSummary = {
    added: changeSet.added.length,
    removed: changeSet.removed.length,
    changed: changeSet.changed.length,
    monitoring,
  };
  return { changeSet, summary, users };
}

type Changes = Awaited<ReturnType<typeof computeChanges>>;

/** The change set from the live version (none on a fresh state), then the new version's hashes stored beside it. */
async function changesAndHashes(loader: LocalLoader, previous: number | null, version: number, hashes: DocumentHashes) {
  const changes = previous === null ? null : await computeChanges(loader, previous, version, hashes);
  await storeHashes(loader, version, hashes);
  return changes;
}

/**
 * Versions registered after the live one that never went live: what a run killed before its switch left behind (its
 * pointer row, tables and perhaps its snapshot). Only one reindex runs at a time, so none of them is being built.
 */
async function removeOrphans(loader: LocalLoader, current: number | null): Promise<number[]> {
  const [rows] = await loader.sql<{ version: number }>([{ sql: LIST_VERSIONS_SQL, params: [] }]);
  const orphans = (rows ?? []).map((r) => r.version).filter((v) => current === null || v > current);
  for (const version of orphans) await removeVersion(loader, version);
  return orphans;
}

/** Removes every version except the new one and the one it replaced. */
async function cleanup(loader: LocalLoader, keep: number[]): Promise<number[]> {
  const [rows] = await loader.sql<{ version: number }>([{ sql: LIST_VERSIONS_SQL, params: [] }]);
  const stale = (rows ?? []).map((r) => r.version).filter((v) => !keep.includes(v));
  for (const version of stale) await removeVersion(loader, version);
  return stale;
}

export async function reindexEmbedded(options: Options): Promise<ReindexResult> {
  const manifest = readManifest(options.sourceDir);
  let stage: ReindexStage = "prepare";
  const report = (progress: ReindexProgress) => {
    stage = progress.stage;
    options.onProgress?.(progress);
  };
  const begin = async (next: ReindexStage, part?: number) => {
    stage = next;
    await options.onStage?.(next, { version, part });
  };
  const loader = options.loader ?? (await LocalLoader.open(options.persistDir ?? PERSIST_DIR));
  const seconds: Record<string, number> = {};
  let version = 0;
  let changesTask: Promise<Changes | null> | null = null;
  let started = performance.now();
  const lap = (name: string) => {
    seconds[name] = Math.round((performance.now() - started) / 100) / 10;
    started = performance.now();
  };
  try {
    const [current, next] = await loader.sql<{ version: number }>([
      { sql: CURRENT_VERSION_SQL, params: [] },
      { sql: NEXT_VERSION_SQL, params: [] },
    ]);
    const previousVersion = current?.[0]?.version ?? null;
    const orphansRemoved = await removeOrphans(loader, previousVersion);
    version = next?.[0]?.version ?? 1;
    await begin("prepare");
    await loader.sql([{ sql: REGISTER_VERSION_SQL, params: [version] }, ...documentTablesDdl(version).map((sql) => ({ sql, params: [] }))]);
    lap("prepare");
    const packs = packNames(options.sourceDir);
    if (packs.length > 0) {
      // The filed annual reports into R2 before the version that lists them can go live (packs named by their
      // content: one stored by an earlier run is not stored again).
      await begin("documents");
      report({ stage, done: 0, total: packs.length });
      await storeAnnualReportPacks(options.sourceDir, loader, (done) => report({ stage, done, total: packs.length }));
      lap("documents");
    }
    // Named in the embedded index's list of packs in use before the version can go live (nothing collects them then).
    const packsNoted = await notePacksInUse(loader, PACKS_OWNER, `v${version}`, packs);
    await begin("companies");
    // Let, so that each big structure can be let go once the next is made (a stage's memory is then its own).
    let build: IndexBuild | null = new IndexBuild();
    const hashes = new HashCollector();
    const totals = { companies: manifest.companies, worksites: manifest.worksites };
    const counts = await loadDocuments(loader, build, { ...options, version, totals, report, lap, hashes });
    await begin("index");
    report({ stage, done: 0, total: 1 });
    // workerd builds the D1 id indexes while this thread builds the column index (the request needs a moment to leave).
    const indexed = loader.sql(documentIndexesDdl(version).map((sql) => ({ sql, params: [] })));
    indexed.catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Bevakning's change set and the stored hashes need only the document hashes. Started here, their reads and
    // writes in the local runtime (the live version's hashes, the staging, the new hashes) overlap the column index
    // and the snapshot, which keep this thread busy while the runtime would otherwise idle (the "changes" stage then
    // mostly waits for work already done).
    const documentHashes = hashes.finish();
    changesTask = changesAndHashes(loader, previousVersion, version, documentHashes);
    changesTask.catch(() => {});
    let index: SearchIndex | null = build.finish(version);
    build = null;
    await indexed;
    lap("index");
    await begin("snapshot");
    report({ stage, done: 0, total: 1 });
    const snapshot = encodeSnapshot(index);
    index = null;
    await loader.putObject(snapshotKey(version), snapshot.parts, snapshot.byteLength, (part) => begin("snapshot", part));
    const snapshotBytes = snapshot.byteLength;
    snapshot.parts = [];
    lap("snapshot");
    await begin("verify");
    await verifyCounts(loader, version, counts);
    await begin("changes");
    const changes = await changesTask;
    lap("changes");
    await begin("switch");
    await loader.sql(flipStatements(version, counts));
    if (changes && previousVersion !== null && changes.users > 0) {
      await markRunStaged(loader, previousVersion, version, changes.users, changes.changeSet).catch((error: unknown) =>
        console.error(JSON.stringify({ level: "error", msg: "reindex: Bevakning run not marked", error: String(error) })),
      );
    }
    await begin("cleanup");
    const keep = previousVersion === null ? [version] : [version, previousVersion];
    const removedVersions = await cleanup(loader, keep);
    const collect = (replacedKept: boolean) => collectPacksLogged(loader, PACKS_OWNER, `v${version}`, { replacedKept });
    let packsCollected = packsNoted ? await collect(previousVersion !== null) : undefined;
    lap("switch");
    if (options.graceMs !== undefined && previousVersion !== null) {
      await begin("grace");
      await new Promise((resolve) => setTimeout(resolve, options.graceMs));
      removedVersions.push(...(await cleanup(loader, [version])));
      if (packsNoted) packsCollected = await collect(false);
      lap("grace");
    }
    const summary = changes?.summary ?? null;
    return {
      version,
      previousVersion,
      ...counts,
      snapshotBytes,
      removedVersions,
      orphansRemoved,
      seconds,
      changes: summary,
      ...(packsCollected ? { packs: packsCollected } : {}),
    };
  } catch (error) {
    // Set by the stage callbacks, which the compiler cannot follow.
    const failedAt = stage as ReindexStage;
    // Settled first, so that nothing it writes (the new version's hashes) lands after the version is removed.
    await changesTask?.catch(() => {});
    if (version > 0 && failedAt !== "cleanup" && failedAt !== "grace") await removeVersion(loader, version).catch(() => {});
    if (error instanceof LoadError) throw new ReindexError(error.stage, error.failure);
    throw new ReindexError(stage, error);
  } finally {
    await loader.dispose();
  }
}
