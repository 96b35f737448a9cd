/**
 * The export popup's limits (spec §5 "Export count input"): the most records that may be exported, and the count
 * input clamped between 1 and that maximum.
 *   no selection mode, or 'Exportera alla'   → min(hit count, records left)
 *   marked rows included                     → min(marked, records left)
 *   marked rows excluded                     → min(hits − marked, records left)
 */
export type ExportScope = "all" | "marked" | "unmarked";

export interface ExportLimitInput {
  scope: ExportScope;
  hitCount: number;
  markedCount: number;
  recordsLeft: number;
}

export function exportMax({ scope, hitCount, markedCount, recordsLeft }: ExportLimitInput): number {
  const available = scope === "all" ? hitCount : scope === "marked" ? markedCount : hitCount - markedCount;
  return Math.max(0, Math.min(available, recordsLeft));
}

/** The count input on change: whole, between 1 and the maximum (1 when the text is not a number). */
export function clampExportCount(value: number, max: number): number {
  if (!Number.isFinite(value)) return Math.min(1, max);
  return Math.max(Math.min(1, max), Math.min(max, Math.round(value)));
}

/** Digits grouped by thousands as the field shows them ("9 686", with a space or a no-break space), or plain digits. */
const COUNT_TEXT = /^(?:\d+|\d{1,3}(?:[ \u00a0\u202f]\d{3})+)$/;

/**
 * The count field's text as a number (issue 38): plain decimal digits, or digits grouped by thousands as the field
 * shows them; null for anything else ("1e3", "0x10", "1.0", "+5", "", "12,5").
 */
export function parseExportCount(text: string): number | null {
  const trimmed = text.trim();
  if (!COUNT_TEXT.test(trimmed)) return null;
  const value = Number(trimmed.replace(/[ \u00a0\u202f]/g, ""));
  return Number.isSafeInteger(value) ? value : null;
}

/** Spec §5: the download button shows only with a maximum above 0 and a serialised search in the route. */
export function canDownload(max: number, serializedSearch: string | null): boolean {
  return max > 0 && !!serializedSearch;
}

/** Issue 38: an export larger than this many records is confirmed first, whatever is left. */
export const LARGE_EXPORT_RECORDS = 10_000;

/** The records an export takes from those left: between `least` and `most` (equal when nothing is free). */
export interface QuotaUse {
  least: number;
  most: number;
}

/**
 * What an export of `count` rows takes from the records left. Rows already paid for in the subscription period are
 * free (issue 17), but only the server knows which rows of the count those are: with `alreadyPaid` of them somewhere in
 * the selection the use is a range; without, it is exact. Never more than is left (the server refuses that).
 */
export function quotaUse(count: number, recordsLeft: number, alreadyPaid: number): QuotaUse {
  const most = Math.max(0, Math.min(count, recordsLeft));
  return { least: Math.min(most, Math.max(0, count - alreadyPaid)), most };
}

/** Issue 38: one confirmation before an export that may use more than half of the records left, or over 10 000. */
export function needsQuotaConfirmation(use: QuotaUse, recordsLeft: number): boolean {
  return use.most > recordsLeft / 2 || use.most > LARGE_EXPORT_RECORDS;
}
