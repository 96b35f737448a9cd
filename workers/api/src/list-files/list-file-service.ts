/**
 * Adding, listing and deleting a user's list files (issue 10). Adding parses every file first (any refusal stores
 * nothing), matches the numbers against the register through the search backend, then stores all files in one batch.
 */
import type { OrgNumberResolution } from "#search-index";
import { notFound, userMessage } from "#shared/errors";
import type { ListFile } from "#shared/api-contracts/list-files";
import { countListFiles, deleteListFile, insertListFiles, selectListFiles, selectListFilesById, type NewListFile } from "./list-file-store";
import type { UploadedFile } from "./list-file-upload";
import { formatOrgNo } from "#shared/list-files/org-number";
import { parseListFile } from "./parse-list-file";
import { displayName } from "./refusals";

/** Files per user and search context (a search names at most 100 in numSet.includeFile/excludeFile). */
export const MAX_FILES_PER_CONTEXT = 100;

export interface RegisterLookup {
  resolveOrgNumbers(orgNos: readonly string[]): Promise<OrgNumberResolution>;
}

export interface AddListFilesInput {
  userId: string;
  seqNo: number;
  uploads: UploadedFile[];
  now?: number;
}

async function prepare(upload: UploadedFile, register: RegisterLookup): Promise<NewListFile> {
  const parsed = await parseListFile(upload.name, upload.bytes);
  const resolution = await register.resolveOrgNumbers(Array.from(parsed.keys, formatOrgNo));
  return {
    name: displayName(upload.name),
    sizeBytes: upload.bytes.length,
    parsed,
    foundCount: resolution.found.length,
    worksiteCount: resolution.worksiteCount,
  };
}

/** Parses, matches and stores the uploaded files; returns them with their reports. */
export async function addListFiles(db: D1Database, register: RegisterLookup, input: AddListFilesInput): Promise<ListFile[]> {
  const existing = await countListFiles(db, input.userId, input.seqNo);
  if (existing + input.uploads.length > MAX_FILES_PER_CONTEXT) {
    throw userMessage("LIST_FILE_LIMIT", `Du kan ha högst ${MAX_FILES_PER_CONTEXT} listfiler i en sökning. Ta bort några och försök igen.`);
  }
  const prepared: NewListFile[] = [];
  for (const upload of input.uploads) prepared.push(await prepare(upload, register));
  const ids = await insertListFiles(db, input.userId, input.seqNo, prepared, input.now);
  return selectListFilesById(db, input.userId, ids);
}

export const listListFiles = (db: D1Database, userId: string, seqNo: number) => selectListFiles(db, userId, seqNo);

/** Deletes the user's file; another user's file or a missing one is the same 404. */
export async function removeListFile(db: D1Database, userId: string, fileId: number): Promise<void> {
  if (!(await deleteListFile(db, userId, fileId))) throw notFound("LIST_FILE_NOT_FOUND", "Listfilen finns inte.");
}
