import { describe, expect, it } from "vitest";
import { histogramEdges, type Histogram } from "#shared/search/histogram";
import { barHeights, barLabel, barsInRange, binText, drawable, spanRange } from "./range-histogram";
import { rangeDef, serializeResolved } from "./range-input";
import { rangeText } from "./summary";

const now = new Date("2026-06-01T00:00:00Z");
const turnover = rangeDef("turnover");
const earnings = rangeDef("earnings");
const employees = rangeDef("numEmployees");
const scoring = rangeDef("scoring");
const created = rangeDef("createdDate", now);
const age = rangeDef("managerAge");
const edgesOf = (def: ReturnType<typeof rangeDef>) => histogramEdges(def.field as Parameters<typeof histogramEdges>[0], now);
const serialized = (def: ReturnType<typeof rangeDef>, first: number, last: number) =>
  serializeResolved(spanRange(edgesOf(def), first, last, def), def);

describe("spanRange: a brushed span of bars → the filter's range", () => {
  const edges = edgesOf(turnover);
  it("runs from the first bar's lower edge to the last bar's upper edge, in either drag direction", () => {
    const oneMillion = edges.indexOf(1_000_000) + 1;
    expect(serialized(turnover, oneMillion, oneMillion)).toBe("1000000_1999999");
    expect(serialized(turnover, oneMillion + 1, oneMillion - 1)).toBe("500000_4999999");
  });
  it("leaves the side of the first and the last bar open, and all bars are no constraint", () => {
    expect(serialized(turnover, 0, 1)).toBe("_99999");
    expect(serialized(turnover, edges.length, edges.length)).toBe(`${edges.at(-1)}_`);
    expect(serialized(turnover, 0, edges.length)).toBeUndefined();
  });
  it("ends whole-number fields (kronor too) one below the edge and dates on 31 December: half-open bins (issue 48)", () => {
    const five = edgesOf(employees).indexOf(5) + 1;
    expect(serialized(employees, five, five)).toBe("5_9");
    expect(serialized(employees, 0, 0)).toBe("_0");
    expect(serialized(scoring, 2, 2)).toBe("3_3");
    expect(serialized(scoring, 3, 3)).toBe("4_");
    const year2020 = edgesOf(created).indexOf(20200101) + 1;
    expect(serialized(created, year2020, year2020)).toBe("20200101_20201231");
  });
  it("mirrors money below zero for results", () => {
    const zero = edgesOf(earnings).indexOf(0);
    expect(serialized(earnings, zero, zero)).toBe("-100000_-1");
  });
});

describe("barsInRange: the bars a range covers", () => {
  const edges = edgesOf(employees);
  it("marks the bars of a brushed span and no neighbour sharing an edge", () => {
    const five = edges.indexOf(5) + 1;
    const range = spanRange(edges, five, five + 1, employees);
    const marked = barsInRange(edges, range, employees);
    expect(marked.flatMap((inside, k) => (inside ? [k] : []))).toEqual([five, five + 1]);
  });
  it("marks a money bar whose upper edge is the range's end only up to it", () => {
    const money = edgesOf(turnover);
    const k = money.indexOf(1_000_000) + 1;
    const marked = barsInRange(money, spanRange(money, k, k, turnover), turnover);
    expect(marked.flatMap((inside, i) => (inside ? [i] : []))).toEqual([k]);
  });
  it("marks every bar a typed range touches, and the end bars of open sides", () => {
    const money = edgesOf(turnover);
    const marked = barsInRange(money, { from: 1_500_000, to: turnover.max }, turnover);
    expect(marked.indexOf(true)).toBe(money.indexOf(1_000_000) + 1);
    expect(marked.at(-1)).toBe(true);
  });
});

describe("bar texts and heights", () => {
  it("names a bar by its range in the filter's words and its count", () => {
    const edges = edgesOf(turnover);
    const histogram: Histogram = { field: "turnover", edges, counts: edges.map(() => 1234).concat(1), all: [], missing: 0, allMissing: 0 };
    const k = edges.indexOf(1_000_000) + 1;
    expect(barLabel(histogram, k, turnover, "COMPANY")).toBe("Omsättning 1–2 mkr: 1\u00a0234 företag");
    expect(barLabel(histogram, edges.length, turnover, "WORKSITE")).toBe("Omsättning från 500 mkr: 1 arbetsställe");
    expect(barLabel(histogram, 0, turnover, "WORKSITE")).toBe("Omsättning under 50\u00a0000 kr: 1\u00a0234 arbetsställen");
  });
  it("says whole numbers, years (the last bar is this year) and ages as a reader expects", () => {
    expect(binText(edgesOf(employees), 0, employees)).toBe("0");
    expect(binText(edgesOf(employees), edgesOf(employees).indexOf(5) + 1, employees)).toBe("5–9");
    expect(binText(edgesOf(scoring), 3, scoring)).toBe("4");
    expect(binText(edgesOf(created), 0, created)).toBe("före 1950");
    expect(binText(edgesOf(created), edgesOf(created).indexOf(20200101) + 1, created)).toBe("2020");
    expect(binText(edgesOf(created), edgesOf(created).length, created)).toBe("2026");
    expect(binText(edgesOf(age), 0, age)).toBe("under 20 år");
    expect(binText(edgesOf(age), 1, age)).toBe("20–24 år");
    expect(binText(edgesOf(earnings), edgesOf(earnings).indexOf(0), earnings)).toBe("\u2212100 tkr–\u22121 kr");
  });
  it("a bar's text names the amounts of the summary's text of the range it chooses", () => {
    const edges = edgesOf(turnover);
    const k = edges.indexOf(200_000) + 1;
    const value = serialized(turnover, k, k) ?? "";
    expect(rangeText("turnover", value)).toBe("Omsättning 200 tkr–500 tkr");
    expect(binText(edges, k, turnover)).toBe("200–500 tkr");
  });
  it("scales each series to its own maximum, keeping a bin with records visible", () => {
    expect(barHeights([0, 1, 50, 100])).toEqual([0, 0.03, 0.5, 1]);
    expect(barHeights([0, 0])).toEqual([0, 0]);
  });
  it("draws only a histogram of the field with a count per bin", () => {
    const edges = [1, 2];
    expect(drawable({ field: "scoring", edges, counts: [1, 2, 3], all: [1, 2, 3], missing: 0, allMissing: 0 }, "scoring")).toBe(true);
    expect(drawable({ field: "scoring", edges, counts: [1, 2], all: [1, 2, 3], missing: 0, allMissing: 0 }, "scoring")).toBe(false);
    expect(drawable({ field: "turnover", edges, counts: [1, 2, 3], all: [1, 2, 3], missing: 0, allMissing: 0 }, "scoring")).toBe(false);
    expect(drawable(undefined, "scoring")).toBe(false);
  });
});
