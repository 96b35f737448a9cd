/**
 * The change-set step of an embedded reindex (issue 16): stores the new version's document hashes beside it, reads the
 * live version's (or, for a version indexed before hashes existed, hashes its documents from D1 once) and diffs them.
 */
import { companyTable } from "../../search-index/embedded/d1-documents";
import { log } from "../../workers/shared/log";
import {
  decodeHashes,
  diffHashes,
  documentHash,
  encodeHashes,
  hashesKey,
  HashCollector,
  type ChangeSet,
  type DocumentHashes,
} from "./change-set";
import type { LocalLoader, SqlStore } from "./local-loader";

const PAGE = 10_000;

/** Hashes of a version's company documents straight from D1 (the same text the reindex hashes). */
export async function hashesFromDocuments(loader: SqlStore, version: number): Promise<DocumentHashes> {
  const collector = new HashCollector();
  for (let after = -1; ;) {
    const sql = `SELECT org_seq_no AS id, doc FROM ${companyTable(version)} WHERE org_seq_no > ? ORDER BY org_seq_no LIMIT ${PAGE}`;
    const [rows = []] = await loader.sql<{ id: number; doc: string }>([{ sql, params: [after] }]);
    collector.add(Float64Array.from(rows.flatMap((r) => [r.id, documentHash(r.doc)])));
    if (rows.length < PAGE) break;
    after = rows[rows.length - 1]?.id ?? after;
  }
  return collector.finish();
}

export async function storeHashes(loader: LocalLoader, version: number, hashes: DocumentHashes): Promise<void> {
  const bytes = encodeHashes(hashes);
  await loader.putObject(hashesKey(version), [bytes], bytes.byteLength);
}

/** The change set from `previous` to the new version's hashes. */
export async function changesSince(loader: LocalLoader, previous: number, hashes: DocumentHashes): Promise<ChangeSet> {
  const stored = await loader.getObject(hashesKey(previous));
  let before: DocumentHashes;
  if (stored) before = decodeHashes(stored);
  else {
    log("info", "reindex: the live version has no document hashes; hashing its documents", { version: previous });
    before = await hashesFromDocuments(loader, previous);
  }
  return diffHashes(before, hashes);
}
