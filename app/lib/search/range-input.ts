/**
 * Range filters (spec §5): how a typed value is read, clamped and serialised.
 *
 * - Input accepts digits, a decimal comma or point, a minus only at the start and an optional '>' prefix (the upper
 *   handle at its bound is shown as ">1 000 000 000"); a value with 'mkr' is multiplied by 1 000 000, and (issue 38)
 *   the other Swedish unit words too: "500 tkr", "1,5 milj", "2 mdkr" (swedish-amount.ts). Digits grouped by spaces
 *   (also the no-break spaces of Swedish number grouping) and the Unicode minus of formatted numbers are accepted.
 * - Unparseable input resets to the current value; an emptied field removes that side's bound (issue 38); values are
 *   clamped to the field's bounds; the lower side never passes the upper and vice versa. Typed values are not snapped:
 *   only the slider snaps to stepped values.
 * - A range equal to its full span is no constraint (undefined); a side at its bound is serialised empty.
 * Registration dates are read as a year ("2015") or a date ("2015-03-01", "20150301").
 */
import { formatDate, formatNumber } from "#shared/format";
import { RANGE_FIELDS, rangeMax, type RangeField, type RangeKind } from "#shared/search/search-fields";
import { parseRange } from "#shared/search/search-values";
import { parseSwedishAmount } from "./swedish-amount";

export interface RangeDef {
  field: RangeField;
  label: string;
  kind: RangeKind;
  min: number;
  max: number;
}

export type Side = "from" | "to";

/** A range with both sides resolved: an open side is at its bound. */
export interface ResolvedRange {
  from: number;
  to: number;
}

export function rangeDef(field: RangeField, now = new Date()): RangeDef {
  const def = RANGE_FIELDS[field];
  return { field, label: def.label, kind: def.kind, min: def.min, max: rangeMax(field, now) };
}

/**
 * Reads a typed amount or count; null when it cannot be read. Every range field is kept in whole units of its own
 * (search-fields.ts: money in kronor), so an amount with a unit word ("500 tkr", "1,5 milj") is converted to kronor.
 */
export function parseAmount(text: string): number | null {
  // A percentage may be typed with its sign ("20 %").
  return parseSwedishAmount(text.replace(/\s*%\s*$/, ""), 0);
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Reads a registration date as yyyymmdd: a year is the first day (lower side) or last day (upper side) of it. */
export function parseDateInput(text: string, side: Side): number | null {
  const value = text.trim().replace(/^>/, "");
  const year = /^(\d{4})$/.exec(value);
  if (year) return Number(year[1]) * 10_000 + (side === "from" ? 101 : 1231);
  const full = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(value);
  if (!full) return null;
  const month = Number(full[2]);
  const day = Number(full[3]);
  if (month < 1 || month > 12 || day < 1 || day > (DAYS_IN_MONTH[month - 1] ?? 0)) return null;
  return Number(full[1]) * 10_000 + month * 100 + day;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/**
 * A typed side → the new resolved range. An empty field opens its side (back to the field's bound); unparseable input
 * leaves the range as it was; the value is clamped to the bounds and never passes the other side.
 */
export function commitTypedSide(text: string, side: Side, current: ResolvedRange, def: RangeDef): ResolvedRange {
  if (text.trim() === "") return side === "from" ? { from: def.min, to: current.to } : { from: current.from, to: def.max };
  const parsed = def.kind === "date" ? parseDateInput(text, side) : parseAmount(text);
  if (parsed === null) return current;
  // Every range field is whole: kronor, people, years of age, grades, dates.
  const value = clamp(Math.round(parsed), def.min, def.max);
  if (side === "from") return { from: Math.min(value, current.to), to: current.to };
  return { from: current.from, to: Math.max(value, current.from) };
}

const EXAMPLES: Record<RangeKind, string> = {
  money: "Skriv ett belopp, till exempel 500 000, 500 tkr eller 2,5 mkr.",
  count: "Skriv ett antal, till exempel 50.",
  age: "Skriv en ålder i hela år, till exempel 40.",
  grade: "Skriv ett betyg från 1 till 4.",
  date: "Skriv ett år eller ett datum, till exempel 2015 eller 2015-03-01.",
  percent: "Skriv en procentsats, till exempel 20 eller -10.",
};

/** A bound as the note says it: an amount with "kr", a date, or a plain number. */
function boundText(value: number, def: RangeDef): string {
  if (def.kind === "date") return formatDate(String(value));
  if (def.kind === "percent") return `${formatNumber(value)} %`;
  return def.kind === "money" ? `${formatNumber(value)} kr` : formatNumber(value);
}

/**
 * What to tell the user at the field after typing a side (issue 48 point 8), or null when the value was taken as
 * typed: an unreadable value (the range stays as it was, spec §5), or one outside the field's bounds (clamped to
 * them, spec §5) and what the filter then means.
 */
export function typedSideNote(text: string, side: Side, def: RangeDef): string | null {
  if (text.trim() === "") return null;
  const parsed = def.kind === "date" ? parseDateInput(text, side) : parseAmount(text);
  if (parsed === null) return EXAMPLES[def.kind];
  const value = Math.round(parsed);
  if (value < def.min) {
    const open = side === "from" ? "urvalet har ingen nedre gräns" : `urvalet visar allt till ${boundText(def.min, def)}`;
    return `Lägsta möjliga värde är ${boundText(def.min, def)}: ${open}.`;
  }
  if (value > def.max) {
    const open = side === "to" ? "urvalet har ingen övre gräns" : `urvalet visar allt från ${boundText(def.max, def)}`;
    return `Högsta möjliga värde är ${boundText(def.max, def)}: ${open}.`;
  }
  return null;
}

/** The search's range string → both sides resolved (open or malformed sides at their bounds, clamped). */
export function resolveRange(value: string | undefined, def: RangeDef): ResolvedRange {
  const bounds = value === undefined ? null : parseRange(value);
  const from = clamp(bounds?.from ?? def.min, def.min, def.max);
  const to = clamp(bounds?.to ?? def.max, def.min, def.max);
  return from <= to ? { from, to } : { from: to, to: from };
}

/** Resolved range → the search's string; undefined (no constraint) for the full span, a side at its bound empty. */
export function serializeResolved(range: ResolvedRange, def: RangeDef): string | undefined {
  const from = range.from <= def.min ? null : range.from;
  const to = range.to >= def.max ? null : range.to;
  if (from === null && to === null) return undefined;
  return `${from ?? ""}_${to ?? ""}`;
}

/** What an input shows for a side: formatted number or date; the upper side at its bound of amounts gets '>'. */
export function formatSide(value: number, side: Side, def: RangeDef): string {
  if (def.kind === "date") return formatDate(String(value));
  const text = formatNumber(value);
  const openTop = side === "to" && value >= def.max && (def.kind === "money" || def.kind === "count" || def.kind === "percent");
  return openTop ? `>${text}` : text;
}
