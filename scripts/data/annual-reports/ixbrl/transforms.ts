/**
 * The Inline XBRL transformation formats Swedish filings use, in the registries of 2010 (TR1), 2011 (TR2), 2015
 * (TR3), 2020 (TR4) and 2022 (TR5). A format is known by its namespace URI and local name, never by its prefix.
 * Numbers come back as an unsigned decimal { int, frac } (the `sign` attribute carries the sign); anything a format
 * does not accept gives null, which the parser reports as an unreadable figure.
 */
import type { QName } from "./xml-reader";

const TRANSFORM_NAMESPACES = new Set([
  "http://www.xbrl.org/inlineXBRL/transformation/2010-04-20",
  "http://www.xbrl.org/inlineXBRL/transformation/2011-07-31",
  "http://www.xbrl.org/inlineXBRL/transformation/2015-02-26",
  "http://www.xbrl.org/inlineXBRL/transformation/2020-02-12",
  "http://www.xbrl.org/inlineXBRL/transformation/2022-02-16",
]);

export interface UnsignedDecimal {
  /** Integer digits (at least one). */
  int: string;
  /** Fraction digits, possibly empty. */
  frac: string;
}

type NumberStyle = "comma-decimal" | "dot-decimal" | "zero-dash" | "fixed-zero";

/** Local names (lower case, hyphens removed, so TR4's "num-comma-decimal" is "numcommadecimal") → style. */
const NUMBER_STYLES = new Map<string, NumberStyle>([
  ["numspacecomma", "comma-decimal"],
  ["numdotcomma", "comma-decimal"],
  ["numcomma", "comma-decimal"],
  ["numcommadecimal", "comma-decimal"],
  ["numcommadot", "dot-decimal"],
  ["numspacedot", "dot-decimal"],
  ["numdotdecimal", "dot-decimal"],
  ["zerodash", "zero-dash"],
  ["numdash", "zero-dash"],
  ["fixedzero", "fixed-zero"],
]);

/** Spaces that separate thousands: space, no-break space, thin space, narrow no-break space. */
const SPACES = new Set([" ", "\u00a0", "\u2009", "\u202f"]);
const DASHES = new Set(["-", "\u2010", "\u2012", "\u2013", "\u2014", "\u2212"]);
const XS_DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** The format's local name in lower case without hyphens, when it is in a transformation registry. */
function styleKey(format: QName): string | null {
  return TRANSFORM_NAMESPACES.has(format.ns) ? format.local.toLowerCase().replaceAll("-", "") : null;
}

/**
 * Reads the text of an ix:nonFraction. Without a format the content must be an xs:decimal, whose own sign is
 * returned in `negative`; formatted content is unsigned.
 */
export function readNumber(text: string, format: QName | null): (UnsignedDecimal & { negative: boolean }) | null {
  const content = text.trim();
  if (format === null) {
    const match = XS_DECIMAL.exec(content);
    if (!match || (match[2] === "" && !match[3])) return null;
    return { int: match[2] || "0", frac: match[3] ?? "", negative: match[1] === "-" };
  }
  const key = styleKey(format);
  const style = key === null ? undefined : NUMBER_STYLES.get(key);
  if (style === undefined) return null;
  // zerodash takes one dash; fixed-zero ignores its content.
  if (style === "fixed-zero" || (style === "zero-dash" && DASHES.has(content))) return { int: "0", frac: "", negative: false };
  if (style === "zero-dash") return null;
  const parsed = groupedNumber(content, style === "comma-decimal" ? "," : ".");
  return parsed && { ...parsed, negative: false };
}

/**
 * Digits in groups with the given decimal mark. Thousands separators are the spaces above and the other mark;
 * every group after a separator must have exactly three digits.
 */
function groupedNumber(content: string, decimalMark: "," | "."): UnsignedDecimal | null {
  const otherMark = decimalMark === "," ? "." : ",";
  let int = "";
  let groupLength = -1;
  let i = 0;
  for (; i < content.length; i++) {
    const c = content[i] as string;
    if (c >= "0" && c <= "9") {
      int += c;
      if (groupLength >= 0) groupLength++;
    } else if ((SPACES.has(c) || c === otherMark) && int.length > 0 && groupLength !== 0 && (groupLength < 0 || groupLength === 3)) {
      groupLength = 0;
    } else {
      break;
    }
  }
  if (int.length === 0 || (groupLength >= 0 && groupLength !== 3)) return null;
  if (i === content.length) return { int, frac: "" };
  if (content[i] !== decimalMark) return null;
  const frac = content.slice(i + 1);
  return /^\d+$/.test(frac) ? { int, frac } : null;
}

const DATE_ORDERS = new Map<string, "ymd" | "dmy">([
  ["dateyearmonthday", "ymd"],
  ["datedaymonthyear", "dmy"],
  ["datedoteu", "dmy"],
  ["dateslasheu", "dmy"],
]);

/**
 * Reads a date fact as "YYYY-MM-DD": ISO text without a format, or the numeric year-month-day and day-month-year
 * formats with any separators. Anything else (month names, two-digit years, unknown formats) gives null.
 */
export function readDate(text: string, format: QName | null): string | null {
  const content = text.trim();
  const key = format === null ? "dateyearmonthday" : styleKey(format);
  const order = key === null ? undefined : DATE_ORDERS.get(key);
  if (order === undefined) return null;
  const parts = content.split(/\D+/);
  if (parts.length !== 3) return null;
  const [year, month, day] = (order === "ymd" ? parts : [parts[2], parts[1], parts[0]]) as [string, string, string];
  if (!/^\d{4}$/.test(year) || !/^\d{1,2}$/.test(month) || !/^\d{1,2}$/.test(day)) return null;
  return isoDate(Number(year), Number(month), Number(day));
}

/** "YYYY-MM-DD" for a real calendar date, else null. */
export function isoDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}
