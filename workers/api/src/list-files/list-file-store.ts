/**
 * D1 access for list files (migration 0030): one row per file with its report, the numbers in delta-varint chunks.
 * Every query is scoped to the owning user; another user's file is indistinguishable from a missing one.
 */
import type { ListFile } from "#shared/api-contracts/list-files";
import { decodeChunk, encodeKeys } from "#shared/list-files/number-codec";
import type { ParsedListFile } from "./parse-list-file";

export interface NewListFile {
  name: string;
  sizeBytes: number;
  parsed: ParsedListFile;
  foundCount: number;
  worksiteCount: number;
}

interface ListFileRow {
  id: number;
  seq_no: number;
  name: string;
  format: ListFile["report"]["format"];
  encoding: string | null;
  rows_read: number;
  valid_count: number;
  invalid_count: number;
  invalid_examples: string;
  duplicate_count: number;
  found_count: number;
  worksite_count: number;
  created_at: number;
}

const SELECT_FILES = `SELECT id, seq_no, name, format, encoding, rows_read, valid_count, invalid_count, invalid_examples,
  duplicate_count, found_count, worksite_count, created_at FROM list_files`;

function toListFile(row: ListFileRow): ListFile {
  return {
    id: row.id,
    name: row.name,
    size: row.found_count,
    seqNo: row.seq_no,
    createdAt: new Date(row.created_at).toISOString(),
    report: {
      format: row.format,
      encoding: row.encoding,
      rowsRead: row.rows_read,
      valid: row.valid_count,
      invalid: row.invalid_count,
      invalidExamples: JSON.parse(row.invalid_examples) as string[],
      duplicates: row.duplicate_count,
      foundInRegister: row.found_count,
      worksitesCovered: row.worksite_count,
    },
  };
}

function insertStatements(db: D1Database, userId: string, seqNo: number, file: NewListFile, now: number): D1PreparedStatement[] {
  const { parsed } = file;
  const row = db
    .prepare(
      `INSERT INTO list_files (user_id, seq_no, name, size_bytes, format, encoding, rows_read, valid_count, invalid_count,
         invalid_examples, duplicate_count, found_count, worksite_count, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    )
    .bind(
      userId,
      seqNo,
      file.name,
      file.sizeBytes,
      parsed.format,
      parsed.encoding ?? null,
      parsed.rowsRead,
      parsed.valid,
      parsed.invalid,
      JSON.stringify(parsed.invalidExamples),
      parsed.duplicates,
      file.foundCount,
      file.worksiteCount,
      now,
    );
  // list_file_numbers is WITHOUT ROWID, so last_insert_rowid() stays the file's id for all of its chunks.
  const chunks = encodeKeys(parsed.keys).map((chunk, i) =>
    db
      .prepare("INSERT INTO list_file_numbers (file_id, chunk, key_count, keys) VALUES (last_insert_rowid(), ?, ?, ?)")
      .bind(i, chunk.keyCount, chunk.bytes),
  );
  return [row, ...chunks];
}

/** Stores the files and their numbers in one batch (all or nothing); returns the new ids in order. */
export async function insertListFiles(
  db: D1Database,
  userId: string,
  seqNo: number,
  files: NewListFile[],
  now = Date.now(),
): Promise<number[]> {
  const groups = files.map((file) => insertStatements(db, userId, seqNo, file, now));
  const results = await db.batch<{ id: number }>(groups.flat());
  const ids: number[] = [];
  let at = 0;
  for (const group of groups) {
    const id = results[at]?.results[0]?.id;
    if (typeof id !== "number") throw new Error("list file insert returned no id");
    ids.push(id);
    at += group.length;
  }
  return ids;
}

export async function countListFiles(db: D1Database, userId: string, seqNo: number): Promise<number> {
  const row = await db
    .prepare("SELECT COUNT(*) AS n FROM list_files WHERE user_id = ? AND seq_no = ?")
    .bind(userId, seqNo)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** The user's files in one search context, oldest first. */
export async function selectListFiles(db: D1Database, userId: string, seqNo: number): Promise<ListFile[]> {
  const { results } = await db
    .prepare(`${SELECT_FILES} WHERE user_id = ? AND seq_no = ? ORDER BY id`)
    .bind(userId, seqNo)
    .all<ListFileRow>();
  return results.map(toListFile);
}

export async function selectListFilesById(db: D1Database, userId: string, ids: readonly number[]): Promise<ListFile[]> {
  const { results } = await db
    .prepare(`${SELECT_FILES} WHERE user_id = ? AND id IN (SELECT value FROM json_each(?)) ORDER BY id`)
    .bind(userId, JSON.stringify(ids))
    .all<ListFileRow>();
  return results.map(toListFile);
}

/** Deletes the user's file and its numbers; false when there is no such file of this user. */
export async function deleteListFile(db: D1Database, userId: string, fileId: number): Promise<boolean> {
  const results = await db.batch([
    db
      .prepare("DELETE FROM list_file_numbers WHERE file_id = (SELECT id FROM list_files WHERE id = ? AND user_id = ?)")
      .bind(fileId, userId),
    db.prepare("DELETE FROM list_files WHERE id = ? AND user_id = ?").bind(fileId, userId),
  ]);
  return (results[1]?.meta.changes ?? 0) > 0;
}

interface NumberChunkRow {
  file_id: number;
  valid_count: number;
  keys: ArrayBuffer | number[];
}

/** The numbers of those of `fileIds` that are the user's, as ascending keys; other ids are simply absent. */
export async function selectOwnedKeys(db: D1Database, userId: string, fileIds: readonly number[]): Promise<Map<number, Float64Array>> {
  const { results } = await db
    .prepare(
      `SELECT f.id AS file_id, f.valid_count, n.keys FROM list_files f JOIN list_file_numbers n ON n.file_id = f.id
       WHERE f.user_id = ? AND f.id IN (SELECT value FROM json_each(?)) ORDER BY f.id, n.chunk`,
    )
    .bind(userId, JSON.stringify([...new Set(fileIds)]))
    .all<NumberChunkRow>();
  const filling = new Map<number, { keys: Float64Array; filled: number }>();
  for (const row of results) {
    const entry = filling.get(row.file_id) ?? { keys: new Float64Array(row.valid_count), filled: 0 };
    entry.filled = decodeChunk(new Uint8Array(row.keys), entry.keys, entry.filled);
    filling.set(row.file_id, entry);
  }
  return new Map([...filling].map(([id, { keys, filled }]) => [id, keys.subarray(0, filled)]));
}
