/**
 * The embedded backend on the search fixture, the way production gets it: SEARCH_DB migrations, `npm run reindex`'s
 * reindexEmbedded into a fresh local state (real D1 and R2 in Miniflare), then getEmbeddedBackend(env).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { unstable_splitSqlQuery } from "wrangler";
import { getEmbeddedBackend, resetEmbeddedBackend } from "#search-index/embedded/load-embedded";
import { LocalLoader } from "#scripts/reindex/local-loader";
import { reindexEmbedded } from "#scripts/reindex/reindex-embedded";
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
  const setup = await LocalLoader.open(stateDir);
  await applySearchMigrations(setup);
  await setup.dispose();
  await reindexEmbedded({ sourceDir, persistDir: stateDir });
  const loader = await LocalLoader.open(stateDir);
  return {
    root,
    stateDir,
    sourceDir,
    loader,
    async close() {
      resetEmbeddedBackend();
      await loader.dispose();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

export async function embeddedBackendOf(fixture: EmbeddedFixture) {
  resetEmbeddedBackend();
  return getEmbeddedBackend(await fixture.loader.bindings());
}
