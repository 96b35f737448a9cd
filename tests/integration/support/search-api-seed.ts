/**
 * Puts an embedded search index into the harness's own bindings the way `npm run reindex` builds one: source records
 * (the search engine's hand-checked fixture by default) → IndexBuild → packed documents in SEARCH_DB, the snapshot in
 * R2 SEARCH_INDEX, the version flipped current. The API worker then loads it through getSearchBackend(env).
 */
import {
  companyDocumentRow,
  type CompanySourceRecord,
  concatSnapshot,
  documentTablesDdl,
  encodeSnapshot,
  flipStatements,
  insertDocumentRows,
  REGISTER_VERSION_SQL,
  snapshotKey,
  worksiteDocumentRow,
  type WorksiteSourceRecord,
} from "#search-index/engine";
import { companyFacts, IndexBuild, worksiteFacts } from "#search-index/indexing";
import { fixtureCompanies, fixtureWorksites } from "../../fixtures/search/fixture-dataset";
import type { UrvalHarness } from "../../support/factories";

export interface SeededIndex {
  version: number;
  companies: CompanySourceRecord[];
  worksites: WorksiteSourceRecord[];
}

export async function seedSearchIndex(
  harness: UrvalHarness,
  companies: CompanySourceRecord[] = fixtureCompanies(),
  worksites: WorksiteSourceRecord[] = fixtureWorksites(),
  version = 1,
): Promise<SeededIndex> {
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
  await env.SEARCH_INDEX.put(snapshotKey(version), concatSnapshot(encodeSnapshot(build.finish(version))));
  const flip = flipStatements(version, { companies: companies.length, worksites: worksites.length });
  await env.SEARCH_DB.batch(flip.map(({ sql, params }) => env.SEARCH_DB.prepare(sql).bind(...params)));
  return { version, companies, worksites };
}
