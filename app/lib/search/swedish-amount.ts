/**
 * Swedish amounts as people type them into a range field (spec §5, issue 38 point 6): "25000", "2 500 000" (grouped
 * with spaces, no-break spaces included), "1,5" or "1.5", "-300", an optional '>' prefix, and a unit word: "kr",
 * "tkr" or "k" (thousands), "mkr" or "milj" (millions), "mdkr" or "md" (billions), so "500 tkr", "500k", "1,5 milj" and
 * "2 mdkr".
 * The amount comes back in the field's own unit: most money fields are whole kronor, a field kept in tkr divides by
 * a thousand. Digit groups must be of three ("1 5" is not "15"); anything else is unreadable (null).
 */

/** Power of ten of each unit word, in kronor. */
const UNIT_EXPONENTS: Readonly<Record<string, number>> = {
  kr: 0,
  kronor: 0,
  sek: 0,
  tkr: 3,
  tsek: 3,
  k: 3,
  tusen: 3,
  mkr: 6,
  msek: 6,
  mn: 6,
  milj: 6,
  miljon: 6,
  miljoner: 6,
  mdkr: 9,
  md: 9,
  mdr: 9,
  mrd: 9,
  miljard: 9,
  miljarder: 9,
};
const KRONOR_WORDS = new Set(["kr", "kronor", "sek"]);

/** The power of ten of a field's unit in kronor: 0 for kronor, 3 for tkr. */
export type FieldUnitExponent = 0 | 3;

const AMOUNT_PATTERN = /^(-)? ?(\d{1,3}(?: \d{3})+|\d+)?(?:[.,](\d*))? ?(\p{L}+)?(\.)?(?: ?(\p{L}+))?$/u;

/** The unit word(s) after a number → the power of ten in kronor, or null when they are no Swedish unit. */
function unitExponent(word: string | undefined, abbreviationDot: boolean, trailing: string | undefined): number | null {
  if (word === undefined) return abbreviationDot || trailing !== undefined ? null : 0;
  const exponent = UNIT_EXPONENTS[word];
  if (exponent === undefined) return null;
  // "milj kr", "milj. kr", "tusen kronor": a scale word may be followed by kronor; "kr kr" is no amount.
  if (trailing !== undefined && (KRONOR_WORDS.has(word) || !KRONOR_WORDS.has(trailing))) return null;
  return exponent;
}

/**
 * Reads a typed amount; null when it cannot be read. `fieldUnit` is the power of ten of the field's unit in kronor
 * (only amounts with a unit word are converted; a bare number is already in the field's unit).
 */
export function parseSwedishAmount(text: string, fieldUnit: FieldUnitExponent = 0): number | null {
  const normalised = text
    .toLowerCase()
    .replace(/\u2212/g, "-")
    .replace(/\s+/gu, " ")
    .trim()
    .replace(/^> ?/, "");
  const match = AMOUNT_PATTERN.exec(normalised);
  if (!match) return null;
  const [, minus, whole, fraction, word, dot, trailing] = match;
  if (whole === undefined && !fraction) return null;
  const exponent = unitExponent(word, dot !== undefined, trailing);
  if (exponent === null) return null;
  const digits = `${(whole ?? "0").replace(/ /g, "")}.${fraction ?? ""}`;
  // A decimal exponent keeps the arithmetic exact: "1,1 milj" is 1 100 000, not 1 100 000.0000000002.
  const shift = word === undefined ? 0 : exponent - fieldUnit;
  const value = Number(`${minus ?? ""}${digits}0e${shift}`);
  return Number.isFinite(value) ? value : null;
}
