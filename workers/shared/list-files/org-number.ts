/**
 * Swedish organisation (and personal) numbers: normalisation to NNNNNN-NNNN, the Luhn check digit, and the compact
 * numeric key (the ten digits as one integer) used to de-duplicate and store them. Written as plain loops, not
 * regular expressions: a 20 MB list holds up to a million candidates.
 */

export type CandidateVerdict =
  | { kind: "valid"; key: number }
  | { kind: "invalid" }
  /** Not shaped like an organisation number at all (wrong length or misplaced hyphen): ignored, not counted. */
  | { kind: "ignored" };

const IGNORED: CandidateVerdict = { kind: "ignored" };
const INVALID: CandidateVerdict = { kind: "invalid" };

/** Hyphen-like separators allowed before the last four digits: - + ‐ ‑ ‒ – −. */
export function isSeparator(c: number): boolean {
  return c === 45 || c === 43 || (c >= 0x2010 && c <= 0x2013) || c === 0x2212;
}

/** YYMMDD of a personal number: month 01–12, day 01–31, or 61–91 for a co-ordination number. */
function isPersonalDate(month: number, day: number): boolean {
  const realDay = day > 60 ? day - 60 : day;
  return month >= 1 && month <= 12 && realDay >= 1 && realDay <= 31;
}

/** Verdict codes of judgeRange; any value ≥ 0 is the valid number's key. */
export const IGNORED_CODE = -1;
export const INVALID_CODE = -2;

const scratch = new Uint8Array(12);

/**
 * Judges text[start, end) as one candidate without allocating: 10 digits, or 12 with the prefix 16 (organisations)
 * or 19/20 (personal numbers of sole traders, whose date must then be real). Spaces must already be gone; one
 * hyphen-like separator may precede the last four digits. Returns the key, IGNORED_CODE or INVALID_CODE.
 */
export function judgeRange(text: string, start: number, end: number): number {
  let count = 0;
  let separatorAt = -1;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      if (count === 12) return IGNORED_CODE;
      scratch[count++] = c - 48;
    } else if (separatorAt < 0 && count > 0 && isSeparator(c)) separatorAt = count;
    else return IGNORED_CODE;
  }
  if (count !== 10 && count !== 12) return IGNORED_CODE;
  if (separatorAt >= 0 && separatorAt !== count - 4) return IGNORED_CODE;
  const from = count - 10;
  let sum = 0;
  let key = 0;
  for (let i = 0; i < 10; i++) {
    const d = scratch[from + i] as number;
    const weighted = i % 2 === 0 ? d * 2 : d;
    sum += weighted > 9 ? weighted - 9 : weighted;
    key = key * 10 + d;
  }
  if (sum % 10 !== 0) return INVALID_CODE;
  if (from === 2 && !(scratch[0] === 1 && scratch[1] === 6)) {
    const century = (scratch[0] as number) * 10 + (scratch[1] as number);
    const month = (scratch[4] as number) * 10 + (scratch[5] as number);
    const day = (scratch[6] as number) * 10 + (scratch[7] as number);
    if ((century !== 19 && century !== 20) || !isPersonalDate(month, day)) return INVALID_CODE;
  }
  return key;
}

/** judgeRange for a whole compact string, as a verdict object. */
export function judgeCandidate(compact: string): CandidateVerdict {
  const code = judgeRange(compact, 0, compact.length);
  if (code === IGNORED_CODE) return IGNORED;
  if (code === INVALID_CODE) return INVALID;
  return { kind: "valid", key: code };
}

/** The numeric key back to NNNNNN-NNNN. */
export function formatOrgNo(key: number): string {
  const ten = String(key).padStart(10, "0");
  return `${ten.slice(0, 6)}-${ten.slice(6)}`;
}

/** NNNNNN-NNNN back to its numeric key. */
export const orgNoKey = (orgNo: string): number => Number(orgNo.replace("-", ""));

/** Any common spelling of one number to NNNNNN-NNNN, or null when it is not a valid number. */
export function normaliseOrgNo(input: string): string | null {
  const verdict = judgeCandidate(input.replace(/[\s\u00a0\u202f]+/g, ""));
  return verdict.kind === "valid" ? formatOrgNo(verdict.key) : null;
}
