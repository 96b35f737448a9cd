/**
 * The change-set step of an embedded reindex (issue 16): stores the new version's document hashes beside it, reads the
 * live version's (or, for a version stored without hashes or with hashes of an earlier format, hashes its company and
 * worksite documents from D1 once) and diffs them.
 */
import { companyTable, worksiteTable } from "../embedded/d1-documents";
import { log } from "#shared/log";
import {
  decodeHashes,
  diffHashes,
  documentHash,
  encodeHashes,
  hashesKey,
  HashCollector,
  StaleHashesError,
  type ChangeSet,
  type DocumentHashes,
} from "./change-set";
import type { ObjectStore, SqlStore } from "./stores";

const PAGE = 10_000;

/** Pages of a version's document table in key order (`key` has a unique index): each row's key, company id and doc. */
async function pageDocuments(loader: SqlStore, table: string, key: string, each: (rows: { id: number; doc: string }[]) => void) {
  for (let after = -1; ;) {
    const sql = `SELECT ${key} AS k, org_seq_no AS id, doc FROM ${table} WHERE ${key} > ? ORDER BY ${key} LIMIT ${PAGE}`;
    const [rows = []] = await loader.sql<{ k: number; id: number; doc: string }>([{ sql, params: [after] }]);
    each(rows);
    if (rows.length < PAGE) break;
    after = rows[rows.length - 1]?.k ?? after;
  }
}

/** Hashes of a version's companies straight from D1: their documents and their worksites' (the text the reindex hashes). */
export async function hashesFromDocuments(loader: SqlStore, version: number): Promise<DocumentHashes> {
  const collector = new HashCollector();
  await pageDocuments(loader, companyTable(version), "org_seq_no", (rows) =>
    collector.add(Float64Array.from(rows.flatMap((r) => [r.id, documentHash(r.doc)]))),
  );
  await pageDocuments(loader, worksiteTable(version), "cfar_no", (rows) =>
    collector.addWorksites(Float64Array.from(rows.flatMap((r) => [r.id, documentHash(r.doc)]))),
  );
  return collector.finish();
}

/** The stored hashes of `version`, or null when it has none or they are of an earlier format (not comparable). */
async function storedHashes(loader: SqlStore & ObjectStore, version: number): Promise<DocumentHashes | null> {
  const stored = await loader.getObject(hashesKey(version));
  if (!stored) return null;
  try {
    return decodeHashes(stored);
  } catch (error) {
    if (error instanceof StaleHashesError) return null;
    throw error;
  }
}

export async function storeHashes(loader: SqlStore & ObjectStore, version: number, hashes: DocumentHashes): Promise<void> {
  const bytes = encodeHashes(hashes);
  await loader.putObject(hashesKey(version), [bytes], bytes.byteLength);
}

/** The change set from `previous` to the new version's hashes. */
export async function changesSince(loader: SqlStore & ObjectStore, previous: number, hashes: DocumentHashes): Promise<ChangeSet> {
  let before = await storedHashes(loader, previous);
  if (!before) {
    log("info", "reindex: the live version has no current document hashes; hashing its documents", { version: previous });
    before = await hashesFromDocuments(loader, previous);
  }
  return diffHashes(before, hashes);
}
