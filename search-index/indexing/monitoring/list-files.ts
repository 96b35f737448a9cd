/**
 * The list files of Bevakning's saved searches (docs/decisions/0024): a search naming list files (numSet.includeFile /
 * excludeFile) is evaluated with its owner's files, read from the app database (list_files, list_file_numbers: the
 * numbers as delta-varint chunks, read as hex through the SqlStore). As at serving time, a search naming a file that
 * is not its owner's (deleted, or another user's) is invalid: it gets no ListFileMap and is skipped.
 */
import type { ListFileMap } from "../../backend";
import { parseSavedSearch } from "../../search-model";
import { decodeChunk } from "#shared/list-files/number-codec";
import { formatOrgNo } from "#shared/list-files/org-number";
import type { Search } from "#shared/search/search-schema";
import type { SqlStore } from "../stores";

/** What the list-file helpers read of a search (a parsed Search or a ValidSearch). */
type NumSetOf = Pick<Search, "numSet">;

export const listFileIdsOf = (search: NumSetOf): number[] => [...(search.numSet.includeFile ?? []), ...(search.numSet.excludeFile ?? [])];

interface ListFileChunkRow {
  file_id: number;
  user_id: string;
  valid_count: number;
  keys_hex: string;
}

const hexBytes = (hex: string) => Uint8Array.from({ length: hex.length / 2 }, (_, i) => parseInt(hex.slice(2 * i, 2 * i + 2), 16));

/** fileId → its owner and numbers ("NNNNNN-NNNN", ascending), for the given files that still exist. */
export async function readListFiles(store: SqlStore, fileIds: readonly number[]) {
  const files = new Map<number, { userId: string; orgNos: string[] }>();
  if (fileIds.length === 0) return files;
  const sql = `SELECT f.id AS file_id, f.user_id, f.valid_count, hex(n.keys) AS keys_hex
               FROM list_files f JOIN list_file_numbers n ON n.file_id = f.id
               WHERE f.id IN (SELECT value FROM json_each(?)) ORDER BY f.id, n.chunk`;
  const [rows = []] = await store.sql<ListFileChunkRow>([{ sql, params: [JSON.stringify([...new Set(fileIds)])] }], "DB");
  const filling = new Map<number, { userId: string; keys: Float64Array; filled: number }>();
  for (const row of rows) {
    const entry = filling.get(row.file_id) ?? { userId: row.user_id, keys: new Float64Array(row.valid_count), filled: 0 };
    entry.filled = decodeChunk(hexBytes(row.keys_hex), entry.keys, entry.filled);
    filling.set(row.file_id, entry);
  }
  for (const [id, { userId, keys, filled }] of filling)
    files.set(id, { userId, orgNos: Array.from(keys.subarray(0, filled), formatOrgNo) });
  return files;
}

/** The ListFileMap of a search owned by `userId`, or null when one of its files is not the user's (any more). */
export function listFilesFor(
  files: Map<number, { userId: string; orgNos: string[] }>,
  userId: string,
  search: NumSetOf,
): ListFileMap | null {
  const map = new Map<number, readonly string[]>();
  for (const id of listFileIdsOf(search)) {
    const file = files.get(id);
    if (!file || file.userId !== userId) return null;
    map.set(id, file.orgNos);
  }
  return map;
}

/**
 * Whether a company's organisation number passes the search's list-file constraints, exactly as the backends apply
 * them: in the union of the include files' numbers (when the search names any), and in none of the exclude files'.
 */
export function listFilePredicate(search: NumSetOf, listFiles: ListFileMap): (orgNo: string) => boolean {
  const numbers = (ids: readonly number[] | undefined) => new Set((ids ?? []).flatMap((id) => listFiles.get(id) ?? []));
  const include = (search.numSet.includeFile?.length ?? 0) > 0 ? numbers(search.numSet.includeFile) : null;
  const exclude = numbers(search.numSet.excludeFile);
  return (orgNo) => (include === null || include.has(orgNo)) && !exclude.has(orgNo);
}

export type ListFiles = Awaited<ReturnType<typeof readListFiles>>;

/** The list files every given saved search names (one read for all). */
export async function readSearchListFiles(store: SqlStore, rows: readonly { serialized_search: string }[]): Promise<ListFiles> {
  const ids = rows.flatMap((row) => {
    const search = parseSavedSearch(row.serialized_search);
    return search ? listFileIdsOf(search) : [];
  });
  return readListFiles(store, ids);
}
