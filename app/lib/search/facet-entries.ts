/**
 * A sidebar filter group's rows (spec §2): every code with its count in the selection and in all of Sweden (the
 * `_all` aggregation), the selected codes first in the order they were chosen, then the rest by count. Codes that no
 * record in Sweden has are left out unless selected. Long groups are searchable by title or code.
 */
export interface FacetEntry {
  code: string;
  text: string;
  /** Hits with this code when the group's own constraint is left out (disjunctive count). */
  count: number;
  /** Records with this code in all of Sweden. */
  allCount: number;
  selected: boolean;
  /** Left out of the search ("Uteslut", docs/decisions/0064). */
  excluded?: boolean;
  /** Not chosen itself, but codes below it are (industry and place groups): a mixed checkbox. */
  partly?: boolean;
}

export type Counts = Record<string, number> | undefined;

/** Groups with more rows than this get a search box and show this many rows until searched. */
export const LONG_GROUP = 8;

/** The excluded codes follow the selected ones at the top, in the order they were excluded. */
export function facetEntries(
  entries: readonly { code: string; text: string }[],
  selected: readonly string[],
  counts: Counts,
  allCounts: Counts,
  excluded: readonly string[] = [],
): FacetEntry[] {
  const rows = entries.map((entry) => ({
    code: entry.code,
    text: entry.text,
    count: counts?.[entry.code] ?? 0,
    allCount: allCounts?.[entry.code] ?? 0,
    selected: selected.includes(entry.code),
    ...(excluded.includes(entry.code) ? { excluded: true } : {}),
  }));
  const chosen = selected.flatMap((code) => rows.filter((row) => row.code === code));
  const left = excluded.flatMap((code) => rows.filter((row) => row.code === code && !row.selected));
  const rest = rows.filter((row) => !row.selected && !row.excluded && (allCounts === undefined || row.allCount > 0));
  rest.sort((a, b) => b.count - a.count || b.allCount - a.allCount);
  return [...chosen, ...left, ...rest];
}

/** Lower-cased for matching; å, ä and ö stay letters of their own. */
export function normalizeQuery(text: string): string {
  // Without the soft hyphens of a label copied from the screen (app/lib/hyphenate-sv.ts).
  return text.replaceAll("\u00ad", "").trim().toLocaleLowerCase("sv");
}

/** Rows whose title contains the query or whose code starts with it (dots ignored: "01.1" finds "011"). */
export function filterEntries(rows: readonly FacetEntry[], query: string): FacetEntry[] {
  const q = normalizeQuery(query);
  if (!q) return [...rows];
  const code = q.replace(/\./g, "");
  return rows.filter((row) => row.text.toLocaleLowerCase("sv").includes(q) || (code !== "" && row.code.toLowerCase().startsWith(code)));
}
