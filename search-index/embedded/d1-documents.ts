/**
 * Documents of one index version in D1 SEARCH_DB: companies_v<N> and worksites_v<N> hold each record's validated
 * source record (records.ts), packed positionally (document-codec.ts). The search record, the detail and the worksite
 * record (with its company's figures, joined on read) are derived on read with documents.ts, so a reindex stores
 * each record once and does no document building. Written with multi-row INSERT … VALUES (no JSON parsing in SQLite),
 * fetched by id with one json_each(?) parameter.
 */
import type { CompanyDetail, CompanyRecord, WorksiteRecord } from "#shared/search/result-schemas";
import { companySourceCodec, packedCompanyText, packedWorksiteText, worksiteSourceCodec } from "../document-codec";
import { buildCompanyDetail, buildCompanyRecord, buildWorksiteRecord, companyInfoOf } from "../documents";
import type { CompanySourceRecord, WorksiteSourceRecord } from "../records";
import type { CompanyExportRecord } from "../backend";
import { IndexVersionGoneError } from "../live-version";

export const companyTable = (version: number) => `companies_v${version}`;
export const worksiteTable = (version: number) => `worksites_v${version}`;

/**
 * DDL of a version's document tables. Rows go in by rowid in file order (appends only); the id indexes are built once
 * all rows are in (documentIndexesDdl): inserting into an id-keyed table in file order, which for worksites is not id
 * order, made SQLite rewrite scattered pages and took three times as long.
 */
