/**
 * Bevakning's staging on the embedded backend (stage.ts): the candidates are the source records of a set of company
 * ids (and their worksites) from one index version's documents in D1, and each saved search runs on a small embedded
 * SearchBackend over them. A search on it matches exactly the candidates that the same search matches in the whole
 * version: every filter is a property of the company and its own worksites.
 */
import { companySourceCodec, worksiteSourceCodec } from "../../document-codec";
import { buildCompanyDetail, buildCompanyRecord, companyInfoOf, buildWorksiteRecord } from "../../documents";
import type { CandidateSources } from "./candidates";
import type { MonitoringSource, SearchMatcher } from "./stage";
import type { SqlStore } from "../stores";
import { companyFacts, worksiteFacts } from "../embedded/column-facts";
import { companyTable, worksiteTable, type DocumentStore } from "../../embedded/d1-documents";
import { EmbeddedBackend } from "../../embedded/embedded-backend";
import { IndexBuild } from "../embedded/index-build";
import type { CompanySourceRecord, WorksiteSourceRecord } from "../../records";
import type { ListFileMap, SearchBackend } from "../../backend";
import type { ValidSearch } from "../../search-model";
import type { CompanyRecord } from "#shared/search/result-schemas";

const FETCH_IDS = 5000;

export async function loadCandidateSources(
  loader: SqlStore,
  version: number,
  ids: number[],
  withWorksites: boolean,
): Promise<CandidateSources> {
  const companies = new Map<number, CompanySourceRecord>();
  for (let at = 0; at < ids.length; at += FETCH_IDS) {
    const chunk = JSON.stringify(ids.slice(at, at + FETCH_IDS));
    const sql = `SELECT doc FROM ${companyTable(version)} WHERE org_seq_no IN (SELECT value FROM json_each(?))`;
    const [rows] = await loader.sql<{ doc: string }>([{ sql, params: [chunk] }]);
    for (const row of rows ?? []) {
      const source = companySourceCodec.unpack(JSON.parse(row.doc));
      companies.set(source.orgSeqNo, source);
    }
  }
  const worksites: WorksiteSourceRecord[] = [];
  if (withWorksites && companies.size > 0) {
    // One pass over the worksite table (it has no org_seq_no index) for all candidates at once.
    const sql = `SELECT doc FROM ${worksiteTable(version)} WHERE org_seq_no IN (SELECT value FROM json_each(?))`;
    const [rows] = await loader.sql<{ doc: string }>([{ sql, params: [JSON.stringify([...companies.keys()])] }]);
    for (const row of rows ?? []) worksites.push(worksiteSourceCodec.unpack(JSON.parse(row.doc)));
  }
  return { version, companies, worksites };
}

/** Documents straight from the candidates' source records (company records built once: every search reads them). */
class SourceDocumentStore implements DocumentStore {
  private readonly records = new Map<number, CompanyRecord>();

  constructor(private readonly sources: CandidateSources) {}

  async companyRecords(ids: readonly number[]) {
    return ids.flatMap((id) => {
      let record = this.records.get(id);
      const source = record ? undefined : this.sources.companies.get(id);
      if (source) this.records.set(id, (record = buildCompanyRecord(source)));
      return record ? [record] : [];
    });
  }

  async worksiteRecords(ids: readonly number[]) {
    const wanted = new Set(ids.map(String));
    return this.sources.worksites.flatMap((w) => {
      const company = this.sources.companies.get(w.orgSeqNo);
      return wanted.has(w.cfarNo) && company ? [buildWorksiteRecord(w, companyInfoOf(company))] : [];
    });
  }

  async companyDetail(orgSeqNo: number) {
    const source = this.sources.companies.get(orgSeqNo);
    return source ? buildCompanyDetail(source) : null;
  }

  async companyRecordsWithDetail(ids: readonly number[]) {
    const records = await this.companyRecords(ids);
    return records.flatMap((record) => {
      const source = this.sources.companies.get(record.orgSeqNo);
      return source ? [{ ...record, detail: buildCompanyDetail(source) }] : [];
    });
  }
}

/** A SearchBackend over the candidates only; null when there are none. */
export function candidateBackend(sources: CandidateSources): SearchBackend | null {
  if (sources.companies.size === 0) return null;
  const build = new IndexBuild();
  const ordered = [...sources.companies.values()].sort((a, b) => a.orgSeqNo - b.orgSeqNo);
  for (const source of ordered) build.addCompany(companyFacts(source));
  for (const worksite of sources.worksites) build.addWorksiteColumns(worksiteFacts(worksite));
  return new EmbeddedBackend(build.finish(sources.version), new SourceDocumentStore(sources));
}

/** The ids among the backend's companies that a company search matches (all of them: the export path, no cap). */
export async function matchingIds(backend: SearchBackend | null, search: ValidSearch, listFiles?: ListFileMap): Promise<Set<number>> {
  const ids = new Set<number>();
  if (!backend) return ids;
  const { companies } = await backend.info();
  for await (const chunk of backend.readExportRows(search, { count: companies, chunkSize: 5000, listFiles })) {
    for (const record of chunk as CompanyRecord[]) ids.add(record.orgSeqNo);
  }
  return ids;
}

/** The saved searches' matches on two small embedded indexes: the old candidates' and the new ones'. */
export function candidateMatcher(before: CandidateSources, after: CandidateSources): SearchMatcher {
  const [oldBackend, newBackend] = [candidateBackend(before), candidateBackend(after)];
  return async (search, _row, files) => {
    const [was, is] = await Promise.all([matchingIds(oldBackend, search, files), matchingIds(newBackend, search, files)]);
    return { was, is };
  };
}

/** Bevakning's source on the embedded backend: the versions' document tables in the search database. */
export function embeddedMonitoringSource(store: SqlStore): MonitoringSource {
  return {
    candidates: (version, ids) => loadCandidateSources(store, version, ids, true),
    matcher: async (_searches, before, after) => candidateMatcher(before, after),
  };
}
