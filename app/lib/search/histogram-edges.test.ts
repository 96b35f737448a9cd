/**
 * The histogram bins of every range filter (workers/shared/search/histogram.ts) against the slider they sit above:
 * about 20 bins, ascending inner edges inside the field's bounds, each edge a stop of the slider (so a brushed span is
 * a range the slider and its inputs show), and binOf agreeing with the edges' half-open definition.
 */
import { describe, expect, it } from "vitest";
import { binOf, HISTOGRAM_FIELDS, histogramEdges } from "#shared/search/histogram";
import { RANGE_FIELDS } from "#shared/search/search-fields";
import { rangeDef } from "./range-input";
import { ladderFor } from "./range-ladder";

const NOW = new Date("2026-11-28T12:00:00Z");

describe("histogram edges", () => {
  it.each(HISTOGRAM_FIELDS)("%s: 4 to 21 bins, ascending, within bounds and on the slider's stops", (field) => {
    const edges = histogramEdges(field, NOW);
    const def = rangeDef(field, NOW);
    const bins = edges.length + 1;
    expect(bins).toBeGreaterThanOrEqual(RANGE_FIELDS[field].kind === "grade" ? 4 : 12);
    expect(bins).toBeLessThanOrEqual(21);
    for (let k = 1; k < edges.length; k++) expect(edges[k]).toBeGreaterThan(edges[k - 1] as number);
    expect(edges[0]).toBeGreaterThan(def.min);
    expect(edges.at(-1)).toBeLessThanOrEqual(def.max);
    const stops = new Set(ladderFor(def));
    const onSlider = (edge: number) => stops.has(def.kind === "date" ? Math.floor(edge / 10_000) : edge);
    expect(edges.filter((edge) => !onSlider(edge))).toEqual([]);
  });

  it("gives turnover 50 000 kr bins to 200 000 kr and 1-2-5 steps above", () => {
    expect(histogramEdges("turnover")).toEqual([50_000, 100_000, 150_000, 200_000, 500_000, 1e6, 2e6, 5e6, 1e7, 2e7, 5e7, 1e8, 2e8, 5e8]);
    expect(histogramEdges("earnings").slice(8, 11)).toEqual([-100_000, 0, 100_000]);
    expect(histogramEdges("numEmployees").slice(0, 5)).toEqual([1, 2, 3, 5, 10]);
    expect(histogramEdges("scoring")).toEqual([2, 3, 4]);
    // Growth (decision 0066): falls, none and rises; a change of employees mirrored about zero, [0, 1) unchanged.
    expect(histogramEdges("turnoverChange")).toEqual([-50, -25, -10, 0, 10, 25, 50, 75, 100, 150, 200, 300, 500]);
    expect(histogramEdges("employeeChange")).toEqual([-100, -50, -20, -10, -5, -2, -1, 0, 1, 2, 3, 5, 10, 20, 50, 100]);
  });

  it("bins registration dates by year: the last six singly, then 2, 5 and 10 years back to 1950", () => {
    const years = histogramEdges("createdDate", NOW).map((edge) => Math.floor(edge / 10_000));
    expect(years).toEqual([
      1950, 1960, 1970, 1980, 1990, 1995, 2000, 2005, 2010, 2012, 2014, 2016, 2018, 2020, 2021, 2022, 2023, 2024, 2025, 2026,
    ]);
    expect(histogramEdges("createdDate", NOW).every((edge) => edge % 10_000 === 101)).toBe(true);
  });

  it("puts a value on an edge in the bin above it, and values beyond the ends in the end bins", () => {
    const edges = histogramEdges("turnover");
    expect(binOf(edges, -5)).toBe(0);
    expect(binOf(edges, 49_999)).toBe(0);
    expect(binOf(edges, 50_000)).toBe(1);
    expect(binOf(edges, 1e6)).toBe(6);
    expect(binOf(edges, 5e8)).toBe(edges.length);
    expect(binOf(edges, 5e12)).toBe(edges.length);
  });
});
