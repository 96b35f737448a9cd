import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, dayNumberOf, daysInMonth, isoFromDayNumber, monthEnd } from "./dates";

describe("day-number dates", () => {
  it("agree with the platform's calendar from 1800 to 2200", () => {
    fc.assert(
      fc.property(fc.integer({ min: -62_000, max: 84_000 }), (days) => {
        const iso = new Date(days * 86_400_000).toISOString().slice(0, 10);
        expect(isoFromDayNumber(days)).toBe(iso);
        expect(dayNumberOf(iso)).toBe(days);
      }),
    );
  });

  it("knows month lengths and leap years", () => {
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2025, 2)).toBe(28);
    expect(daysInMonth(1900, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(monthEnd(2025, 12)).toBe("2025-12-31");
    expect(addDays("2024-12-31", 1)).toBe("2025-01-01");
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
  });
});
