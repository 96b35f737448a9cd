/** Text as the registers write it, and the error for a source value a register file cannot carry. */
import { titleCase } from "../bolagsverket/to-record";

/** A source value that the register's format cannot represent so that it loads back unchanged. */
export class RegisterFormatError extends Error {
  constructor(orgNo: string, message: string) {
    super(`${orgNo}: ${message}`);
    this.name = "RegisterFormatError";
  }
}

/** Postal towns in capitals, as both registers write them, when the loaders' title case gives the town back. */
export function townInCapitals(town: string): string {
  const upper = town.toLocaleUpperCase("sv");
  return titleCase(upper) === town ? upper : town;
}

export const upper = (text: string): string => text.toLocaleUpperCase("sv");

/** "2026-03-01" → "20260301" (SCB's ÅÅÅÅMMDD). */
export const compactDate = (iso: string): string => iso.replaceAll("-", "");

/** A zip as "NNNNN" ("123 45" in the source records). */
export const zipDigits = (zip: string | null): string => (zip ?? "").replace(/\s/g, "");
