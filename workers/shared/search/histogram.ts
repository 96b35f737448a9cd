/**
 * The distribution behind a range filter (issue 39): about 20 bins on the filter's own scale, shared by both search
 * backends (which count them) and the web app (which draws them and turns a brushed span of bars into a range).
 *
 * A histogram is given by its inner edges e[0] < e[1] < … < e[n-2]: bin 0 holds values below e[0], bin k values in
 * [e[k-1], e[k]), the last bin values from e[n-2] up. Values outside the field's UI bounds fall in the end bins, and a
 * record without a value is in no bin. Every edge is a value the filter's slider can stop at (money on its snapping
 * steps, 1-2-5 above 200 000 kr; registration dates on 1 January), so a brushed span is a range the slider shows.
 *
 * The counts are the selection's with the field's own range left out (like a facet's disjunctive counts): the bars
 * outside the chosen range stay visible, and brushing again moves the range.
 */
import { z } from "zod";
import { HISTOGRAM_FIELDS, type HistogramField } from "./histogram-fields";
import { RANGE_FIELDS } from "./search-fields";

export { HISTOGRAM_FIELDS, histogramApplies, type HistogramField } from "./histogram-fields";

export const HistogramFieldSchema = z.enum(HISTOGRAM_FIELDS as [HistogramField, ...HistogramField[]]);

export const HistogramSchema = z.object({
  field: HistogramFieldSchema,
  /** The inner edges (n - 1 for n bins), ascending. */
  edges: z.array(z.number()).min(1),
  /** The selection per bin, the field's own range left out. */
  counts: z.array(z.number().int().nonnegative()),
  /** Every record of the result type per bin: the outline behind the bars. */
  all: z.array(z.number().int().nonnegative()),
  /** The selection's records without a figure for the field (in no bin): "uppgift saknas" (issue 48 point 8). */
  missing: z.number().int().nonnegative(),
  /** Every record of the result type without a figure. */
  allMissing: z.number().int().nonnegative(),
});
export type Histogram = z.infer<typeof HistogramSchema>;

/** 1-2-5 steps of each power of ten in (from, to). */
function oneTwoFive(from: number, to: number): number[] {
  const values: number[] = [];
  for (let power = 1; power < to; power *= 10) {
    for (const mantissa of [1, 2, 5]) {
      const value = mantissa * power;
      if (value > from && value < to) values.push(value);
    }
  }
  return values;
}

/** Money up to `max`: 50 000 kr steps to 200 000 (the slider's linear part), then 1-2-5 steps. */
function positiveMoney(max: number): number[] {
  return [50_000, 100_000, 150_000, 200_000, ...oneTwoFive(200_000, max)].filter((value) => value < max);
}

function moneyEdges(min: number, max: number): number[] {
  if (min >= 0) return positiveMoney(max);
  // A result: mirrored 1-2-5 steps from 100 000 kr out to half the bounds, with zero between.
  const side = oneTwoFive(50_000, Math.min(-min, max));
  return [...side.map((value) => -value).reverse(), 0, ...side];
}

/** Registration years: single years lately, then two, five and ten years a bin back to 1950. */
function yearEdges(year: number): number[] {
  const years = new Set<number>();
  for (let y = year; y > year - 6; y--) years.add(y);
  for (let y = year - 6 - ((year - 6) % 2); y >= year - 16; y -= 2) years.add(y);
  for (let y = year - 16 - ((year - 16) % 5); y >= 1990; y -= 5) years.add(y);
  for (let y = 1980; y >= 1950; y -= 10) years.add(y);
  return [...years].sort((a, b) => a - b).map((y) => y * 10_000 + 101);
}

const EMPLOYEE_EDGES = [1, 2, 3, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000];
/** A change in employees: shrinking, none (the bin [0, 1)) and growing, by the same steps. */
const EMPLOYEE_CHANGE_EDGES = [-100, -50, -20, -10, -5, -2, -1, 0, 1, 2, 3, 5, 10, 20, 50, 100];
/** A change in percent: falls, none to small, growth to ten times. */
const PERCENT_EDGES = [-50, -25, -10, 0, 10, 25, 50, 75, 100, 150, 200, 300, 500];
const AGE_EDGES = Array.from({ length: 16 }, (_, k) => 20 + 5 * k);

/** The inner edges of a field's histogram; registration dates depend on the current year. */
export function histogramEdges(field: HistogramField, now = new Date()): number[] {
  const def = RANGE_FIELDS[field];
  switch (def.kind) {
    case "money":
      return moneyEdges(def.min, def.max);
    case "count":
      return (def.min < 0 ? EMPLOYEE_CHANGE_EDGES : EMPLOYEE_EDGES).filter((edge) => edge > def.min && edge < def.max);
    case "percent":
      return PERCENT_EDGES.filter((edge) => edge > def.min && edge < def.max);
    case "grade":
      return Array.from({ length: def.max - def.min }, (_, k) => def.min + 1 + k);
    case "age":
      return AGE_EDGES;
    case "date":
      return yearEdges(now.getUTCFullYear());
  }
}

/** The bin of a value: how many inner edges are at or below it. */
export function binOf(edges: readonly number[], value: number): number {
  let lo = 0;
  let hi = edges.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((edges[mid] as number) <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
