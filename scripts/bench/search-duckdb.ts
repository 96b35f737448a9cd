/**
 * The DuckDB side of bench:search (issue 27): the same tables as the SQLite baseline (search-sqlite-schema.ts) in a
 * DuckDB file cached beside the dataset, the same SQL per search (search-sql.ts), DuckDB with its own default threads.
 *
 * Free text, kept simple: each record's words per field, exactly the words the SQLite FTS5 tables hold (name, address,
 * people, industry, place, org_no), exploded into one words table per entity (word, field, id) sorted by word, so a
 * word or a prefix is a range DuckDB's zone maps find without scanning the rest. A text matches when every one of its
 * words is found in some field (the last as a prefix; organisation numbers only in org_no), as free-text.ts says; a
 * record's relevance is the sum over the words of its best field's score (TEXT_SCORES, whole words above prefixes),
 * then turnover, as in the embedded index.
 */
import { renameSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type DuckDBAppender, type DuckDBConnection, DuckDBInstance, type DuckDBPreparedStatement } from "@duckdb/node-api";
import { TEXT_SCORES, type TextQuery, type ValidSearch } from "#search-index/engine";
import { type FacetCounts, facetCounts, searchPlan, type SqlTextDialect, type Statement } from "./search-sql";
import { COMPANY_FLAGS, type RecordRows, WORKSITE_FLAGS } from "./search-sqlite-schema";

type Kind = "int" | "text" | "real" | "flag";
const flags = (names: readonly string[]) => names.map((name) => [name, "flag"] as const);
const COLUMNS: Record<string, readonly (readonly [string, Kind])[]> = {
  companies: [
    ["id", "int"],
    ["org_no", "text"],
    ["name", "text"],
    ["form", "text"],
    ["fiscal_year", "text"],
    ["muni", "text"],
    ["county", "text"],
    ["turnover", "real"],
    ["earnings", "real"],
    ["num_employees", "int"],
    ["limited", "flag"],
    ...flags(COMPANY_FLAGS),
  ],
  worksites: [
    ["id", "int"],
    ["company_id", "int"],
    ["name", "text"],
    ["muni", "text"],
    ["county", "text"],
    ["employee_range", "text"],
    ["turnover", "real"],
    ...flags(WORKSITE_FLAGS),
  ],
  company_sni: [
    ["company_id", "int"],
    ["code", "text"],
  ],
  worksite_sni: [
    ["worksite_id", "int"],
    ["code", "text"],
  ],
  company_text: ["id", "name", "address", "people", "industry", "place", "org_no"].map((c, i) => [c, i === 0 ? "int" : "text"] as const),
  worksite_text: ["id", "name", "address", "industry", "place", "org_no"].map((c, i) => [c, i === 0 ? "int" : "text"] as const),
};
const SQL_TYPES: Record<Kind, string> = { int: "INTEGER", text: "VARCHAR", real: "DOUBLE", flag: "TINYINT" };

/** Field numbers of the words tables, and each one's score for a whole word (a prefix scores one less). */
const FIELDS = { name: 0, address: 1, people: 2, industry: 3, place: 4, org_no: 5 } as const;
const FIELD_SCORE = [TEXT_SCORES.name, TEXT_SCORES.address, TEXT_SCORES.person, TEXT_SCORES.industry, TEXT_SCORES.place, TEXT_SCORES.orgNo];

/** Explodes the staged per-field words into a words table sorted by word, and drops the staging table. */
function wordsTable(entity: "company" | "worksite"): string {
  const fields =
    entity === "company"
      ? ["name", "address", "people", "industry", "place", "org_no"]
      : ["name", "address", "industry", "place", "org_no"];
  const parts = fields.map(
    (field) =>
      `SELECT unnest(string_split(${field}, ' ')) AS word, ${FIELDS[field as keyof typeof FIELDS]}::UTINYINT AS field, id FROM ${entity}_text`,
  );
  return `CREATE TABLE ${entity}_words AS SELECT word, field, id FROM (${parts.join(" UNION ALL ")}) WHERE word <> '' ORDER BY word, id;
DROP TABLE ${entity}_text;`;
}

/** Past every word that starts with `prefix` (words compare by their UTF-8 bytes). */
const prefixEnd = (prefix: string) => `${prefix}\uffff`;

