/**
 * Writing the `vad` of a search (search-serialize.ts reads and checks it), apart so the browser's first load can write
 * addresses without zod or fflate's inflate (decision 0063): the search minus its defaults as JSON with one-letter
 * keys, then either plain ("j") or raw-deflated ("z") base64url, whichever is shorter.
 */
import { deflateSync } from "fflate";
import type { Search } from "./search-schema";
import { DEFAULT_SORT } from "./search-values";

/** Longest accepted `vad`. */
export const MAX_SERIALIZED_LENGTH = 16_000;

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
  if (!isEmpty(search.excludeCodeSet)) compact.x = search.excludeCodeSet;
  if (!isEmpty(search.numSet)) compact.s = search.numSet;
  if (!sameSort(search.sort)) compact.o = search.sort.map((entry) => [entry.field, entry.ascending ? 1 : 0]);
  return compact;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/**
 * The last searches written, by their compact JSON: a page writes the same links on every render (the start page's 42
 * county links and 21 industry cards), and a deflate at level 9 costs about a millisecond on a phone's CPU each.
 */
const written = new Map<string, string>();
const WRITTEN_KEPT = 256;

/** A parsed search → its `vad` string. */
export function serializeSearch(search: Search): string {
  const text = JSON.stringify(toCompact(search));
  const known = written.get(text);
  if (known !== undefined) return known;
  const json = new TextEncoder().encode(text);
  const plain = `j${toBase64Url(json)}`;
  const deflated = `z${toBase64Url(deflateSync(json, { level: 9 }))}`;
  const serialized = deflated.length < plain.length ? deflated : plain;
  // Oldest first out: a Map iterates in insertion order.
  if (written.size >= WRITTEN_KEPT) written.delete(written.keys().next().value as string);
  written.set(text, serialized);
  return serialized;
}
