/**
 * The plain values of the search object (search-schema.ts): range strings, the default sort, the longest text. Without
 * zod, so the browser's first load can use them (decision 0063).
 */
import type { SortField } from "./search-fields";

const NUMBER = String.raw`-?\d{1,15}(?:\.\d{1,6})?`;
const RANGE_PATTERN = new RegExp(`^(${NUMBER})?_(${NUMBER})?$`);

export interface RangeBounds {
  from: number | null;
  to: number | null;
}

/** "from_to" → bounds; either side may be empty (open). Returns null for a malformed value. */
export function parseRange(value: string): RangeBounds | null {
  const match = RANGE_PATTERN.exec(value);
  if (!match) return null;
  return { from: match[1] === undefined ? null : Number(match[1]), to: match[2] === undefined ? null : Number(match[2]) };
}

export function formatRange(bounds: RangeBounds): string {
  return `${bounds.from ?? ""}_${bounds.to ?? ""}`;
}

/** The sort of a search that names none (SortEntry in search-schema.ts). */
export const DEFAULT_SORT: { field: SortField; ascending: boolean }[] = [{ field: "turnover", ascending: false }];
/** The free-text search's longest text. */
export const MAX_TEXT_LENGTH = 200;
