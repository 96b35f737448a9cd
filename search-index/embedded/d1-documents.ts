/**
 * Documents of one index version in D1 SEARCH_DB: companies_v<N> (search record + detail) and worksites_v<N>, fetched
 * by id with one json_each(?) parameter (D1 allows 100 bound parameters per statement).
 */
import type { CompanyDetail, CompanyRecord, WorksiteRecord } from "../../workers/shared/search/result-schemas";
import { companyDetailCodec, companyRecordCodec, worksiteRecordCodec, type Codec } from "../document-codec";

export const companyTable = (version: number) => `companies_v${version}`;
export const worksiteTable = (version: number) => `worksites_v${version}`;

/** DDL of a version's document tables. */
export function documentTablesDdl(version: number): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS ${companyTable(version)} (org_seq_no INTEGER PRIMARY KEY, record TEXT NOT NULL, detail TEXT NOT NULL)`,
    `CREATE TABLE IF NOT EXISTS ${worksiteTable(version)} (cfar_no INTEGER PRIMARY KEY, org_seq_no INTEGER NOT NULL, record TEXT NOT NULL)`,
  ];
}

export function dropDocumentTablesDdl(version: number): string[] {
  return [`DROP TABLE IF EXISTS ${companyTable(version)}`, `DROP TABLE IF EXISTS ${worksiteTable(version)}`];
}

/**
 * Rows per json_each insert statement. Each row is a JSON array [orgSeqNo, record, detail] or [cfarNo, orgSeqNo, record],
 * documents packed with document-codec.ts.
 */
export const INSERT_ROWS = 250;

export function insertCompaniesSql(version: number): string {
  return `INSERT INTO ${companyTable(version)} (org_seq_no, record, detail) SELECT value->>0, value->1, value->2 FROM json_each(?)`;
}

export function insertWorksitesSql(version: number): string {
  return `INSERT INTO ${worksiteTable(version)} (cfar_no, org_seq_no, record) SELECT value->>0, value->>1, value->2 FROM json_each(?)`;
}

export interface DocumentStore {
  /** Records in the order of `ids`; unknown ids are left out. */
  companyRecords(ids: readonly number[]): Promise<CompanyRecord[]>;
  worksiteRecords(ids: readonly number[]): Promise<WorksiteRecord[]>;
  companyDetail(orgSeqNo: number): Promise<CompanyDetail | null>;
}

const FETCH_CHUNK = 1000;

export class D1DocumentStore implements DocumentStore {
  constructor(
    private readonly db: D1Database,
    private readonly version: number,
  ) {}

  private async fetchRecords<T>(table: string, key: string, ids: readonly number[], codec: Codec<T>): Promise<T[]> {
    const byId = new Map<number, T>();
    for (let start = 0; start < ids.length; start += FETCH_CHUNK) {
      const chunk = ids.slice(start, start + FETCH_CHUNK);
      const { results } = await this.db
        .prepare(`SELECT ${key} AS id, record FROM ${table} WHERE ${key} IN (SELECT value FROM json_each(?))`)
        .bind(JSON.stringify(chunk))
        .all<{ id: number; record: string }>();
      for (const row of results) byId.set(row.id, codec.unpack(JSON.parse(row.record)));
    }
    return ids.flatMap((id) => {
      const record = byId.get(id);
      return record === undefined ? [] : [record];
    });
  }

  companyRecords(ids: readonly number[]): Promise<CompanyRecord[]> {
    return this.fetchRecords(companyTable(this.version), "org_seq_no", ids, companyRecordCodec);
  }

  worksiteRecords(ids: readonly number[]): Promise<WorksiteRecord[]> {
    return this.fetchRecords(worksiteTable(this.version), "cfar_no", ids, worksiteRecordCodec);
  }

  async companyDetail(orgSeqNo: number): Promise<CompanyDetail | null> {
    const row = await this.db
      .prepare(`SELECT detail FROM ${companyTable(this.version)} WHERE org_seq_no = ?`)
      .bind(orgSeqNo)
      .first<{ detail: string }>();
    return row ? companyDetailCodec.unpack(JSON.parse(row.detail)) : null;
  }
}
