/**
 * Text for SpreadsheetML cells: characters XML 1.0 forbids are dropped (control characters, lone surrogates,
 * U+FFFE/FFFF), text that could be taken for a formula gets a leading apostrophe, markup characters are escaped,
 * carriage returns written as Excel's `_x000D_`, and literal `_xHHHH_` sequences protected (Excel would otherwise
 * decode them as escaped characters).
 */

// eslint-disable-next-line no-control-regex -- these are exactly the control characters XML 1.0 forbids
const MAY_BE_ILLEGAL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;
const ILLEGAL = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
// Anything that needs more than a copy: markup, tab/LF/CR, `_x`, whitespace at either end.
const NEEDS_ESCAPE = /[&<>\t\n\r]|_x|^\s|\s$/;
const MARKUP = /[&<>\r]|_(?=x[0-9A-Fa-f]{4}_)/g;
const REPLACEMENTS: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", "\r": "_x000D_", _: "_x005F_" };
const NEEDS_PRESERVE = /^\s|\s$|[\t\n\r]/;

// A cell starting with one of these could be taken for a formula when the data is re-imported or edited (OWASP
// "CSV injection"); such text is written with a leading apostrophe.
const FORMULA_START = /^[=+\-@\t\r]/;

/** Drops the characters XML 1.0 does not allow. */
export function stripIllegalXml(text: string): string {
  return MAY_BE_ILLEGAL.test(text) ? text.replace(ILLEGAL, "") : text;
}

export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Cell text → element content; `preserve` tells whether xml:space="preserve" is needed to keep whitespace. */
export function escapeCellText(text: string): { xml: string; preserve: boolean } {
  const safe = neutraliseFormula(stripIllegalXml(text));
  if (!NEEDS_ESCAPE.test(safe)) return { xml: safe, preserve: false };
  return { xml: safe.replace(MARKUP, (c) => REPLACEMENTS[c] ?? c), preserve: NEEDS_PRESERVE.test(safe) };
}

/** Escapes text for an attribute value or element content outside cells (sheet names, document properties). */
export function escapeXml(text: string): string {
  return stripIllegalXml(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
