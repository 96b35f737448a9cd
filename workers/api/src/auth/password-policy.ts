import commonPasswords from "./common-passwords.json" with { type: "json" };

/**
 * Password rules (ASVS 5.0 V6.2): at least 8 and at most 128 characters counted as typed (Unicode code points after
 * NFC, so "lösenord" is 8), any characters allowed, no composition rules, and none of the 3000 most common passwords
 * (common-passwords.json, see its LICENSE note), compared case-insensitively.
 */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

const COMMON = new Set((commonPasswords as string[]).map((p) => p.toLowerCase()));

export type PasswordProblem = "TOO_SHORT" | "TOO_LONG" | "TOO_COMMON";

export const PASSWORD_PROBLEM_MESSAGES: Record<PasswordProblem, string> = {
  TOO_SHORT: `Lösenordet måste ha minst ${MIN_PASSWORD_LENGTH} tecken.`,
  TOO_LONG: `Lösenordet får ha högst ${MAX_PASSWORD_LENGTH} tecken.`,
  TOO_COMMON: "Lösenordet är för vanligt. Välj ett annat.",
};

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.normalize("NFC").toLowerCase());
}

/** The first rule a new password breaks, or undefined when it is acceptable. */
export function checkNewPassword(password: string): PasswordProblem | undefined {
  const length = Array.from(password.normalize("NFC")).length;
  if (length < MIN_PASSWORD_LENGTH) return "TOO_SHORT";
  if (length > MAX_PASSWORD_LENGTH) return "TOO_LONG";
  if (isCommonPassword(password)) return "TOO_COMMON";
  return undefined;
}
