/**
 * Which register files a source company appears in, and how the registers spell its identity and form. Every
 * company is in SCB's file (SCB's register of juridiska enheter covers them all); Bolagsverket's file has the forms
 * Bolagsverket registers, and only some sole traders, ideella föreningar and stiftelser (the rest are not obliged to
 * register there). Per-company draws come from a generator seeded by the organisation number, so both writers, the
 * tests and a rerun agree without sharing state.
 */
import type { CompanySourceRecord } from "#search-index/engine";
import { isPersonalIdentityNumber } from "../org-number";
import { DATA_YEAR } from "../generator/company-traits";
import { Rng } from "../generator/random";

export type Weighted = readonly (readonly [string, number])[];

/** One of the values, by their shares (which sum to 1). */
export function pickWeighted(rng: Rng, weighted: Weighted): string {
  let roll = rng.next();
  for (const [value, share] of weighted) {
    if (roll < share) return value;
    roll -= share;
  }
  return weighted[0]?.[0] ?? "";
}

/** Urval's short form → Bolagsverket's organisationsform letters with their shares (all map back to the same form). */
// prettier-ignore
const BOLAGSVERKET_FORMS: Readonly<Record<string, Weighted>> = {
  AB: [["AB", 1]], BAB: [["BAB", 1]], FAB: [["FAB", 0.9], ["TPAB", 0.1]], SE: [["SE", 1]],
  HB: [["HB", 1]], KB: [["KB", 1]], EN: [["E", 1]], EB: [["EB", 1]],
  EF: [["EK", 0.9], ["BF", 0.06], ["SF", 0.03], ["MB", 0.01]], BRF: [["BRF", 1]], KHF: [["KHF", 1]],
  SCE: [["SCE", 0.8], ["EGTS", 0.2]], IF: [["I", 1]], TSF: [["TSF", 1]], ST: [["S", 1]],
  FL: [["FL", 0.9], ["BFL", 0.05], ["FF", 0.05]], OFB: [["OFB", 0.9], ["OTPB", 0.1]], SB: [["SB", 1]],
  UF: [["FOF", 0.7], ["TPF", 0.3]], ÖJ: [["EEIG", 1]],
};

/** Share of sole traders registered with Bolagsverket (registration is voluntary for most of them). */
export const DEFAULT_SOLE_TRADER_SHARE = 0.3;
/** Shares of forms that are only in Bolagsverket's register when they trade (I, S); the rest are SCB-only. */
const PARTIAL_SHARES: Readonly<Record<string, number>> = { IF: 0.25, ST: 0.3 };

export interface MembershipOptions {
  seed: number;
  /** Share of sole traders (form EN) in Bolagsverket's file; default DEFAULT_SOLE_TRADER_SHARE. */
  soleTraderShare?: number;
}

/** FNV-1a over the digits and the seed: a per-company generator independent of the order of the stream. */
export function companyRng(orgNo: string, seed: number, salt: number): Rng {
  let hash = (0x811c9dc5 ^ seed ^ Math.imul(salt, 0x9e3779b1)) >>> 0;
  for (let i = 0; i < orgNo.length; i++) hash = Math.imul(hash ^ orgNo.charCodeAt(i), 0x01000193) >>> 0;
  return new Rng(hash);
}

const MEMBERSHIP_SALT = 1;

/** True when the company has rows in Bolagsverket's bulk file. */
export function isInBolagsverket(record: CompanySourceRecord, options: MembershipOptions): boolean {
  if (!BOLAGSVERKET_FORMS[record.form]) return false;
  const share = record.form === "EN" ? (options.soleTraderShare ?? DEFAULT_SOLE_TRADER_SHARE) : (PARTIAL_SHARES[record.form] ?? 1);
  return share >= 1 || companyRng(record.orgNo, options.seed, MEMBERSHIP_SALT).next() < share;
}

/** Bolagsverket's organisationsform letter for the company (drawn among the letters of its form). */
export function bolagsverketFormLetter(record: CompanySourceRecord, rng: Rng): string {
  const letters = BOLAGSVERKET_FORMS[record.form];
  if (!letters) throw new Error(`${record.orgNo}: the form ${record.form} is not in Bolagsverket's register`);
  return pickWeighted(rng, letters);
}

export const bolagsverketForms = (): readonly string[] => Object.keys(BOLAGSVERKET_FORMS);
export const bolagsverketLetters = (form: string): readonly string[] => (BOLAGSVERKET_FORMS[form] ?? []).map(([letter]) => letter);

/** The century of a personal identity number: 20 when that makes its holder at least 15 years old, else 19. */
export function centuryOf(orgNo: string): "19" | "20" {
  return 2000 + Number(orgNo.slice(0, 2)) <= DATA_YEAR - 15 ? "20" : "19";
}

/** Identity as the registers write it: 10 digits, or 12 with the century for personal identity numbers. */
export function registerIdentity(orgNo: string): { digits: string; isPersonal: boolean } {
  const ten = orgNo.replace("-", "");
  const isPersonal = isPersonalIdentityNumber(orgNo);
  return { digits: isPersonal ? centuryOf(orgNo) + ten : ten, isPersonal };
}

/** A sole trader's owner as "First Surname" (the manager of a sole trader is its owner), else null. */
export function soleTraderOwner(record: CompanySourceRecord): { firstName: string; surname: string; name: string } | null {
  const name = record.form === "EN" ? (record.managerName ?? record.boardMembers[0]?.name ?? null) : null;
  if (!name) return null;
  const space = name.lastIndexOf(" ");
  return space < 0 ? { firstName: "", surname: name, name } : { firstName: name.slice(0, space), surname: name.slice(space + 1), name };
}
