import { describe, expect, it } from "vitest";
import { employeeChange, isGazelle, turnoverChange, yearOnYear, type GrowthPeriod } from "./growth";

/** Periods oldest first from [turnover, employees, operating result] per calendar year, ending 2021–2024. */
function years(...rows: [number | null, number | null, number | null][]): GrowthPeriod[] {
  return rows.map(([turnover, numberOfEmployees, earningsAfterDepreciation], i) => ({
    periodStart: `${2025 - rows.length + i}-01-01`,
    periodEnd: `${2025 - rows.length + i}-12-31`,
    figures: { turnover, numberOfEmployees, earningsAfterDepreciation },
  }));
}

const GAZELLE: [number, number, number][] = [
  [5_000_000, 4, 200_000],
  [6_000_000, 6, -100_000],
  [8_000_000, 8, 100_000],
  [10_000_001, 10, 0],
];

describe("growth between the two latest periods", () => {
  it("reads the turnover change in whole percent and the employee change as a count, whatever the order given", () => {
    const periods = years([1_000_000, 10, 0], [800_000, 12, 0], [1_000_000, 9, 0]);
    expect(turnoverChange(periods)).toBe(25);
    expect(employeeChange(periods)).toBe(-3);
    expect(turnoverChange([...periods].reverse())).toBe(25);
    expect(turnoverChange(years([3_000_000, 1, 0], [2_000_000, 1, 0]))).toBe(-33);
    expect(turnoverChange(years([200, 1, 0], [201, 1, 0]))).toBe(1); // 0.5 % rounds up
  });

  it("is unknown (null), never zero, with one period, a missing figure, a previous turnover of zero or another currency", () => {
    expect(turnoverChange(years([1_000_000, 5, 0]))).toBeNull();
    expect(employeeChange(years([1_000_000, 5, 0]))).toBeNull();
    expect(turnoverChange([])).toBeNull();
    expect(turnoverChange(years([0, 5, 0], [1_000_000, 5, 0]))).toBeNull();
    expect(turnoverChange(years([null, 5, 0], [1_000_000, 5, 0]))).toBeNull();
    expect(employeeChange(years([1, null, 0], [1, 5, 0]))).toBeNull();
    const [before, latest] = years([1_000_000, 5, 0], [2_000_000, 5, 0]) as [GrowthPeriod, GrowthPeriod];
    expect(turnoverChange([before, { ...latest, currency: "EUR" }])).toBeNull();
    expect(
      turnoverChange([
        { ...before, currency: "EUR" },
        { ...latest, currency: "EUR" },
      ]),
    ).toBe(100);
    expect(employeeChange([before, { ...latest, currency: "EUR" }])).toBe(0);
  });
});

describe("periods compared year on year", () => {
  const [before, latest] = years([1_000_000, 5, 0], [2_000_000, 8, 0]) as [GrowthPeriod, GrowthPeriod];

  it("compares consecutive full fiscal years, broken ones and 52- or 53-week years too", () => {
    expect(turnoverChange([before, latest])).toBe(100);
    const broken = [
      { ...before, periodStart: "2022-07-01", periodEnd: "2023-06-30" },
      { ...latest, periodStart: "2023-07-01", periodEnd: "2024-06-30" },
    ];
    expect(turnoverChange(broken)).toBe(100);
    expect(employeeChange(broken)).toBe(3);
    expect(
      yearOnYear([
        { ...before, periodStart: "2023-01-02", periodEnd: "2023-12-31" },
        { ...latest, periodEnd: "2025-01-05" },
      ]),
    ).toBe(true);
  });

  it("is unknown (null) over a gap between filings, after a short first year, or across a changed closing month", () => {
    const gap = [{ ...before, periodStart: "2021-01-01", periodEnd: "2021-12-31" }, latest];
    expect(turnoverChange(gap)).toBeNull();
    expect(employeeChange(gap)).toBeNull();
    const shortFirst = [{ ...before, periodStart: "2023-05-10" }, latest];
    expect(turnoverChange(shortFirst)).toBeNull();
    expect(employeeChange(shortFirst)).toBeNull();
    // The closing month moved from December to June: a six-month period between two full years.
    const moved = [{ ...latest, periodStart: "2025-01-01", periodEnd: "2025-06-30" }, latest];
    expect(turnoverChange(moved)).toBeNull();
    // Four periods for the gazelle, one of them a short first year: not comparable either.
    const four = years(...GAZELLE).map((period, i) => (i === 0 ? { ...period, periodStart: "2021-03-15" } : period));
    expect(isGazelle(four)).toBeNull();
    expect(isGazelle(years(...GAZELLE))).toBe(true);
  });
});

describe("Dagens industri's gazelle criteria over the four latest periods", () => {
  it("holds at the limits: over 10 Mkr, 10 employees, doubled, growth each year, a positive operating result in sum", () => {
    expect(isGazelle(years(...GAZELLE))).toBe(true);
    // An older fifth period is not read.
    expect(isGazelle(years([90_000_000, 50, -9_000_000], ...GAZELLE))).toBe(true);
  });

  it("fails on each criterion alone", () => {
    const change = (year: number, column: 0 | 1 | 2, value: number) =>
      years(...GAZELLE.map((row, i) => (i === year ? (row.map((v, c) => (c === column ? value : v)) as [number, number, number]) : row)));
    expect(isGazelle(change(3, 0, 10_000_000))).toBe(false); // turnover must exceed 10 Mkr
    expect(isGazelle(change(3, 1, 9))).toBe(false); // at least ten employees
    expect(isGazelle(change(0, 0, 5_100_000))).toBe(false); // not doubled
    expect(isGazelle(change(2, 0, 6_000_000))).toBe(false); // no growth one year
    expect(isGazelle(change(1, 2, -300_000))).toBe(false); // operating result 0 kr in sum: not positive
  });

  it("is unknown with fewer than four periods, a missing figure or a period not in SEK", () => {
    expect(isGazelle(years(...GAZELLE.slice(1)))).toBeNull();
    expect(isGazelle([])).toBeNull();
    expect(isGazelle(years(...GAZELLE.slice(0, 3), [20_000_000, null, 1]))).toBeNull();
    expect(isGazelle(years([null, 4, 1], ...GAZELLE.slice(1)))).toBeNull();
    expect(isGazelle(years([5_000_000, 4, null], ...GAZELLE.slice(1)))).toBeNull();
    const periods = years(...GAZELLE);
    expect(isGazelle(periods.map((period, i) => (i === 0 ? { ...period, currency: "EUR" } : period)))).toBeNull();
  });
});