/**
 * One word's matching records with their best score (rows of id, s), from the entity's words table. The word (or its
 * prefix range) comes first, alone, so DuckDB pushes it into the scan of the sorted table; then the fields it may be
 * in: an organisation number written whole only org_no, other words every field but org_no, and a word of 6–10 digits
 * typed last (an organisation number's prefix) every field.
 */
function wordMatches(word: TextQuery["words"][number], table: string): Statement {
  const text = word.word ?? word.orgNo?.digits ?? "";
  const range = word.prefix ? { sql: "word >= ? AND word < ?", params: [text, prefixEnd(text)] } : { sql: "word = ?", params: [text] };
  const fields = word.word === null ? `field = ${FIELDS.org_no}` : word.orgNo ? "true" : `field < ${FIELDS.org_no}`;
  const exact = FIELD_SCORE.map((score, field) => `WHEN ${field} THEN ${score.exact}`).join(" ");
  const prefix = FIELD_SCORE.map((score, field) => `WHEN ${field} THEN ${score.prefix}`).join(" ");
  return {
    sql: `SELECT id, MAX(CASE WHEN word = ? THEN CASE field ${exact} END ELSE CASE field ${prefix} END END) AS s FROM ${table} WHERE ${range.sql} AND ${fields} GROUP BY id`,
    params: [text, ...range.params],
  };
}

/** Rows (id, score) of the records matching every word of the text; no words: none. */
export function textMatches(query: TextQuery, company: boolean): Statement {
  if (query.words.length === 0) return { sql: "SELECT NULL::INTEGER AS id, 0 AS score WHERE false", params: [] };
  const table = company ? "company_words" : "worksite_words";
  const words = query.words.map((word) => wordMatches(word, table));
  return {
    sql: `SELECT id, SUM(s) AS score FROM (${words.map((w) => w.sql).join(" UNION ALL ")}) GROUP BY id HAVING COUNT(*) = ${words.length}`,
    params: words.flatMap((w) => w.params),
  };
}

export const DUCKDB_DIALECT: SqlTextDialect = {
  textCondition(query, company) {
    const matches = textMatches(query, company);
    return { sql: `c.id IN (SELECT id FROM (${matches.sql}))`, params: matches.params };
  },
  relevance: textMatches,
};

const spillDir = () => path.join(os.tmpdir(), `urval-bench-duckdb-${process.pid}`);

/** Creates the tables in a new file and appends the records as they stream by; finish() builds the words tables. */
export class DuckLoader {
  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly connection: DuckDBConnection,
    private readonly appenders: Record<string, DuckDBAppender>,
  ) {}

  static async create(file: string): Promise<DuckLoader> {
    rmSync(file, { force: true });
    rmSync(`${file}.wal`, { force: true });
    // The load beside the other engines' builds: the words tables' sort spills to the temp folder past 4 GB rather
    // than taking DuckDB's default 80 % of the machine (the searches later run with every default).
    const instance = await DuckDBInstance.create(file, {
      memory_limit: "4GB",
      temp_directory: spillDir(),
    });
    const connection = await instance.connect();
    for (const [table, columns] of Object.entries(COLUMNS))
      await connection.run(`CREATE TABLE ${table} (${columns.map(([name, kind]) => `${name} ${SQL_TYPES[kind]}`).join(", ")})`);
    await connection.run("CREATE TABLE list_numbers (file_id INTEGER, org_no VARCHAR)");
    const appenders: Record<string, DuckDBAppender> = {};
    for (const table of Object.keys(COLUMNS)) appenders[table] = await connection.createAppender(table);
    return new DuckLoader(instance, connection, appenders);
  }

  private append(table: string, values: readonly (string | number | null)[]) {
    const appender = this.appenders[table] as DuckDBAppender;
    const columns = COLUMNS[table] ?? [];
    values.forEach((value, i) => {
      if (value === null || value === undefined) return appender.appendNull();
      const kind = columns[i]?.[1];
      if (kind === "text") appender.appendVarchar(String(value));
      else if (kind === "real") appender.appendDouble(Number(value));
      else if (kind === "flag") appender.appendTinyInt(Number(value));
      else appender.appendInteger(Number(value));
    });
    appender.endRow();
  }

  addCompany({ row, sni, text }: RecordRows): void {
    this.append("companies", row);
    for (const code of sni) this.append("company_sni", [row[0] ?? null, code]);
    this.append("company_text", [row[0] ?? null, ...text]);
  }

  addWorksite({ row, sni, text }: RecordRows): void {
    this.append("worksites", row);
    for (const code of sni) this.append("worksite_sni", [row[0] ?? null, code]);
    this.append("worksite_text", [row[0] ?? null, ...text]);
  }

  /** Closes the appenders, builds the words tables, checkpoints and moves the file to `finalFile`. */
  async finish(file: string, finalFile: string): Promise<void> {
    for (const appender of Object.values(this.appenders)) appender.closeSync();
    for (const entity of ["company", "worksite"] as const) {
      for (const sql of wordsTable(entity).split(";\n")) await this.connection.run(sql);
    }
    await this.connection.run("CHECKPOINT");
    this.connection.closeSync();
    this.instance.closeSync();
    rmSync(spillDir(), { recursive: true, force: true });
    renameSync(file, finalFile);
  }
}

