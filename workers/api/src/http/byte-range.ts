/**
 * Single byte ranges of a file answer (RFC 9110 §14): a download that was cut off continues where it stopped (a
 * browser's resume, `curl -C -`). Pure: the header values and the file's size and ETag in, the decision out.
 *
 * - One `bytes=a-b`, `bytes=a-` or `bytes=-n` → partial (a 206), clamped to the file.
 * - A well-formed single range that starts at or past the end (or `bytes=-0`) → unsatisfiable (a 416).
 * - Anything else (absent, malformed, another unit, several ranges, last < first) → the whole file (a 200): RFC 9110
 *   lets a server ignore Range, and a multipart/byteranges answer is of no use to a download.
 * - If-Range that does not strongly match the current ETag (another file, a weak tag, a date) → the whole file.
 */

/** What a Range header asks for, before the file's size is known. */
export type RangeSpec = { kind: "from"; first: bigint; last: bigint | null } | { kind: "suffix"; length: bigint };

export type RangeDecision = { kind: "whole" } | { kind: "partial"; start: number; end: number } | { kind: "unsatisfiable" };

const UNIT = /^bytes=/i;
const FROM = /^(\d+)-(\d*)$/;
const SUFFIX = /^-(\d+)$/;
/** Optional whitespace (RFC 9110 §5.6.3) is spaces and tabs only, not everything String.trim removes. */
const trimOws = (text: string) => text.replace(/^[ \t]+|[ \t]+$/g, "");

/** The one range a Range header names, or null when the header is to be ignored (the whole file). */
export function parseRangeHeader(value: string | null | undefined): RangeSpec | null {
  if (value === null || value === undefined) return null;
  const trimmed = trimOws(value);
  if (!UNIT.test(trimmed)) return null;
  // A list (RFC 9110 §5.6.1): optional whitespace around the commas, empty elements ignored.
  const specs = trimmed
    .slice("bytes=".length)
    .split(",")
    .map(trimOws)
    .filter((spec) => spec !== "");
  if (specs.length !== 1) return null;
  const spec = specs[0]!;
  const from = FROM.exec(spec);
  if (from) {
    const first = BigInt(from[1]!);
    const last = from[2] === "" ? null : BigInt(from[2]!);
    return last !== null && last < first ? null : { kind: "from", first, last };
  }
  const suffix = SUFFIX.exec(spec);
  return suffix ? { kind: "suffix", length: BigInt(suffix[1]!) } : null;
}

/** The bytes a range selects from a file of `size` bytes. */
export function resolveRange(spec: RangeSpec | null, size: number): RangeDecision {
  if (spec === null || size === 0) return { kind: "whole" };
  const total = BigInt(size);
  if (spec.kind === "suffix") {
    if (spec.length === 0n) return { kind: "unsatisfiable" };
    const length = spec.length < total ? spec.length : total;
    return { kind: "partial", start: Number(total - length), end: size - 1 };
  }
  if (spec.first >= total) return { kind: "unsatisfiable" };
  const end = spec.last === null || spec.last >= total ? total - 1n : spec.last;
  return { kind: "partial", start: Number(spec.first), end: Number(end) };
}

/**
 * Whether If-Range lets the Range apply: absent, or the same strong entity tag as the file's (RFC 9110 §13.1.5: a
 * strong comparison; a weak tag or an HTTP-date never matches here, as the answer carries no Last-Modified).
 */
export function ifRangeMatches(ifRange: string | null | undefined, etag: string): boolean {
  if (ifRange === null || ifRange === undefined) return true;
  const tag = trimOws(ifRange);
  return tag.startsWith('"') && !etag.startsWith("W/") && tag === etag;
}

export interface RangeRequest {
  range: string | null | undefined;
  ifRange: string | null | undefined;
}

/** The answer for a GET with these headers of a file of `size` bytes whose strong ETag is `etag`. */
export function decideRange(request: RangeRequest, size: number, etag: string): RangeDecision {
  if (request.range === null || request.range === undefined) return { kind: "whole" };
  if (!ifRangeMatches(request.ifRange, etag)) return { kind: "whole" };
  return resolveRange(parseRangeHeader(request.range), size);
}

/** Content-Range of a 206. */
export const contentRange = (start: number, end: number, size: number) => `bytes ${start}-${end}/${size}`;

/** Content-Range of a 416. */
export const unsatisfiedRange = (size: number) => `bytes */${size}`;
