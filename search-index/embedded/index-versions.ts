/**
 * Where an embedded index version lives and how the live one is switched: the snapshot in R2 SEARCH_INDEX under
 * search-index/v<N>/, the documents in D1 tables suffixed _v<N>, and the pointer index_versions.is_current.
 */
import { dropDocumentTablesDdl } from "./d1-documents";

/**
 * Layout of a built version (snapshot columns and document rows). Bump it with every change to either, so that local
 * states indexed by an older build are reindexed (npm start compares it with the state's demo-index marker).
 */
export const INDEX_LAYOUT = 6;

export const snapshotKey = (version: number) => `search-index/v${version}/index.bin`;

export const CURRENT_VERSION_SQL =
  "SELECT version, snapshot_key AS snapshotKey FROM index_versions WHERE is_current = 1 AND backend = 'embedded' LIMIT 1";

export const NEXT_VERSION_SQL = "SELECT COALESCE(MAX(version), 0) + 1 AS version FROM index_versions";

export const REGISTER_VERSION_SQL = "INSERT INTO index_versions (version, backend, is_current) VALUES (?, 'embedded', 0)";

export interface VersionCounts {
  companies: number;
  worksites: number;
}

/** Statements of one D1 batch (a transaction): the new version becomes the only current one. */
export function flipStatements(version: number, counts: VersionCounts): { sql: string; params: (string | number)[] }[] {
  return [
    { sql: "UPDATE index_versions SET is_current = 0 WHERE is_current = 1", params: [] },
    {
      sql: "UPDATE index_versions SET is_current = 1, document_count = ?, company_count = ?, worksite_count = ?, snapshot_key = ? WHERE version = ?",
      params: [counts.companies + counts.worksites, counts.companies, counts.worksites, snapshotKey(version), version],
    },
  ];
}

/** Everything that belongs to a version: its D1 tables, R2 snapshot and pointer row. */
export function removeVersionStatements(version: number): { sql: string; params: (string | number)[] }[] {
  return [
    ...dropDocumentTablesDdl(version).map((sql) => ({ sql, params: [] })),
    { sql: "DELETE FROM index_versions WHERE version = ? AND is_current = 0", params: [version] },
  ];
}

/** Versions with tables or pointer rows, other than those to keep. */
export const LIST_VERSIONS_SQL =
  "SELECT version FROM index_versions UNION SELECT CAST(substr(name, 12) AS INTEGER) FROM sqlite_master WHERE type = 'table' AND (name GLOB 'companies_v[0-9]*' OR name GLOB 'worksites_v[0-9]*')";
