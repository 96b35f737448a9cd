/**
 * The rows of one company in Bolagsverket's bulk file (bolagsverket_bulkfile_columns.csv): `;`-separated, every field
 * quoted (`"` doubled), `$` subfields, `|` repeats. The primary row (namnskyddslöpnummer 1) carries the company name
 * (a sole trader's also the owner's name); extra rows carry särskilda företagsnamn (bifirmor) with higher löpnummer.
 * Inactive companies are deregistered (date and reason) or in an ongoing bankruptcy or liquidation.
 */
import type { CompanySourceRecord } from "#search-index/engine";
import { BULK_COLUMNS } from "../bolagsverket/bulk-row";
import { dayNumberOf, isoFromDayNumber } from "../generator/dates";
import type { Rng } from "../generator/random";
import { bolagsverketFormLetter, pickWeighted, registerIdentity, soleTraderOwner, type Weighted } from "./register-membership";
import { RegisterFormatError, townInCapitals, zipDigits } from "./register-text";

/** The last day the synthetic registers describe (the files are dated 2026-11-01). */
export const LAST_REGISTER_DATE = "2026-10-31";

export const BOLAGSVERKET_HEADER = BULK_COLUMNS.join(";");

/** Deregistration reasons (avregistreringsorsak) by kind of organisation. */
// prettier-ignore
const REASONS: Readonly<Record<"limited" | "partnership" | "association", Weighted>> = {
  limited: [["KKAV", 0.3], ["LIAV", 0.4], ["FUAV", 0.15], ["ARSEED", 0.05], ["AKEJH", 0.05], ["DOM", 0.05]],
  partnership: [["VERKUPP", 0.8], ["KKAV", 0.1], ["AVREG", 0.05], ["NYINN", 0.05]],
  association: [["LIAV", 0.45], ["FUAV", 0.2], ["OVERK", 0.2], ["KKAV", 0.1], ["AVREG", 0.05]],
};
// prettier-ignore
const TRADE_NAMES = ["Service", "Fastigheter", "Konsult", "Bygg", "Design", "Handel", "Invest", "Logistik", "Media", "Teknik", "Trading", "Import", "Event", "Måleri", "Transport", "Data", "Finans", "Reklam", "Utbildning", "Hälsa", "Café", "Förvaltning", "Produktion", "Montage"];
const LEGAL_SUFFIX = /(\s+(AB|HB|KB|\(publ\)|Handelsbolag|Kommanditbolag|ekonomisk förening))+$|, filial$/i;

const quote = (value: string) => `"${value.replaceAll('"', '""')}"`;
const clampDay = (day: number, min: string, max: string) => Math.min(Math.max(day, dayNumberOf(min)), dayNumberOf(max));

interface Status {
  deregisteredDate: string;
  reason: string;
  procedures: string;
  /** The last day the company had its names (deregistration, else the file's date). */
  until: string;
}

function reasonsFor(record: CompanySourceRecord): Weighted {
  if (["41", "42", "43", "49"].includes(record.legalFormCode)) return REASONS.limited;
  return ["EN", "HB", "KB"].includes(record.form) ? REASONS.partnership : REASONS.association;
}

/**
 * Inactive companies are deregistered some months after their last accounts, or, when that is recent, may still be
 * in an ongoing bankruptcy or liquidation; a few active ones are in a reconstruction or being merged.
 */
function statusFor(record: CompanySourceRecord, rng: Rng): Status {
  const registered = record.registeredDate;
  const none = { deregisteredDate: "", reason: "", procedures: "", until: LAST_REGISTER_DATE };
  if (record.isActive) {
    if (!rng.chance(0.005)) return none;
    const date = isoFromDayNumber(clampDay(dayNumberOf(LAST_REGISTER_DATE) - rng.int(10, 400), registered, LAST_REGISTER_DATE));
    return { ...none, procedures: `|${rng.chance(0.6) ? "FR" : "FUOL"}-AVOMFO$${date}` };
  }
  const lastAccounts = record.financialPeriods.reduce((latest, p) => (p.periodEnd > latest ? p.periodEnd : latest), registered);
  const date = isoFromDayNumber(clampDay(dayNumberOf(lastAccounts) + rng.int(60, 540), registered, LAST_REGISTER_DATE));
  const isRecent = dayNumberOf(LAST_REGISTER_DATE) - dayNumberOf(date) < 730;
  if (isRecent && rng.chance(0.4)) return { ...none, procedures: `|${rng.chance(0.6) ? "KK" : "LI"}-AVOMFO$${date}`, until: date };
  return { ...none, deregisteredDate: date, reason: `${pickWeighted(rng, reasonsFor(record))}-AVORG`, until: date };
}

