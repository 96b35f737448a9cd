/**
 * How one generated annual report writes its numbers, drawn once per report: a transformation-registry format
 * (TR1 `ixt:` of 2010, TR4 `ixt4:` of 2020), whole units or thousands (tkr: decimals="-3" scale="3"), how zero and
 * negative amounts look, and the thousands separator. The tag's content is always unsigned: a negative amount has
 * sign="-" and its minus or parentheses stand outside the tag, as Swedish filings write them.
 */
import { type Rng, WeightedPicker } from "../../generator/random";

export type NumberFormat = "ixt:numspacecomma" | "ixt:numcommadot" | "ixt4:num-comma-decimal" | "ixt4:num-dot-decimal";
export type ZeroFormat = "ixt:numdash" | "ixt3:zerodash" | "ixt4:fixed-zero";

export interface NumberStyle {
  format: NumberFormat;
  thousandsSeparator: string;
  /** 3: amounts in thousands of the currency (tkr), rounded; 0: whole kronor (or euros). */
  scale: 0 | 3;
  /** A zero amount: a dash under a zero format, or null to write "0" in the number format. */
  zero: { format: ZeroFormat; text: string } | null;
  /** How a negative amount is shown around its unsigned tag. */
  negative: "parentheses" | "minus" | "hyphen";
}

const NBSP = "\u00a0";
const MINUS = "\u2212";
const EN_DASH = "\u2013";

/** [format, separator, scale] by weight: space-separated thousands with a decimal comma dominate Swedish filings. */
const FORMATS = WeightedPicker.fromPairs<readonly [NumberFormat, string, 0 | 3]>([
  [["ixt:numspacecomma", " ", 3], 34],
  [["ixt:numspacecomma", " ", 0], 30],
  [["ixt4:num-comma-decimal", NBSP, 0], 9],
  [["ixt4:num-comma-decimal", " ", 3], 7],
  [["ixt4:num-dot-decimal", " ", 0], 8],
  [["ixt4:num-dot-decimal", ",", 3], 4],
  [["ixt:numcommadot", ",", 0], 4],
  [["ixt:numspacecomma", NBSP, 3], 4],
]);

/** A report's number style; `wholeUnits` forces scale 0 (the euro reports are written in whole euros). */
export function drawNumberStyle(rng: Rng, wholeUnits = false): NumberStyle {
  const [format, thousandsSeparator, scale] = FORMATS.pick(rng);
  const zeroDraw = rng.next();
  const zeroRegistry: ZeroFormat = format.startsWith("ixt4:") ? "ixt4:fixed-zero" : rng.chance(0.3) ? "ixt3:zerodash" : "ixt:numdash";
  const zero = zeroDraw < 0.7 ? { format: zeroRegistry, text: rng.chance(0.5) ? EN_DASH : "-" } : null;
  const negative = rng.pick(["parentheses", "minus", "minus", "hyphen"] as const);
  return { format, thousandsSeparator, scale: wholeUnits ? 0 : scale, zero, negative };
}

/** Rounds half away from zero, as accountants round to thousands. */
export function roundHalfAway(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

/** The amount a report in this style states for `value` (whole units): rounded to thousands in tkr reports. */
export function statedAmount(value: number, style: Pick<NumberStyle, "scale">): number {
  return style.scale === 3 ? roundHalfAway(value / 1000) * 1000 : roundHalfAway(value);
}

/** Digits of a non-negative integer in groups of three. */
export function groupDigits(value: number, separator: string): string {
  const digits = String(Math.round(Math.abs(value)));
  let out = "";
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += separator;
    out += digits[i];
  }
  return out;
}

export interface AmountTag {
  name: string;
  contextRef: string;
  unitRef: string;
  value: number;
  /** A cost shown negated (e.g. "−1 234" for personnel costs): the fact stays positive, the minus is outside. */
  shownAsCost?: boolean;
}

/** One ix:nonFraction for a money amount in whole units, with its visible sign outside the tag. */
export function amountFact(tag: AmountTag, style: NumberStyle): string {
  const stated = statedAmount(tag.value, style);
  const decimals = style.scale === 3 ? "-3" : "0";
  const head = `<ix:nonFraction name="${tag.name}" contextRef="${tag.contextRef}" unitRef="${tag.unitRef}" decimals="${decimals}"`;
  if (stated === 0) {
    if (style.zero) return `${head} scale="${style.scale}" format="${style.zero.format}">${style.zero.text}</ix:nonFraction>`;
    return `${head} scale="${style.scale}" format="${style.format}">0</ix:nonFraction>`;
  }
  const sign = stated < 0 ? ' sign="-"' : "";
  const text = groupDigits(Math.abs(stated) / 10 ** style.scale, style.thousandsSeparator);
  const fact = `${head} scale="${style.scale}" format="${style.format}"${sign}>${text}</ix:nonFraction>`;
  const shownNegative = stated < 0 !== (tag.shownAsCost === true);
  if (!shownNegative) return fact;
  if (style.negative === "parentheses") return `(${fact})`;
  return `${style.negative === "minus" ? MINUS : "-"}${fact}`;
}

/** A plain amount shown like a tagged one, for lines the generator does not tag. */
export function amountText(value: number, style: NumberStyle, shownAsCost = false): string {
  const stated = statedAmount(value, style);
  if (stated === 0) return style.zero ? style.zero.text : "0";
  const text = groupDigits(Math.abs(stated) / 10 ** style.scale, style.thousandsSeparator);
  if (stated < 0 === shownAsCost) return text;
  if (style.negative === "parentheses") return `(${text})`;
  return `${style.negative === "minus" ? MINUS : "-"}${text}`;
}

/** A whole count (average number of employees) under the report's number format. */
export function countFact(name: string, contextRef: string, unitRef: string, value: number, style: NumberStyle): string {
  const head = `<ix:nonFraction name="${name}" contextRef="${contextRef}" unitRef="${unitRef}" decimals="0"`;
  if (value === 0 && style.zero) return `${head} format="${style.zero.format}">${style.zero.text}</ix:nonFraction>`;
  return `${head} format="${style.format}">${groupDigits(value, style.thousandsSeparator)}</ix:nonFraction>`;
}

/** A percentage with one decimal (soliditet) as a pure ratio: "33,7" with scale="-2" is 0.337. */
export function percentFact(name: string, contextRef: string, unitRef: string, percent: number, style: NumberStyle): string {
  const tenths = Math.round(Math.abs(percent) * 10);
  const decimalMark = style.format === "ixt:numcommadot" || style.format === "ixt4:num-dot-decimal" ? "." : ",";
  const text = `${groupDigits(Math.floor(tenths / 10), style.thousandsSeparator)}${decimalMark}${tenths % 10}`;
  const sign = percent < 0 && tenths > 0 ? ' sign="-"' : "";
  const fact = `<ix:nonFraction name="${name}" contextRef="${contextRef}" unitRef="${unitRef}" decimals="3" scale="-2" format="${style.format}"${sign}>${text}</ix:nonFraction>`;
  return sign ? `${MINUS}${fact}` : fact;
}
