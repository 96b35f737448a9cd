/** Unique organisation numbers with form-appropriate prefixes, personal identity numbers, CFAR numbers. */
import { completeOrgNo } from "../org-number";
import { daysInMonth } from "./dates";
import type { Rng } from "./random";

const pad = (n: number, width: number) => String(n).padStart(width, "0");

export class IdentityPool {
  private readonly used = new Set<number>();

  private claim(orgNo: string): boolean {
    const key = Number(orgNo.replace("-", ""));
    if (this.used.has(key)) return false;
    this.used.add(key);
    return true;
  }

  /** Marks an organisation number as taken (one already in a dataset that is being changed). */
  reserve(orgNo: string): void {
    this.claim(orgNo);
  }

  /** An organisation number starting with `prefix`; the third digit is ≥ 2 so it never reads as a date. */
  orgNo(rng: Rng, prefix: string): string {
    for (let attempt = 0; attempt < 1000; attempt++) {
      let body = prefix;
      while (body.length < 9) body += String(body.length === 2 ? rng.int(2, 9) : rng.int(0, 9));
      const orgNo = completeOrgNo(body);
      if (this.claim(orgNo)) return orgNo;
    }
    throw new Error(`organisation numbers with prefix ${prefix} are exhausted`);
  }

  /** A sole trader's personal identity number (YYMMDD-NNNC) for someone born in `birthYear`. */
  personalNo(rng: Rng, birthYear: number): string {
    for (let attempt = 0; attempt < 1000; attempt++) {
      const month = rng.int(1, 12);
      const day = rng.int(1, daysInMonth(birthYear, month));
      const body = `${pad(birthYear % 100, 2)}${pad(month, 2)}${pad(day, 2)}${pad(rng.int(0, 999), 3)}`;
      const orgNo = completeOrgNo(body);
      if (this.claim(orgNo)) return orgNo;
    }
    throw new Error(`personal identity numbers for ${birthYear} are exhausted`);
  }
}

/** CFAR numbers: 8 digits, a bijection of the running index (no collisions up to 90 million worksites). */
export function cfarNumber(index: number): string {
  return String(10_000_000 + ((index * 7_919 + 1_234_567) % 90_000_000));
}
