/**
 * Exact decimal arithmetic on digit strings for fact values: applying `scale`, rounding half away from zero at a
 * number of decimals (negative for tens, hundreds, …), and comparing at a precision. Values are canonical strings:
 * an optional "-", integer digits without leading zeros, and "." with fraction digits only when they are not zero.
 */
import type { UnsignedDecimal } from "./transforms";

/** The canonical value of `sign · digits · 10^scale`. */
export function scaleDecimal(value: UnsignedDecimal, scale: number, negative: boolean): string {
  const digits = value.int + value.frac;
  const point = value.int.length + scale;
  let int: string;
  let frac: string;
  if (point <= 0) {
    int = "0";
    frac = "0".repeat(-point) + digits;
  } else if (point >= digits.length) {
    int = digits + "0".repeat(point - digits.length);
    frac = "";
  } else {
    int = digits.slice(0, point);
    frac = digits.slice(point);
  }
  return canonical(negative, int, frac);
}

function canonical(negative: boolean, int: string, frac: string): string {
  let start = 0;
  while (start < int.length - 1 && int.charCodeAt(start) === 48) start++;
  let end = frac.length;
  while (end > 0 && frac.charCodeAt(end - 1) === 48) end--;
  const magnitude = int.slice(start) + (end > 0 ? `.${frac.slice(0, end)}` : "");
  return negative && magnitude !== "0" ? `-${magnitude}` : magnitude;
}

/** Rounds half away from zero to `decimals` places (Infinity: unchanged). */
export function roundDecimal(value: string, decimals: number): string {
  if (decimals === Infinity) return value;
  const negative = value.startsWith("-");
  const [int = "0", frac = ""] = (negative ? value.slice(1) : value).split(".");
  if (decimals >= frac.length) return value;
  const digits = int + frac;
  const cut = int.length + decimals;
  if (cut < 0) return "0";
  const kept = digits.slice(0, cut);
  const roundUp = (digits.charCodeAt(cut) || 48) >= 53;
  const magnitude = roundUp ? increment(kept) : kept || "0";
  // Positions between the cut and the decimal point become zeros.
  const zeros = decimals < 0 ? "0".repeat(-decimals) : "";
  const whole = decimals < 0 ? magnitude + zeros : magnitude.slice(0, magnitude.length - decimals);
  const fraction = decimals > 0 ? magnitude.slice(magnitude.length - decimals) : "";
  return canonical(negative, whole || "0", fraction);
}

/** Adds one to a string of digits ("" is zero). */
function increment(digits: string): string {
  let i = digits.length - 1;
  while (i >= 0 && digits[i] === "9") i--;
  return (i < 0 ? "1" : digits.slice(0, i) + String(Number(digits[i]) + 1)) + "0".repeat(digits.length - 1 - i);
}

/** Whether two values agree at the coarser of their two precisions. */
export function agreeAtPrecision(a: string, aDecimals: number, b: string, bDecimals: number): boolean {
  const decimals = Math.min(aDecimals, bDecimals);
  return roundDecimal(a, decimals) === roundDecimal(b, decimals);
}

/** The value in whole units, rounded half away from zero; null when it is too large to be exact. */
export function wholeUnits(value: string): number | null {
  const rounded = Number(roundDecimal(value, 0));
  return Number.isSafeInteger(rounded) ? rounded : null;
}
