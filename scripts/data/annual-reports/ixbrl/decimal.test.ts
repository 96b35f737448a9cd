import { describe, expect, it } from "vitest";
import { agreeAtPrecision, roundDecimal, scaleDecimal, wholeUnits } from "./decimal";

describe("decimal values", () => {
  it("apply scale exactly, in both directions", () => {
    expect(scaleDecimal({ int: "1234", frac: "5" }, 3, false)).toBe("1234500");
    expect(scaleDecimal({ int: "12", frac: "004" }, 6, true)).toBe("-12004000");
    expect(scaleDecimal({ int: "1234", frac: "" }, -2, false)).toBe("12.34");
    expect(scaleDecimal({ int: "5", frac: "" }, -3, false)).toBe("0.005");
    expect(scaleDecimal({ int: "000", frac: "000" }, 0, true)).toBe("0");
    expect(scaleDecimal({ int: "1", frac: "1" }, 0, false)).toBe("1.1");
  });

  it("round half away from zero at any number of decimals", () => {
    expect(roundDecimal("1234.5", 0)).toBe("1235");
    expect(roundDecimal("-1234.5", 0)).toBe("-1235");
    expect(roundDecimal("1234.49", 0)).toBe("1234");
    expect(roundDecimal("999.5", 0)).toBe("1000");
    expect(roundDecimal("1250", -2)).toBe("1300");
    expect(roundDecimal("-1249", -2)).toBe("-1200");
    expect(roundDecimal("600", -3)).toBe("1000");
    expect(roundDecimal("400", -3)).toBe("0");
    expect(roundDecimal("5", -5)).toBe("0");
    expect(roundDecimal("0.05", 1)).toBe("0.1");
    expect(roundDecimal("9.96", 1)).toBe("10");
    expect(roundDecimal("-0.4", 0)).toBe("0");
    expect(roundDecimal("12.3", Infinity)).toBe("12.3");
    expect(roundDecimal("12.3", 5)).toBe("12.3");
  });

  it("compare at the coarser of two precisions", () => {
    expect(agreeAtPrecision("1234567", Infinity, "1235000", -3)).toBe(true);
    expect(agreeAtPrecision("1234567", 0, "1240000", -3)).toBe(false);
    expect(agreeAtPrecision("1234567", Infinity, "1234568", Infinity)).toBe(false);
    expect(agreeAtPrecision("2.5", 0, "3", 0)).toBe(true);
  });

  it("give whole units, or null past the safe integers", () => {
    expect(wholeUnits("2.5")).toBe(3);
    expect(wholeUnits("-2.5")).toBe(-3);
    expect(wholeUnits("0.4")).toBe(0);
    expect(wholeUnits("9".repeat(20))).toBeNull();
  });
});
