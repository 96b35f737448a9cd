/**
 * SNI 2007's sections by the first two digits of their divisions (SCB): "43210" → "F", "43" → "F". A code's section
 * is its top ancestor in the industry tree; the client needs it where it does not hold the tree (the similar search's
 * exclusions). The reference data (search-index/refdata/sni.ts) is the source: search-index/refdata/sni-sections.test.ts
 * checks every code of it against this table.
 */
const SECTION_DIVISIONS: readonly (readonly [section: string, first: number, last: number])[] = [
  ["A", 1, 3],
  ["B", 5, 9],
  ["C", 10, 33],
  ["D", 35, 35],
  ["E", 36, 39],
  ["F", 41, 43],
  ["G", 45, 47],
  ["H", 49, 53],
  ["I", 55, 56],
  ["J", 58, 63],
  ["K", 64, 66],
  ["L", 68, 68],
  ["M", 69, 75],
  ["N", 77, 82],
  ["O", 84, 84],
  ["P", 85, 85],
  ["Q", 86, 88],
  ["R", 90, 93],
  ["S", 94, 96],
  ["T", 97, 98],
  ["U", 99, 99],
];

/** The section letter of an SNI code of two to five digits, the letter itself for a section; null otherwise. */
export function sniSectionOfCode(code: string): string | null {
  if (/^[A-U]$/.test(code)) return code;
  if (!/^\d{2,5}$/.test(code)) return null;
  const division = Number(code.slice(0, 2));
  return SECTION_DIVISIONS.find(([, first, last]) => division >= first && division <= last)?.[0] ?? null;
}

/** Whether `code` is `own` or above it in the industry tree (its section, division, group or class). */
export function sniCodeContains(code: string, own: string): boolean {
  return own.startsWith(code) || sniSectionOfCode(own) === code;
}
