/**
 * The organisation numbers of a user's list files, for the search backends (numSet.includeFile / excludeFile) and
 * anyone else who needs them. Unknown ids and other users' ids are the same VALIDATION error, naming the field.
 */
import type { ListFileMap } from "#search-index";
import { validationError, type FieldIssue } from "#shared/errors";
import { selectOwnedKeys } from "./list-file-store";
import { formatOrgNo } from "#shared/list-files/org-number";

const UNKNOWN_FILE = "Okänd listfil";

const toOrgNos = (keys: Map<number, Float64Array>) => new Map([...keys].map(([id, k]) => [id, Array.from(k, formatOrgNo)]));

/**
 * fileId → its numbers ("NNNNNN-NNNN", ascending) for the user's files. Throws VALIDATION with `${field}.${index}`
 * "Okänd listfil" for every id that is not one of the user's files.
 */
export async function loadListFileNumbers(
  db: D1Database,
  userId: string,
  fileIds: readonly number[],
  field = "fileIds",
): Promise<Map<number, string[]>> {
  const keys = await selectOwnedKeys(db, userId, fileIds);
  const issues: FieldIssue[] = [];
  fileIds.forEach((id, index) => {
    if (!keys.has(id)) issues.push({ path: `${field}.${index}`, message: UNKNOWN_FILE });
  });
  if (issues.length > 0) throw validationError(issues);
  return toOrgNos(keys);
}

export interface ListFileNumSet {
  includeFile?: readonly number[];
  excludeFile?: readonly number[];
}

/**
 * The ListFileMap a search needs: undefined when it names no list file; VALIDATION naming numSet.includeFile.N or
 * numSet.excludeFile.N for a file that is not the user's (the same path and message the backends use).
 */
export async function listFilesForSearch(db: D1Database, userId: string, numSet: ListFileNumSet): Promise<ListFileMap | undefined> {
  const include = numSet.includeFile ?? [];
  const exclude = numSet.excludeFile ?? [];
  if (include.length + exclude.length === 0) return undefined;
  const keys = await selectOwnedKeys(db, userId, [...include, ...exclude]);
  const issues: FieldIssue[] = [];
  for (const [name, ids] of [
    ["includeFile", include],
    ["excludeFile", exclude],
  ] as const) {
    ids.forEach((id, index) => {
      if (!keys.has(id)) issues.push({ path: `numSet.${name}.${index}`, message: UNKNOWN_FILE });
    });
  }
  if (issues.length > 0) throw validationError(issues, "Sökningen är ogiltig.");
  return toOrgNos(keys);
}
