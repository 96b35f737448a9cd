/**
 * Swedish organisation and personal identity numbers: Luhn check digit, formatting, validation.
 * Organisation numbers have a group digit first and a third digit ≥ 2; personal identity numbers (sole traders)
 * are a birth date YYMMDD and a serial, so they are personal data.
 */

/** Luhn (mod 10) check digit of the first nine digits. */
export function luhnCheckDigit(nineDigits: string): number {
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    let d = nineDigits.charCodeAt(i) - 48;
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** "5561234567" → "556123-4567". */
export function formatOrgNo(tenDigits: string): string {
  return `${tenDigits.slice(0, 6)}-${tenDigits.slice(6)}`;
}

/** Appends the check digit to nine digits and formats the result. */
export function completeOrgNo(nineDigits: string): string {
  return formatOrgNo(nineDigits + String(luhnCheckDigit(nineDigits)));
}

export function hasValidLuhn(tenDigits: string): boolean {
  return /^\d{10}$/.test(tenDigits) && luhnCheckDigit(tenDigits) === Number(tenDigits[9]);
}

/** True for a "NNNNNN-NNNN" number whose check digit is right. */
export function isValidOrgNo(orgNo: string): boolean {
  return /^\d{6}-\d{4}$/.test(orgNo) && hasValidLuhn(orgNo.replace("-", ""));
}

/** True when the number is a personal identity number (a real date of birth in the first six digits). */
export function isPersonalIdentityNumber(orgNo: string): boolean {
  const digits = orgNo.replace("-", "");
  const month = Number(digits.slice(2, 4));
  const day = Number(digits.slice(4, 6));
  return month >= 1 && month <= 12 && ((day >= 1 && day <= 31) || (day >= 61 && day <= 91));
}

/**
 * Normalises a register identity to "NNNNNN-NNNN": 10 digits as is; 12 digits (personal identity number with
 * century, or an organisation number with the "16" prefix) without the first two. Null when malformed.
 */
export function normaliseIdentity(raw: string): string | null {
  const digits = raw.replace(/[\s-]/g, "");
  if (/^\d{10}$/.test(digits)) return formatOrgNo(digits);
  if (/^(16|19|20)\d{10}$/.test(digits)) return formatOrgNo(digits.slice(2));
  return null;
}
