/**
 * The embedded backend the way production gets it: SEARCH_DB migrations, `npm run reindex`'s reindexEmbedded into a
 * fresh local state (real D1 and R2 in Miniflare), then getEmbeddedBackend(env); on the search fixture, or on any
 * source directory (indexEmbedded: the equivalence dataset, the export equality's 100 000 companies).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { unstable_splitSqlQuery } from "wrangler";
import { getEmbeddedBackend, resetEmbeddedBackend } from "#search-index/embedded/load-embedded";
import { LocalLoader } from "#scripts/reindex/local-loader";
import { reindexEmbedded } from "#scripts/reindex/reindex-embedded";
import type { SearchBackend } from "#search-index/backend";
import { writeFixtureDataset } from "../../fixtures/search/fixture-dataset";

const MIGRATIONS = path.resolve(import.meta.dirname, "../../../search-index/migrations");

export async function applySearchMigrations(loader: LocalLoader): Promise<void> {
  for (const file of readdirSync(MIGRATIONS)
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    const statements = unstable_splitSqlQuery(readFileSync(path.join(MIGRATIONS, file), "utf8"));
    await loader.sql(statements.map((sql) => ({ sql, params: [] })));
  }
}

/** A local state with the embedded index of a source directory, and its backend as the workers load it. */
export interface EmbeddedIndex {
  loader: LocalLoader;
  backend: SearchBackend;
  /** Forgets the loaded backend and closes the local state (the caller removes its directory). */
  close(): Promise<void>;
}

/**
 * The one recipe of every embedded setup of the contract suite, as production gets its index: SEARCH_DB migrations
 * into a fresh local state, `npm run reindex`'s reindexEmbedded of `sourceDir`, then getEmbeddedBackend(env).
 */
export async function indexEmbedded(sourceDir: string, stateDir: string): Promise<EmbeddedIndex> {
  const setup = await LocalLoader.open(stateDir);
  await applySearchMigrations(setup);
  await setup.dispose();
  await reindexEmbedded({ sourceDir, persistDir: stateDir });
  const loader = await LocalLoader.open(stateDir);
  resetEmbeddedBackend();
  const backend = await getEmbeddedBackend(await loader.bindings());
  return {
    loader,
    backend,
    async close() {
      resetEmbeddedBackend();
      await loader.dispose();
    },
  };
}

export interface EmbeddedFixture {
  root: string;
  stateDir: string;
  sourceDir: string;
  loader: LocalLoader;
  close(): Promise<void>;
}

/** A fresh local state with migrations applied and the fixture indexed; close() removes it. */
export async function openEmbeddedFixture(): Promise<EmbeddedFixture> {
  const root = mkdtempSync(path.join(tmpdir(), "urval-search-"));
  const stateDir = path.join(root, "state");
  const sourceDir = writeFixtureDataset(path.join(root, "source"));
  const index = await indexEmbedded(sourceDir, stateDir);
  return {
    root,
    stateDir,
    sourceDir,
    loader: index.loader,
    async close() {
      await index.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

export async function embeddedBackendOf(fixture: EmbeddedFixture) {
  resetEmbeddedBackend();
  return getEmbeddedBackend(await fixture.loader.bindings());
}
