import { describe, expect, it } from "vitest";
import {
  commitTypedSide,
  formatSide,
  parseAmount,
  parseDateInput,
  rangeDef,
  resolveRange,
  serializeResolved,
  typedSideNote,
} from "./range-input";
import { ladderFor, MONEY_LINEAR_LIMIT, MONEY_STEP, nearestStep, stepValue } from "./range-ladder";

const turnover = rangeDef("turnover");
const earnings = rangeDef("earnings");
const created = rangeDef("createdDate", new Date("2026-06-01T00:00:00Z"));

describe("parseAmount (spec §5 input rules)", () => {
  it("reads digits, a decimal comma or point, a leading minus and a '>' prefix", () => {
    expect(parseAmount("25000")).toBe(25_000);
    expect(parseAmount("1,5")).toBe(1.5);
    expect(parseAmount("1.5")).toBe(1.5);
    expect(parseAmount("-300")).toBe(-300);
    expect(parseAmount(">1000")).toBe(1000);
  });
  it("multiplies a value containing 'mkr' by one million", () => {
    expect(parseAmount("2 mkr")).toBe(2_000_000);
    expect(parseAmount("1,25mkr")).toBe(1_250_000);
    expect(parseAmount(">1 000 mkr")).toBe(1_000_000_000);
  });
  it("accepts the grouping spaces and minus sign of formatted Swedish numbers", () => {
    expect(parseAmount("1\u00a0000\u00a0000")).toBe(1_000_000);
    expect(parseAmount("\u2212250\u00a0000")).toBe(-250_000);
  });
  it("refuses a minus anywhere but the start, letters and empty input", () => {
    for (const text of ["5-3", "--5", "abc", "", "1,2,3", "5 tkr x", "1e6"]) expect(parseAmount(text), text).toBeNull();
  });
});

describe("parseDateInput", () => {
  it("reads a year as its first or last day, and full dates", () => {
    expect(parseDateInput("2015", "from")).toBe(20150101);
    expect(parseDateInput("2015", "to")).toBe(20151231);
    expect(parseDateInput("2015-03-01", "to")).toBe(20150301);
    expect(parseDateInput("20150301", "from")).toBe(20150301);
  });
  it("refuses impossible dates", () => {
    expect(parseDateInput("2015-13-01", "from")).toBeNull();
    expect(parseDateInput("2015-02-30", "from")).toBeNull();
    expect(parseDateInput("15", "from")).toBeNull();
  });
});

describe("typedSideNote (issue 48 point 8)", () => {
  it("explains an unreadable value with an example, and takes '500k' as 500 000", () => {
    expect(typedSideNote("abc", "from", turnover)).toBe("Skriv ett belopp, till exempel 500 000, 500 tkr eller 2,5 mkr.");
    expect(typedSideNote("500k", "from", turnover)).toBeNull();
    expect(parseAmount("500k")).toBe(500_000);
    expect(typedSideNote("", "from", turnover)).toBeNull();
  });

  it("says what a value past the bounds became", () => {
    expect(typedSideNote("2 mdkr", "from", turnover)).toBe(
      "Högsta möjliga värde är 1\u00a0000\u00a0000\u00a0000 kr: urvalet visar allt från 1\u00a0000\u00a0000\u00a0000 kr.",
    );
    expect(typedSideNote("2 mdkr", "to", turnover)).toMatch(/: urvalet har ingen övre gräns\.$/);
    expect(typedSideNote("-5", "from", turnover)).toBe("Lägsta möjliga värde är 0 kr: urvalet har ingen nedre gräns.");
    expect(typedSideNote("-800 mkr", "to", earnings)).toMatch(/^Lägsta möjliga värde är −?-?100.000.000 kr: urvalet visar allt till /);
    expect(typedSideNote("50 mkr", "to", earnings)).toBeNull();
  });
});

describe("commitTypedSide", () => {
  const full = { from: 0, to: 1e9 };
  it("resets unparseable input to the current value", () => {
    expect(commitTypedSide("tio", "from", { from: 5000, to: 9000 }, turnover)).toEqual({ from: 5000, to: 9000 });
  });
  it("clamps to the bounds table", () => {
    expect(commitTypedSide("-5", "from", full, turnover)).toEqual({ from: 0, to: 1e9 });
    expect(commitTypedSide("5000 mkr", "to", full, turnover)).toEqual({ from: 0, to: 1e9 });
    expect(commitTypedSide("-200 mkr", "from", { from: -1e8, to: 1e8 }, earnings)).toEqual({ from: -1e8, to: 1e8 });
    expect(commitTypedSide("1800", "from", { from: 19000101, to: 20261231 }, created)).toEqual({ from: 19000101, to: 20261231 });
    expect(commitTypedSide("2030", "to", { from: 19000101, to: 20261231 }, created)).toEqual({ from: 19000101, to: 20261231 });
  });
  it("never lets the lower side pass the upper or the upper pass the lower", () => {
    expect(commitTypedSide("8 mkr", "from", { from: 0, to: 5_000_000 }, turnover)).toEqual({ from: 5_000_000, to: 5_000_000 });
    expect(commitTypedSide("1000", "to", { from: 5_000, to: 1e9 }, turnover)).toEqual({ from: 5_000, to: 5_000 });
  });
  it("rounds to whole kronor", () => {
    expect(commitTypedSide("1,2345", "from", full, turnover)).toEqual({ from: 1, to: 1e9 });
  });
});

