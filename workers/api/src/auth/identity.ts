/**
 * The sign-in identity ('E-post / Personnr / Användarnamn', or a phone number for SMS): classified and normalised
 * to the forms stored in users (e-mail lower case, personal identity number as 12 digits, phone as E.164).
 */
export type IdentityKind = "EMAIL" | "PERSONAL_ID" | "PHONE" | "USERNAME";

export interface ParsedIdentity {
  raw: string;
  kind: IdentityKind;
  /** The lookup values: one identity can be both a username and a phone number, say. */
  email?: string;
  personalId?: string;
  phone?: string;
  username: string;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PERSONAL_ID_PATTERN = /^(\d{2})?(\d{2})(\d{2})(\d{2})([-+]?)(\d{4})$/;
const PHONE_PATTERN = /^(?:\+46|0046|0)(7\d{8}|[1-9]\d{6,8})$/;

/** Luhn over the 10-digit form YYMMDDNNNC. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[i]) * (i % 2 === 0 ? 2 : 1);
    if (d > 9) d -= 9;
    sum += d;
  }
  return sum % 10 === 0;
}

function validDate(year: number, month: number, day: number): boolean {
  const dayOfMonth = day > 60 ? day - 60 : day; // samordningsnummer add 60 to the day
  const date = new Date(Date.UTC(year, month - 1, dayOfMonth));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === dayOfMonth;
}

function centuryFor(yy: number, separator: string, now: Date): number {
  const currentYear = now.getUTCFullYear();
  let year = 2000 + yy;
  if (year > currentYear) year -= 100;
  if (separator === "+") year -= 100; // "+" marks someone 100 years or older
  return Math.floor(year / 100) * 100;
}

/**
 * Swedish personal identity number (personnummer or samordningsnummer) in any common form: YYMMDD-NNNN,
 * YYMMDD+NNNN, YYMMDDNNNN, YYYYMMDD-NNNN, YYYYMMDDNNNN. Returns the 12-digit form, or undefined when not valid.
 */
export function normalizePersonalId(input: string, now = new Date()): string | undefined {
  const match = PERSONAL_ID_PATTERN.exec(input.replace(/\s/g, ""));
  if (!match) return undefined;
  const [, century, yy, mm, dd, separator = "", serial] = match as unknown as [
    string,
    string | undefined,
    string,
    string,
    string,
    string,
    string,
  ];
  const fullYear = century ? Number(century + yy) : centuryFor(Number(yy), separator, now) + Number(yy);
  if (!validDate(fullYear, Number(mm), Number(dd))) return undefined;
  const ten = `${yy}${mm}${dd}${serial}`;
  return luhnValid(ten) ? `${fullYear}${mm}${dd}${serial}` : undefined;
}

/** True when the text is shaped like a personal identity number (so a failed check is worth a message). */
export function looksLikePersonalId(input: string): boolean {
  return /^(\d{6}|\d{8})[-+]\d{4}$/.test(input.replace(/\s/g, ""));
}

/** Swedish phone number in national or international form → E.164 (+46…), else undefined. */
export function normalizePhone(input: string): string | undefined {
  const compact = input.replace(/[\s()-]/g, "");
  const match = PHONE_PATTERN.exec(compact);
  return match?.[1] ? `+46${match[1]}` : undefined;
}

export function normalizeEmail(input: string): string | undefined {
  const trimmed = input.trim().toLowerCase();
  return EMAIL_PATTERN.test(trimmed) && trimmed.length <= 254 ? trimmed : undefined;
}

export function parseIdentity(input: string): ParsedIdentity {
  const raw = input.trim();
  const email = normalizeEmail(raw);
  if (email) return { raw, kind: "EMAIL", email, username: raw };
  const personalId = normalizePersonalId(raw);
  const phone = normalizePhone(raw);
  const kind: IdentityKind = personalId ? "PERSONAL_ID" : phone ? "PHONE" : "USERNAME";
  return { raw, kind, username: raw, ...(personalId ? { personalId } : {}), ...(phone ? { phone } : {}) };
}