function checkText(record: CompanySourceRecord, label: string, value: string, forbidden?: RegExp) {
  if (value !== value.trim() || value.includes("\r") || forbidden?.test(value))
    throw new RegisterFormatError(record.orgNo, `${label} "${value}" cannot be written to Bolagsverket's file unchanged`);
}

function postalAddress(record: CompanySourceRecord): string {
  const { streetAddress, careOf, city, zip } = record.postalAddress;
  const parts = [streetAddress ?? "", careOf ?? "", townInCapitals(city ?? "")];
  parts.forEach((part) => checkText(record, "postal address", part, /\$/));
  const digits = zipDigits(zip);
  if (!/^\d{5}$/.test(digits)) throw new RegisterFormatError(record.orgNo, "a postal code is needed for the seat in Bolagsverket's file");
  return [...parts, digits, "SE-LAND"].join("$");
}

/** Name entries of the primary row: the company name, a sole trader's also the owner's name (NAMN). */
function primaryNames(record: CompanySourceRecord): string {
  const owner = soleTraderOwner(record);
  checkText(record, "name", record.name, /\|/);
  if (owner) checkText(record, "owner's name", owner.name, /[|$]/);
  const date = record.registeredDate;
  if (owner?.name === record.name) return `${owner.name}$NAMN-ORGNAM$${date}`;
  const ownerEntry = owner ? `|${owner.name}$NAMN-ORGNAM$${date}` : "";
  return `${record.name}$FORETAGSNAMN-ORGNAM$${date}${ownerEntry}`;
}

/** Särskilda företagsnamn: the name's stem (or its initials) with a trade word, each one different. */
function extraNames(record: CompanySourceRecord, count: number, until: string, rng: Rng): string[] {
  const stem = record.name.replace(LEGAL_SUFFIX, "").trim() || record.name;
  const words = stem.split(/\s+/).filter((w) => /^\p{Lu}/u.test(w));
  const base = words.length >= 2 && rng.chance(0.25) ? words.map((w) => w[0]).join("") : stem;
  const first = rng.int(0, TRADE_NAMES.length - 1);
  const from = dayNumberOf(record.registeredDate);
  return Array.from({ length: count }, (_, i) => {
    const word = TRADE_NAMES[(first + i) % TRADE_NAMES.length] ?? "Service";
    const round = Math.floor(i / TRADE_NAMES.length);
    const date = isoFromDayNumber(rng.int(from, Math.max(from, dayNumberOf(until))));
    return `${base} ${word}${round > 0 ? ` ${round + 1}` : ""}$SARSKILT_FORETAGSNAMN-ORGNAM$${date}`;
  });
}

/** All rows of one company (primary first), each a line without its line break. */
export function bolagsverketRows(record: CompanySourceRecord, extraCount: number, rng: Rng): string[] {
  const { digits, isPersonal } = registerIdentity(record.orgNo);
  const status = statusFor(record, rng);
  const description = record.businessDescription ?? "";
  checkText(record, "business description", description);
  const identity = quote(`${digits}$${isPersonal ? "PERSON" : "ORGNR"}-IDORG`);
  const rest = [
    `${bolagsverketFormLetter(record, rng)}-ORGFO`,
    status.deregisteredDate,
    status.reason,
    status.procedures,
    record.registeredDate,
    description,
    postalAddress(record),
  ].map(quote);
  const names = [primaryNames(record), ...extraNames(record, extraCount, status.until, rng)];
  return names.map((entry, i) => [identity, quote(String(i + 1)), quote("SE-LAND"), quote(entry), ...rest].join(";"));
}
