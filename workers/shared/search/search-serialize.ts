/**
 * The compact, URL-safe serialisation of a search (the `vad` query parameter): the search minus its defaults as JSON
 * with one-letter keys, then either plain ("j") or raw-deflated ("z") base64url, whichever is shorter.
 * deserializeSearch(serializeSearch(s)) deep-equals s for every parsed search s.
 */
import { validationError, type FieldIssue } from "../errors";
import { decodeJson, fromCompact } from "./search-codec";
import { safeParseSearch, type Search } from "./search-schema";

export { MAX_SERIALIZED_LENGTH, serializeSearch } from "./search-codec";

export type DeserializeResult = { success: true; data: Search } | { success: false; issues: FieldIssue[] };

/** `vad` → search, or field-level issues (paths prefixed by `prefix`, "vad" for a string that cannot be decoded). */
export function deserializeSearch(serialized: string, prefix = "vad"): DeserializeResult {
  let compact: unknown;
  try {
    compact = decodeJson(serialized);
  } catch {
    return { success: false, issues: [{ path: prefix, message: "Sökningen i länken kan inte läsas" }] };
  }
  const result = safeParseSearch(fromCompact(compact));
  if (result.success) return result;
  return { success: false, issues: result.issues.map((issue) => ({ ...issue, path: issue.path ? `${prefix}.${issue.path}` : prefix })) };
}

/** `vad` → search, or a VALIDATION AppError naming the fields. */
export function deserializeSearchOrThrow(serialized: string, prefix = "vad"): Search {
  const result = deserializeSearch(serialized, prefix);
  if (!result.success) throw validationError(result.issues, "Sökningen är ogiltig.");
  return result.data;
}
