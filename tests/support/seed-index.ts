/**
 * Puts an embedded search index into the harness's own bindings the way `npm run reindex` builds one: source records →
 * IndexBuild → packed documents in SEARCH_DB, the snapshot in R2 SEARCH_INDEX, the version flipped current. The API
 * worker then loads it through getSearchBackend(env). The records are the search engine's hand-checked fixture, given
 * ones, or a small synthetic register from the generator (scripts/data/generate), optionally changed before indexing.
 *
 *   const seeded = await seedIndex(harness);                                            // the fixture, version 1
 *   const { backend } = await seedIndex(harness, { source: { generate: 120, seed: 2024 }, tweak: renameTop });
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { generateDataset } from "#scripts/data/generate";
import { readCompanies, readWorksites } from "#scripts/reindex/source-reader";
import {
  companyDocumentRow,
  type CompanySourceRecord,
  concatSnapshot,
  D1DocumentStore,
  documentTablesDdl,
  EmbeddedBackend,
  encodeSnapshot,
  flipStatements,
  insertDocumentRows,
  REGISTER_VERSION_SQL,
  type SearchIndex,
  snapshotKey,
  worksiteDocumentRow,
  type WorksiteSourceRecord,
} from "#search-index/engine";
import { companyFacts, IndexBuild, worksiteFacts } from "#search-index/indexing";
import { fixtureCompanies, fixtureWorksites } from "../fixtures/search/fixture-dataset";
import type { UrvalHarness } from "./factories";

export interface IndexRecords {
  companies: CompanySourceRecord[];
  worksites: WorksiteSourceRecord[];
}

/** A synthetic register of `generate` companies (and their worksites) from the generator with `seed`. */
export interface GeneratedRegister {
  generate: number;
  seed: number;
}

export interface SeedOptions {
  /** The records to index; default the hand-checked fixture (tests/fixtures/search). */
  source?: IndexRecords | GeneratedRegister;
  /** Changes the company records before they are indexed (say, names a test looks for). */
  tweak?: (companies: CompanySourceRecord[]) => void;
  /** Default 1. */
  version?: number;
}

export interface SeededIndex extends IndexRecords {
  version: number;
  index: SearchIndex;
  /** A backend over the same index and documents, for the rows a test expects. */
  backend: EmbeddedBackend;
}

/** The generator's records, written to a temporary directory and read back as `npm run reindex` reads them. */
async function generatedRecords({ generate, seed }: GeneratedRegister): Promise<IndexRecords> {
  const dir = mkdtempSync(path.join(tmpdir(), "urval-seed-"));
  try {
    await generateDataset({ companies: generate, seed, outDir: dir });
    const records: IndexRecords = { companies: [], worksites: [] };
    for await (const source of readCompanies(dir)) records.companies.push(source);
    for await (const source of readWorksites(dir)) records.worksites.push(source);
    return records;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function recordsOf(source: SeedOptions["source"]): Promise<IndexRecords> {
  if (!source) return { companies: fixtureCompanies(), worksites: fixtureWorksites() };
  return "generate" in source ? generatedRecords(source) : source;
}

export async function seedIndex(harness: UrvalHarness, options: SeedOptions = {}): Promise<SeededIndex> {
  const { companies, worksites } = await recordsOf(options.source);
  options.tweak?.(companies);
  const version = options.version ?? 1;
  const env = await harness.api().getEnv();
  await env.SEARCH_DB.prepare(REGISTER_VERSION_SQL).bind(version).run();
  for (const ddl of documentTablesDdl(version)) await env.SEARCH_DB.prepare(ddl).run();
  const build = new IndexBuild();
  const companyRows = companies.map((source) => {
    build.addCompany(companyFacts(source));
    return companyDocumentRow(source);
  });
  const worksiteRows = worksites.map((source) => {
    build.addWorksiteColumns(worksiteFacts(source));
    return worksiteDocumentRow(source);
  });
  await insertDocumentRows(env.SEARCH_DB, version, companyRows, worksiteRows);
  const index = build.finish(version);
  await env.SEARCH_INDEX.put(snapshotKey(version), concatSnapshot(encodeSnapshot(index)));
  const flip = flipStatements(version, { companies: companies.length, worksites: worksites.length });
  await env.SEARCH_DB.batch(flip.map(({ sql, params }) => env.SEARCH_DB.prepare(sql).bind(...params)));
  const backend = new EmbeddedBackend(index, new D1DocumentStore(env.SEARCH_DB, version));
  return { version, companies, worksites, index, backend };
}