export function documentTablesDdl(version: number): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS ${companyTable(version)} (org_seq_no INTEGER NOT NULL, doc TEXT NOT NULL)`,
    `CREATE TABLE IF NOT EXISTS ${worksiteTable(version)} (cfar_no INTEGER NOT NULL, org_seq_no INTEGER NOT NULL, doc TEXT NOT NULL)`,
  ];
}

/** The unique id indexes of a version's document tables (after loading; they also reject duplicate ids). */
export function documentIndexesDdl(version: number): string[] {
  return [
    `CREATE UNIQUE INDEX IF NOT EXISTS ${companyTable(version)}_id ON ${companyTable(version)} (org_seq_no)`,
    `CREATE UNIQUE INDEX IF NOT EXISTS ${worksiteTable(version)}_id ON ${worksiteTable(version)} (cfar_no)`,
  ];
}

export function dropDocumentTablesDdl(version: number): string[] {
  return [`DROP TABLE IF EXISTS ${companyTable(version)}`, `DROP TABLE IF EXISTS ${worksiteTable(version)}`];
}

/** D1 allows 100 bound parameters per statement: rows per multi-row INSERT … VALUES = 100 / columns. */
export const MAX_BOUND_PARAMETERS = 100;

export type DocumentRow = readonly (string | number)[];

/** One companies_v<N> row: orgSeqNo and the packed source as JSON text. */
export const companyDocumentRow = (source: CompanySourceRecord): DocumentRow => [source.orgSeqNo, packedCompanyText(source)];

/** One worksites_v<N> row: cfarNo, orgSeqNo and the packed source as JSON text. */
export const worksiteDocumentRow = (source: WorksiteSourceRecord): DocumentRow => [
  Number(source.cfarNo),
  source.orgSeqNo,
  packedWorksiteText(source),
];

/** The INSERT heads (followed by VALUES tuples) and their column counts. */
export const insertCompaniesHead = (version: number) => `INSERT INTO ${companyTable(version)} (org_seq_no, doc)`;
export const insertWorksitesHead = (version: number) => `INSERT INTO ${worksiteTable(version)} (cfar_no, org_seq_no, doc)`;
export const COMPANY_COLUMNS = 2;
export const WORKSITE_COLUMNS = 3;

/** Multi-row INSERT … VALUES statements for `rows` (all of `columns` values) within the bound-parameter limit. */
export function insertStatements(db: D1Database, head: string, columns: number, rows: readonly DocumentRow[]): D1PreparedStatement[] {
  const perStatement = Math.floor(MAX_BOUND_PARAMETERS / columns);
  const tuple = `(${Array(columns).fill("?").join(",")})`;
  const statements: D1PreparedStatement[] = [];
  for (let at = 0; at < rows.length; at += perStatement) {
    const slice = rows.slice(at, at + perStatement);
    statements.push(db.prepare(`${head} VALUES ${Array(slice.length).fill(tuple).join(",")}`).bind(...slice.flat()));
  }
  return statements;
}

export interface DocumentStore {
  /** Records in the order of `ids`; unknown ids are left out. */
  companyRecords(ids: readonly number[]): Promise<CompanyRecord[]>;
  worksiteRecords(ids: readonly number[]): Promise<WorksiteRecord[]>;
  companyDetail(orgSeqNo: number): Promise<CompanyDetail | null>;
  /** Company records each with its detail (exports with detail columns, issue 17). */
  companyRecordsWithDetail(ids: readonly number[]): Promise<CompanyExportRecord[]>;
}

const FETCH_CHUNK = 1000;

const MISSING_VERSION_TABLE = /no such table: (?:main\.)?(?:companies|worksites)_v\d+/;

/**
 * Runs a D1 read of `version`'s tables, turning "no such table" for them into IndexVersionGoneError: a reindex switched
 * to a newer version and dropped this one's tables after its grace period, while this isolate still held it.
 */
async function readVersion<T>(version: number, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof Error && MISSING_VERSION_TABLE.test(error.message)) throw new IndexVersionGoneError(version);
    throw error;
  }
}

const companySource = (doc: string) => companySourceCodec.unpack(JSON.parse(doc));
const worksiteSource = (doc: string) => worksiteSourceCodec.unpack(JSON.parse(doc));

interface DocRow {
  id: number;
  doc: string;
  company?: string | null;
}

export class D1DocumentStore implements DocumentStore {
  constructor(
    private readonly db: D1Database,
    private readonly version: number,
  ) {}

  /** Rows for `ids` (chunked), turned into documents, in the order of `ids`. */
  private async fetch<T>(sql: string, ids: readonly number[], build: (row: DocRow) => T | null): Promise<T[]> {
    const byId = new Map<number, T>();
    for (let start = 0; start < ids.length; start += FETCH_CHUNK) {
      const chunk = ids.slice(start, start + FETCH_CHUNK);
      const { results } = await readVersion(this.version, () => this.db.prepare(sql).bind(JSON.stringify(chunk)).all<DocRow>());
      for (const row of results) {
        const document = build(row);
        if (document !== null) byId.set(row.id, document);
      }
    }
    return ids.flatMap((id) => {
      const document = byId.get(id);
      return document === undefined ? [] : [document];
    });
  }

  companyRecords(ids: readonly number[]): Promise<CompanyRecord[]> {
    const table = companyTable(this.version);
    const sql = `SELECT org_seq_no AS id, doc FROM ${table} WHERE org_seq_no IN (SELECT value FROM json_each(?))`;
    return this.fetch(sql, ids, (row) => buildCompanyRecord(companySource(row.doc)));
  }

  /** Company records each with its detail, from the one stored document (exports with detail columns). */
  companyRecordsWithDetail(ids: readonly number[]): Promise<CompanyExportRecord[]> {
    const table = companyTable(this.version);
    const sql = `SELECT org_seq_no AS id, doc FROM ${table} WHERE org_seq_no IN (SELECT value FROM json_each(?))`;
    return this.fetch(sql, ids, (row) => {
      const source = companySource(row.doc);
      return { ...buildCompanyRecord(source), detail: buildCompanyDetail(source) };
    });
  }

  worksiteRecords(ids: readonly number[]): Promise<WorksiteRecord[]> {
    const sql = `SELECT w.cfar_no AS id, w.doc AS doc, c.doc AS company FROM ${worksiteTable(this.version)} w
      JOIN ${companyTable(this.version)} c ON c.org_seq_no = w.org_seq_no WHERE w.cfar_no IN (SELECT value FROM json_each(?))`;
    return this.fetch(sql, ids, (row) =>
      row.company ? buildWorksiteRecord(worksiteSource(row.doc), companyInfoOf(companySource(row.company))) : null,
    );
  }

  async companyDetail(orgSeqNo: number): Promise<CompanyDetail | null> {
    const row = await readVersion(this.version, () =>
      this.db
        .prepare(`SELECT doc FROM ${companyTable(this.version)} WHERE org_seq_no = ?`)
        .bind(orgSeqNo)
        .first<{ doc: string }>(),
    );
    return row ? buildCompanyDetail(companySource(row.doc)) : null;
  }
}

/**
 * Stores a version's document rows in batches, then builds the id indexes (tests and small seeds; the reindex CLI
 * streams through its loader).
 */
export async function insertDocumentRows(
  db: D1Database,
  version: number,
  companies: readonly DocumentRow[],
  worksites: readonly DocumentRow[],
): Promise<void> {
  const statements = [
    ...insertStatements(db, insertCompaniesHead(version), COMPANY_COLUMNS, companies),
    ...insertStatements(db, insertWorksitesHead(version), WORKSITE_COLUMNS, worksites),
  ];
  for (let at = 0; at < statements.length; at += 200) await db.batch(statements.slice(at, at + 200));
  await db.batch(documentIndexesDdl(version).map((sql) => db.prepare(sql)));
}
