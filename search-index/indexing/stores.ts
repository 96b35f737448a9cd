/**
 * What the build path needs of the places it writes to, as interfaces: SQL on the two D1 databases and objects in the
 * index bucket. The local loader (miniflare), D1 over HTTP and the test harness's bindings implement them.
 */

/** Which D1 database a call goes to. */
export type LoaderDatabase = "SEARCH_DB" | "DB";

export interface Statement {
  sql: string;
  params: (string | number | null)[];
}

/** The SQL side of the loader: what Bevakning's reindex step needs (tests give it the harness's D1 bindings). */
export interface SqlStore {
  sql<Row = Record<string, unknown>>(statements: Statement[], db?: LoaderDatabase): Promise<Row[][]>;
  insertValues(sqlHead: string, columns: number, lines: string, db?: LoaderDatabase): Promise<{ rows: number }>;
}

/** The index bucket (R2): whole objects by key. */
export interface ObjectStore {
  getObject(key: string): Promise<ArrayBuffer | null>;
  putObject(key: string, parts: Uint8Array[], byteLength: number, onPart?: (part: number) => Promise<void>): Promise<void>;
}
