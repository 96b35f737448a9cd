/**
 * The distribution above a range filter (issue 39 point 2): which bars a range covers, which range a brushed span of
 * bars stands for, how tall each bar is drawn, and how a bar is named ("Omsättning 1–2 mkr: 1 234 företag").
 *
 * Bins come from workers/shared/search/histogram.ts: inner edges e[0] < … < e[n-2], bin 0 below e[0], bin k in
 * [e[k-1], e[k]), the last bin from e[n-2] up. A span of bars is a range from the first bar's lower edge to the last
 * bar's upper edge; the first bar has no lower bound and the last no upper bound, so those sides stay open. Ranges are
 * inclusive on both sides, while a bin ends just below its upper edge (half-open bins): a whole-number field (kronor,
 * employees, grades, ages) therefore ends one below the edge and a registration date on 31 December of the year
 * before, so the range holds exactly the bars' records and the hit count is the bars' sum (issue 48 point 8: money
 * kept the edge, and a bar of 5 609 gave 5 670 hits).
 */
import { countOf, formatMoney, formatNumber } from "#shared/format";
import type { Histogram } from "#shared/search/histogram";
import type { ResultType } from "#shared/search/search-fields";
import type { RangeDef, ResolvedRange } from "./range-input";

/** A bin's bounds: `lower` inclusive, `upper` exclusive; null where the bin is open. */
export interface BinBounds {
  lower: number | null;
  upper: number | null;
}

export function binBounds(edges: readonly number[], index: number): BinBounds {
  return { lower: index <= 0 ? null : (edges[index - 1] ?? null), upper: index >= edges.length ? null : (edges[index] ?? null) };
}

const yearOf = (date: number) => Math.floor(date / 10_000);

/** The inclusive upper side of a range that ends just below a bin's upper edge (see the module comment). */
function lastIncluded(edge: number, def: RangeDef): number {
  if (def.kind === "date") return (yearOf(edge) - 1) * 10_000 + 1231;
  return edge - 1;
}

const clamp = (value: number, def: RangeDef) => Math.min(def.max, Math.max(def.min, value));

/** The range of the bars from `first` to `last` (either order): open below the first bar and above the last. */
export function spanRange(edges: readonly number[], first: number, last: number, def: RangeDef): ResolvedRange {
  const { lower } = binBounds(edges, Math.min(first, last));
  const { upper } = binBounds(edges, Math.max(first, last));
  return {
    from: lower === null ? def.min : clamp(lower, def),
    to: upper === null ? def.max : clamp(lastIncluded(upper, def), def),
  };
}

/** Per bar: whether it lies (with more than a single edge value) inside the range. */
export function barsInRange(edges: readonly number[], range: ResolvedRange, def: RangeDef): boolean[] {
  // The range's end as an exclusive bound, comparable with a bin's lower edge (see lastIncluded).
  const end = range.to + 1;
  return Array.from({ length: edges.length + 1 }, (_, index) => {
    const { lower, upper } = binBounds(edges, index);
    const startsBelowEnd = lower === null || lower < end || range.to >= def.max;
    const endsAboveStart = upper === null || upper > range.from || range.from <= def.min;
    return startsBelowEnd && endsAboveStart;
  });
}

/**
 * Bar heights in [0, 1]. Each series is normalised to its own maximum: the selection is often a small part of
 * Sweden, and on a common scale its bars would vanish under the outline, so the two are compared by shape. A bin
 * with any records is drawn at least 3 % tall, so a single company stays visible.
 */
export function barHeights(values: readonly number[]): number[] {
  const max = Math.max(0, ...values);
  return values.map((value) => (value <= 0 || max === 0 ? 0 : Math.max(0.03, value / max)));
}

function valueText(value: number, def: RangeDef): string {
  if (def.kind === "money") return formatMoney(value);
  if (def.kind === "date") return String(yearOf(value));
  return formatNumber(value);
}

/** "1–2 mkr" rather than "1 mkr–2 mkr" when both ends have the same unit. */
function spanText(from: string, to: string): string {
  const unitAt = from.lastIndexOf(" ");
  const unit = unitAt < 0 ? null : from.slice(unitAt);
  if (unit !== null && to.endsWith(unit)) return `${from.slice(0, unitAt)}–${to}`;
  return `${from}–${to}`;
}

/** What a bar covers, in the filter's own words: "1–2 mkr", "under 50 000 kr", "5–9", "från 5 000", "2016–2017". */
export function binText(edges: readonly number[], index: number, def: RangeDef): string {
  const { lower, upper } = binBounds(edges, index);
  const whole = def.kind !== "money";
  const suffix = def.kind === "age" ? " år" : def.kind === "percent" ? " %" : "";
  const first = lower ?? def.min;
  const last = upper === null ? def.max : lastIncluded(upper, def);
  const text = (value: number) => valueText(value, def);
  // A whole-number bar of a single value ("0", "Kreditbetyg 4") or a date bar of one year.
  if (whole && text(first) === text(last)) return `${text(first)}${suffix}`;
  if (lower === null) return def.kind === "date" ? `före ${text(upper ?? def.max)}` : `under ${text(upper ?? def.max)}${suffix}`;
  if (upper === null) return `från ${text(lower)}${suffix}`;
  return `${spanText(text(first), text(last))}${suffix}`;
}

/** The count's words: companies are "företag", worksites "arbetsställen". */
export function recordsText(count: number, type: ResultType): string {
  return type === "COMPANY" ? countOf(count, "företag", "företag") : countOf(count, "arbetsställe", "arbetsställen");
}

/** A bar's accessible name: "Omsättning 1–2 mkr: 1 234 företag". */
export function barLabel(histogram: Histogram, index: number, def: RangeDef, type: ResultType): string {
  return `${def.label} ${binText(histogram.edges, index, def)}: ${recordsText(histogram.counts[index] ?? 0, type)}`;
}

/** Whether an answer's histogram can be drawn: as many counts (and outline counts) as bins. */
export function drawable(histogram: Histogram | undefined, field: string): histogram is Histogram {
  if (histogram?.field !== field) return false;
  const bins = histogram.edges.length + 1;
  return histogram.counts.length === bins && histogram.all.length === bins;
}
