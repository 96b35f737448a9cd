/**
 * The `vad` encoding of a search (search-serialize.ts) without its validation, so the browser's first load can write
 * addresses without zod (decision 0063): the search minus its defaults as JSON with one-letter keys, then either
 * plain ("j") or raw-deflated ("z") base64url, whichever is shorter.
 */
import { deflateSync, inflateSync } from "fflate";
import type { Search } from "./search-schema";
import { DEFAULT_SORT } from "./search-values";

/** Longest accepted `vad`, and the most bytes it may inflate to (no decompression bombs). */
export const MAX_SERIALIZED_LENGTH = 16_000;
const MAX_INFLATED_BYTES = 256_000;

type Compact = Record<string, unknown>;

const isEmpty = (value: object) => Object.keys(value).length === 0;
const sameSort = (sort: Search["sort"]) =>
  sort.length === DEFAULT_SORT.length &&
  sort.every((entry, i) => entry.field === DEFAULT_SORT[i]?.field && entry.ascending === DEFAULT_SORT[i]?.ascending);

function toCompact(search: Search): Compact {
  const compact: Compact = {};
  if (search.resultType !== "COMPANY") compact.t = search.resultType;
  if (search.text !== null) compact.q = search.text;
  if (!isEmpty(search.numeric)) compact.n = search.numeric;
  if (!isEmpty(search.range)) compact.r = search.range;
  const { useMainSni, useLocation, ...filters } = search.bool;
  const bool: Compact = { ...filters };
  if (!useMainSni) bool.useMainSni = false;
  if (!useLocation) bool.useLocation = false;
  if (!isEmpty(bool)) compact.b = bool;
  if (!isEmpty(search.codeSet)) compact.c = search.codeSet;
  if (!isEmpty(search.numSet)) compact.s = search.numSet;
  if (!sameSort(search.sort)) compact.o = search.sort.map((entry) => [entry.field, entry.ascending ? 1 : 0]);
  return compact;
}

const KEYS: Record<string, string> = { t: "resultType", q: "text", n: "numeric", r: "range", b: "bool", c: "codeSet", s: "numSet" };

/** A decoded `vad`'s one-letter keys → the search's input, unchecked. */
export function fromCompact(compact: unknown): unknown {
  if (typeof compact !== "object" || compact === null || Array.isArray(compact)) return compact;
  const input: Compact = {};
  for (const [key, value] of Object.entries(compact)) {
    if (key === "o" && Array.isArray(value))
      input.sort = value.map((entry: unknown) => (Array.isArray(entry) ? { field: entry[0], ascending: entry[1] === 1 } : entry));
    else input[KEYS[key] ?? key] = value;
  }
  return input;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** A parsed search → its `vad` string. */
export function serializeSearch(search: Search): string {
  const json = new TextEncoder().encode(JSON.stringify(toCompact(search)));
  const plain = `j${toBase64Url(json)}`;
  const deflated = `z${toBase64Url(deflateSync(json, { level: 9 }))}`;
  return deflated.length < plain.length ? deflated : plain;
}

/** A `vad` string → its JSON, unchecked; throws when it cannot be decoded. */
export function decodeJson(serialized: string): unknown {
  if (serialized.length > MAX_SERIALIZED_LENGTH || !/^[jz][A-Za-z0-9_-]*$/.test(serialized)) throw new Error("format");
  let bytes = fromBase64Url(serialized.slice(1));
  if (serialized.startsWith("z")) {
    bytes = inflateSync(bytes, { out: new Uint8Array(MAX_INFLATED_BYTES + 1) });
    if (bytes.length > MAX_INFLATED_BYTES) throw new Error("too large");
  }
  return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
}
