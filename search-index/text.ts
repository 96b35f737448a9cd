/**
 * Text matching shared by the index builders and the query side: Swedish word normalisation (å, ä, ö are letters of
 * their own, other accents are dropped, case is ignored), tokenising names, the name sort key, and recognising an
 * organisation number in any common format.
 */
const KEEP = /[åäö]/;
const COMBINING = /[\u0300-\u036f]/g;
const NEEDS_FOLDING = /[^\x20-\x7eåäö]/;

/** Lower-case and strip accents except on å, ä, ö (same rule as refdata's normalizeSearchText). */
export function normalizeWord(text: string): string {
  const lower = text.toLowerCase();
  if (!NEEDS_FOLDING.test(lower)) return lower;
  let out = "";
  for (const ch of lower.normalize("NFC")) out += KEEP.test(ch) ? ch : ch.normalize("NFD").replace(COMBINING, "");
  return out;
}

const SEPARATOR = /[^\p{L}\p{N}]+/u;

/** Distinct normalised words of a text, in order of appearance. */
export function tokenize(text: string): string[] {
  const words = normalizeWord(text).split(SEPARATOR);
  const seen = new Set<string>();
  for (const word of words) if (word !== "") seen.add(word);
  return [...seen];
}

/**
 * Sort key comparing like Swedish collation for names with plain string comparison: case and accents ignored,
 * and å < ä < ö placed after z (mapped to "{", "|", "}").
 */
export function nameSortKey(name: string): string {
  return normalizeWord(name).replaceAll("å", "{").replaceAll("ä", "|").replaceAll("ö", "}");
}

/**
 * An organisation number in any common format (556036-0793, 5560360793, 16556036-0793, 19...: prefixes 16, 19, 20,
 * spaces and dashes ignored) → "NNNNNN-NNNN"; null when the text is not one.
 */
export function parseOrgNoQuery(text: string): string | null {
  const digits = text.trim().replace(/[\s-]/g, "");
  const match = /^(?:16|19|20)?(\d{6})(\d{4})$/.exec(digits);
  return match ? `${match[1]}-${match[2]}` : null;
}

/** "NNNNNN-NNNN" → its 10 digits as a number (for typed-array lookups), NaN when malformed. */
export function orgNoToNumber(orgNo: string): number {
  return /^\d{6}-\d{4}$/.test(orgNo) ? Number(orgNo.slice(0, 6) + orgNo.slice(7)) : Number.NaN;
}