export interface DuckResult {
  hitCount: number;
  ids: number[];
  facets: FacetCounts;
}

/** Searches on an open DuckDB file; one connection, its statements prepared once per SQL text. */
export class DuckSearch {
  private readonly prepared = new Map<string, DuckDBPreparedStatement>();

  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly connection: DuckDBConnection,
    readonly version: string,
    readonly threads: number,
  ) {}

  static async open(file: string): Promise<DuckSearch> {
    const instance = await DuckDBInstance.create(file);
    const connection = await instance.connect();
    const [row] = (await connection.runAndReadAll("SELECT version(), current_setting('threads')")).getRows();
    return new DuckSearch(instance, connection, String(row?.[0]), Number(row?.[1]));
  }

  /** List file `id`: its organisation numbers, replacing what an earlier run left. */
  async setListFile(id: number, orgNos: readonly string[]): Promise<void> {
    await this.connection.run("DELETE FROM list_numbers WHERE file_id = ?", [id]);
    const appender = await this.connection.createAppender("list_numbers");
    for (const orgNo of orgNos) {
      appender.appendInteger(id);
      appender.appendVarchar(orgNo);
      appender.endRow();
    }
    appender.closeSync();
  }

  private async rows({ sql, params }: Statement): Promise<unknown[][]> {
    let statement = this.prepared.get(sql);
    if (!statement) {
      statement = await this.connection.prepare(sql);
      this.prepared.set(sql, statement);
    }
    params.forEach((value, i) => {
      if (typeof value === "string") statement.bindVarchar(i + 1, value);
      else if (Number.isInteger(value) && Math.abs(value) < 2 ** 31) statement.bindInteger(i + 1, value);
      else statement.bindDouble(i + 1, value);
    });
    return (await statement.runAndReadAll()).getRows() as unknown[][];
  }

  async search(search: ValidSearch, page: number, listFile: number | null): Promise<DuckResult> {
    const plan = searchPlan(search, page, listFile, DUCKDB_DIALECT);
    const hitCount = Number((await this.rows(plan.count))[0]?.[0] ?? 0);
    const ids = (await this.rows(plan.page)).map((row) => Number(row[0]));
    const rows: [unknown, unknown][][] = [];
    for (const facet of plan.facets) rows.push((await this.rows(facet)) as [unknown, unknown][]);
    const sums = (await this.rows(plan.sums))[0] ?? [];
    return { hitCount, ids, facets: facetCounts(plan, rows, sums) };
  }

  /** The best `limit` ids of a free text by the same relevance as the page (score, then turnover). */
  async suggest(search: ValidSearch, limit: number): Promise<number[]> {
    if (!search.textQuery) return [];
    const company = search.resultType === "COMPANY";
    const matches = textMatches(search.textQuery, company);
    const sql = `SELECT t.id FROM (${matches.sql}) t JOIN ${company ? "companies" : "worksites"} c ON c.id = t.id ORDER BY t.score DESC, c.turnover IS NULL, c.turnover DESC, c.id LIMIT ${limit}`;
    return (await this.rows({ sql, params: matches.params })).map((row) => Number(row[0]));
  }

  close(): void {
    for (const statement of this.prepared.values()) statement.destroySync();
    this.connection.closeSync();
    this.instance.closeSync();
  }
}
