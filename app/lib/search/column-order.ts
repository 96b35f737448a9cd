/** The column chooser's list operations (issue 17): pure, so reordering by buttons, keys and drag share them. */
import type { ColumnSpec } from "#shared/api-contracts/export-columns";

/** The list with the item at `from` moved to `to` (both clamped into the list). */
export function moveColumn(columns: readonly ColumnSpec[], from: number, to: number): ColumnSpec[] {
  const next = [...columns];
  if (from < 0 || from >= next.length) return next;
  const [item] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(next.length, to)), 0, item!);
  return next;
}

/** Adds the column at the end, or removes it if it is chosen. */
export function toggleColumn(columns: readonly ColumnSpec[], id: string): ColumnSpec[] {
  return columns.some((c) => c.id === id) ? columns.filter((c) => c.id !== id) : [...columns, { id }];
}

/** Catalogue entries whose header or group contains the text (case-insensitive, Swedish collation). */
export function matchesColumn(text: string, header: string, group: string): boolean {
  const needle = text.trim().toLocaleLowerCase("sv-SE");
  return needle === "" || header.toLocaleLowerCase("sv-SE").includes(needle) || group.toLocaleLowerCase("sv-SE").includes(needle);
}