describe("serializing ranges", () => {
  it("treats the full span as no constraint and writes a side at its bound empty", () => {
    expect(serializeResolved({ from: 0, to: 1e9 }, turnover)).toBeUndefined();
    expect(serializeResolved({ from: 1_000_000, to: 1e9 }, turnover)).toBe("1000000_");
    expect(serializeResolved({ from: 0, to: 500_000 }, turnover)).toBe("_500000");
    expect(serializeResolved({ from: -5000, to: 7000 }, earnings)).toBe("-5000_7000");
  });
  it("resolves open and out-of-bounds sides to the bounds", () => {
    expect(resolveRange(undefined, turnover)).toEqual({ from: 0, to: 1e9 });
    expect(resolveRange("1000_", turnover)).toEqual({ from: 1000, to: 1e9 });
    expect(resolveRange("_5e12", turnover)).toEqual({ from: 0, to: 1e9 });
    expect(resolveRange("-7_", turnover)).toEqual({ from: 0, to: 1e9 });
  });
  it("shows the open top of amounts with '>' and dates as yyyy-mm-dd", () => {
    expect(formatSide(1e9, "to", turnover)).toBe(">1\u00a0000\u00a0000\u00a0000");
    expect(formatSide(25_000, "from", turnover)).toBe("25\u00a0000");
    expect(formatSide(20150301, "from", created)).toBe("2015-03-01");
    // What the input shows reads back to the same value.
    expect(commitTypedSide(formatSide(1e9, "to", turnover), "to", { from: 0, to: 5 }, turnover).to).toBe(1e9);
    expect(commitTypedSide(formatSide(-250_000, "from", earnings), "from", { from: -1e8, to: 1e8 }, earnings).from).toBe(-250_000);
  });
});

describe("slider ladders (money snapping)", () => {
  it("steps a percentage by 5 % to 100 %, and a change of employees by one within 10 of zero, mirrored", () => {
    const percent = ladderFor(rangeDef("turnoverChange"));
    expect(percent.slice(0, 3)).toEqual([-100, -95, -90]);
    expect(percent).toContain(0);
    expect(percent.filter((value) => value > 100).slice(0, 3)).toEqual([125, 150, 200]);
    expect(percent.at(-1)).toBe(1_000);
    const employees = ladderFor(rangeDef("employeeChange"));
    expect(employees.filter((value) => Math.abs(value) <= 10)).toEqual(Array.from({ length: 21 }, (_, i) => i - 10));
    expect([employees[0], employees.at(-1)]).toEqual([-1_000, 1_000]);
    expect(employees.some((value) => Object.is(value, -0))).toBe(false);
    expect(parseAmount("20 %")).toBe(20);
  });

  it("steps money by 25 000 up to 200 000, then by preset percentages", () => {
    const ladder = ladderFor(turnover);
    expect(ladder.slice(0, 10)).toEqual([0, 25_000, 50_000, 75_000, 100_000, 125_000, 150_000, 175_000, 200_000, 250_000]);
    expect(ladder.at(-1)).toBe(1e9);
    for (let i = 1; i < ladder.length; i++) {
      const [previous, value] = [ladder[i - 1] ?? 0, ladder[i] ?? 0];
      if (value <= MONEY_LINEAR_LIMIT) expect(value - previous).toBe(MONEY_STEP);
      else {
        const growth = value / previous - 1;
        expect(growth).toBeGreaterThanOrEqual(0.2 - 1e-9);
        expect(growth).toBeLessThanOrEqual(0.34);
      }
    }
  });
  it("mirrors money below zero and keeps both bounds on the ladder", () => {
    const ladder = ladderFor(earnings);
    expect(ladder[0]).toBe(-1e8);
    expect(ladder.at(-1)).toBe(1e8);
    expect(ladder).toContain(0);
    expect(ladder).toContain(-25_000);
    expect([...ladder].sort((a, b) => a - b)).toEqual(ladder);
  });
  it("snaps to the nearest step and maps date steps to the first or last day of the year", () => {
    expect(stepValue(turnover, nearestStep(turnover, 60_000), "from")).toBe(50_000);
    expect(stepValue(turnover, nearestStep(turnover, 1_100_000), "from")).toBe(1_000_000);
    expect(stepValue(created, nearestStep(created, 20150615), "from")).toBe(20150101);
    expect(stepValue(created, nearestStep(created, 20150615), "to")).toBe(20151231);
    expect(stepValue(created, 10_000, "to")).toBe(20261231);
  });
});
