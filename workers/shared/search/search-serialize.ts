/**
 * The compact, URL-safe serialisation of a search (the `vad` query parameter): the search minus its defaults as JSON
 * with one-letter keys, then either plain ("j") or raw-deflated ("z") base64url, whichever is shorter.
 * deserializeSearch(serializeSearch(s)) deep-equals s for every parsed search s.
 */
import { inflateSync } from "fflate";
import { validationError, type FieldIssue } from "../errors";
import { MAX_SERIALIZED_LENGTH } from "./search-codec";
import { safeParseSearch, type Search } from "./search-schema";

export { MAX_SERIALIZED_LENGTH, serializeSearch } from "./search-codec";

/** The most bytes a `vad` may inflate to (no decompression bombs). */
const MAX_INFLATED_BYTES = 256_000;

const KEYS: Record<string, string> = {
  t: "resultType",
  q: "text",
  n: "numeric",
  r: "range",
  b: "bool",
  c: "codeSet",
  x: "excludeCodeSet",
  s: "numSet",
};

/** A decoded `vad`'s one-letter keys → the search's input, unchecked. */
function fromCompact(compact: unknown): unknown {
  if (typeof compact !== "object" || compact === null || Array.isArray(compact)) return compact;
  const input: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(compact)) {
    if (key === "o" && Array.isArray(value))
      input.sort = value.map((entry: unknown) => (Array.isArray(entry) ? { field: entry[0], ascending: entry[1] === 1 } : entry));
    else input[KEYS[key] ?? key] = value;
  }
  return input;
}

function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** A `vad` string → its JSON, unchecked; throws when it cannot be decoded. */
function decodeJson(serialized: string): unknown {
  if (serialized.length > MAX_SERIALIZED_LENGTH || !/^[jz][A-Za-z0-9_-]*$/.test(serialized)) throw new Error("format");
  let bytes = fromBase64Url(serialized.slice(1));
  if (serialized.startsWith("z")) {
    bytes = inflateSync(bytes, { out: new Uint8Array(MAX_INFLATED_BYTES + 1) });
    if (bytes.length > MAX_INFLATED_BYTES) throw new Error("too large");
  }
  return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
}

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
