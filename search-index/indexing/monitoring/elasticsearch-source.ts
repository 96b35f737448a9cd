/**
 * Bevakning's source on Elasticsearch (docs/decisions/0024), used between the count check and the alias swap: the
 * saved searches are resynced into the `saved_searches` percolator index, the change set comes from the two versions'
 * `changeHash` fields (each company's source hash mixed with its worksites'), the changed companies' old documents
 * (old index) and new ones (new index) are percolated in batches, and stage.ts stages the same rows as on the
 * embedded backend, so the API's jobs run unchanged.
 */
import type { Client } from "@elastic/elasticsearch";
import { companySourceCodec } from "../../document-codec";
import { searchCompaniesBatched } from "../elasticsearch/es-batched-search";
import { readChangeHashes, readCompanyDocuments, readWorksitePlaces } from "../elasticsearch/es-company-reads";
import type { EsNames } from "../../elasticsearch/es-fields";
import { percolateCompanies, resyncSavedSearches, type SavedSearchEntry } from "../../elasticsearch/es-saved-searches";
import type { CompanySourceRecord } from "../../records";
import { parseSavedSearch } from "../../search-model";
import { diffHashes, HashCollector, type ChangeSet, type DocumentHashes } from "../change-set";
import type { SqlStore } from "../stores";
import type { CandidateSources } from "./candidates";
import { hasMonitoringTables, type MonitoringSource, type SavedSearchRow, type SearchMatcher } from "./stage";
import { listFilePredicate } from "./list-files";

/**
 * The saved searches the percolator holds: every company search that parses (the others are skipped when staged);
 * list-file constraints are applied to the matches when staging.
 */
export function percolatorEntries(rows: readonly SavedSearchRow[]): SavedSearchEntry[] {
  return rows.flatMap((row) => {
    const search = parseSavedSearch(row.serialized_search);
    return search?.resultType === "COMPANY" ? [{ id: row.id, userId: row.user_id, search }] : [];
  });
}

const ALL_SAVED_SEARCHES = "SELECT id, user_id, serialized_search, hit_count, checked_version FROM saved_searches";

/** Makes the percolator index hold the app database's saved searches (heals whatever the API's updates missed). */
export async function resyncPercolator(store: SqlStore, client: Client, names: EsNames) {
  if (!(await hasMonitoringTables(store))) return { stored: 0, deleted: 0 };
  const [rows = []] = await store.sql<SavedSearchRow>([{ sql: ALL_SAVED_SEARCHES, params: [] }], "DB");
  return resyncSavedSearches(client, names, percolatorEntries(rows));
}

/**
 * A version's change hashes, read from its company index (MissingHashesError for an index built before them). They
 * include the worksites already: collected as companies without worksites, which keep their hash as it is.
 */
export async function indexHashes(client: Client, index: string): Promise<DocumentHashes> {
  const collector = new HashCollector();
  for await (const pairs of readChangeHashes(client, index)) collector.add(pairs);
  return collector.finish();
}

/** The change set from the live index's hashes to the new version's (collected while loading). */
export async function esChangeSet(client: Client, names: EsNames, from: number, after: DocumentHashes): Promise<ChangeSet> {
  return diffHashes(await indexHashes(client, names.index("COMPANY", from)), after);
}

/**
 * The documents of `ids` in one version, and their source records (for names and the watched companies' changes),
 * with the worksites' records of the watched companies among them (their worksite lines).
 */
async function versionDocuments(client: Client, names: EsNames, version: number, ids: number[], watchedIds: number[]) {
  const documents = await readCompanyDocuments(client, names.index("COMPANY", version), ids);
  const companies = new Map<number, CompanySourceRecord>();
  for (const [id, doc] of documents) companies.set(id, companySourceCodec.unpack(JSON.parse(String(doc.source))));
  const present = watchedIds.filter((id) => companies.has(id));
  const worksitePlaces = await readWorksitePlaces(client, names.index("WORKSITE", version), present);
  const sources: CandidateSources = { version, companies, worksites: [], worksitePlaces };
  return { documents: [...documents.values()], sources };
}

/**
 * The matcher over the percolation's answers. The stored queries leave the list files out (es-query.ts), so a search
 * naming list files keeps only the matches whose organisation number passes them, as the backends would.
 */
function matchesOf(
  was: Map<string, Set<number>>,
  is: Map<string, Set<number>>,
  before: CandidateSources,
  after: CandidateSources,
): SearchMatcher {
  return async (search, row, listFiles) => {
    const [old, now] = [was.get(row.id) ?? new Set<number>(), is.get(row.id) ?? new Set<number>()];
    if (!listFiles) return { was: old, is: now };
    const passes = listFilePredicate(search, listFiles);
    const keep = (ids: Set<number>, sources: CandidateSources) =>
      new Set([...ids].filter((id) => passes(sources.companies.get(id)?.orgNo ?? "")));
    return { was: keep(old, before), is: keep(now, after) };
  };
}

/** The fallback without a percolator: every saved search on the candidates of each version (es-batched-search.ts). */
async function searchBothVersions(
  client: Client,
  names: EsNames,
  versions: { from: number; to: number },
  entries: SavedSearchEntry[],
  changes: ChangeSet,
): Promise<[Map<string, Set<number>>, Map<string, Set<number>>]> {
  return [
    await searchCompaniesBatched(client, names.index("COMPANY", versions.from), entries, [...changes.changed, ...changes.removed]),
    await searchCompaniesBatched(client, names.index("COMPANY", versions.to), entries, [...changes.added, ...changes.changed]),
  ];
}

/**
 * Bevakning's source on Elasticsearch: the saved searches must already be in the percolator index (resyncPercolator),
 * unless `batched` (a cluster without the percolator) runs them as searches instead. Old documents come from
 * companies_v<from>, new ones from companies_v<to>.
 */
export function elasticsearchMonitoringSource(
  client: Client,
  names: EsNames,
  versions: { from: number; to: number },
  changes: ChangeSet,
  options: { batched?: boolean } = {},
): MonitoringSource {
  const documents = new Map<number, Record<string, unknown>[]>();
  return {
    async candidates(version, ids, watchedIds) {
      const read = await versionDocuments(client, names, version, ids, watchedIds);
      documents.set(version, read.documents);
      return read.sources;
    },
    async matcher(searches, before, after) {
      const [was, is] = options.batched
        ? await searchBothVersions(client, names, versions, percolatorEntries(searches), changes)
        : [
            await percolateCompanies(client, names, documents.get(versions.from) ?? []),
            await percolateCompanies(client, names, documents.get(versions.to) ?? []),
          ];
      return matchesOf(was, is, before, after);
    },
  };
}
