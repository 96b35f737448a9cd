/**
 * The one formatting module of spec §9, used by the web app and the workers alike. Pure: no I/O, no globals.
 *
 * Numbers follow the Swedish locale (sv-SE): digits grouped by a no-break space (U+00A0), decimal comma, and the
 * minus sign U+2212. Money is given in kronor and shown in the unit that reads best (spec §9: kr, tkr, mkr, mdkr with
 * thresholds around 100 000 and 500 000):
 *   |v| <   100 000   → whole kronor             "99 500 kr"
 *   |v| <   500 000   → whole thousands          "250 tkr"
 *   |v| < 1 000 000 000 → millions, 0–2 decimals  "0,75 mkr", "12,3 mkr", "250 mkr"
 *   otherwise         → billions, 0–2 decimals   "1,25 mdkr"
 * Millions and billions keep 2 decimals below 10, 1 below 100 and none from 100 (trailing zeros dropped).
 */

const LOCALE = "sv-SE";
const NO_BREAK_SPACE = "\u00a0";
const MINUS = "\u2212";
const formatters = new Map<number, Intl.NumberFormat>();

/** For the rare number whose shortest form has an exponent (below 10⁻⁶ or from 10²¹): the platform's own formatter. */
function intlFormat(value: number, maxDecimals: number): string {
  let formatter = formatters.get(maxDecimals);
  if (!formatter) {
    formatter = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: maxDecimals, minimumFractionDigits: 0 });
    formatters.set(maxDecimals, formatter);
  }
  const formatted = formatter.format(value);
  // Rounding can leave a negative zero ("−0"); show it as plain zero (swedishNumber never writes one).
  return /^−0(,0*)?$/.test(formatted) ? formatted.slice(1) : formatted;
}

/** A string of decimal digits plus one: "099" → "100", "99" → "100". */
function incrementDigits(digits: string): string {
  const out = digits.split("");
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== "9") {
      out[i] = String(Number(out[i]) + 1);
      return out.join("");
    }
    out[i] = "0";
  }
  return `1${out.join("")}`;
}

/**
 * What `Intl.NumberFormat("sv-SE", { maximumFractionDigits })` writes, without it: the first Swedish number formatter a
 * page makes loads the locale's data, which cost a phone 150 ms of its hydration (decision 0071). Like Intl (ECMA-402's
 * NumberFormat v3), it rounds the number's shortest decimal form half away from zero, so 1.005 with two decimals is
 * "1,01"; a unit test holds the two to the same output.
 */
function swedishNumber(value: number, maxDecimals: number): string {
  const plain = String(Math.abs(value));
  if (plain.includes("e")) return intlFormat(value, maxDecimals);
  const [whole = "0", fraction = ""] = plain.split(".");
  let digits = whole + fraction.slice(0, maxDecimals).padEnd(maxDecimals, "0");
  if ((fraction[maxDecimals] ?? "0") >= "5") digits = incrementDigits(digits);
  const integer = digits.slice(0, digits.length - maxDecimals);
  const decimals = digits.slice(digits.length - maxDecimals).replace(/0+$/, "");
  const grouped = integer.replace(/\B(?=(\d{3})+$)/g, NO_BREAK_SPACE);
  const zero = /^0*$/.test(digits);
  return `${value < 0 && !zero ? MINUS : ""}${grouped}${decimals === "" ? "" : `,${decimals}`}`;
}

/** Swedish number grouping: 1234567.891 → "1 234 567,89" (with maxDecimals 2). Non-finite input gives "–". */
export function formatNumber(value: number | null | undefined, maxDecimals = 0): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "–";
  return swedishNumber(value, maxDecimals);
}

/** Decimals for a value in millions or billions: 2 below 10, 1 below 100, none from 100 (spec §9: 0, 1 or 2). */
export function decimalsForMillions(valueInUnits: number): number {
  const magnitude = Math.abs(valueInUnits);
  if (magnitude < 10) return 2;
  if (magnitude < 100) return 1;
  return 0;
}

/** A value already in millions: 12.345 → "12,3", 0.754 → "0,75", 250.4 → "250". */
export function formatMillions(millions: number): string {
  return formatNumber(millions, decimalsForMillions(millions));
}

export const MONEY_THRESHOLD_TKR = 100_000;
export const MONEY_THRESHOLD_MKR = 500_000;
export const MONEY_THRESHOLD_MDKR = 1_000_000_000;

/** Money in kronor shown as kr, tkr, mkr or mdkr (see the module comment for the thresholds). */
export function formatMoney(kronor: number | null | undefined): string {
  if (kronor === null || kronor === undefined || !Number.isFinite(kronor)) return "–";
  const magnitude = Math.abs(kronor);
  if (magnitude < MONEY_THRESHOLD_TKR) return `${formatNumber(kronor)} kr`;
  if (magnitude < MONEY_THRESHOLD_MKR) return `${formatNumber(kronor / 1_000)} tkr`;
  if (magnitude < MONEY_THRESHOLD_MDKR) return `${formatMillions(kronor / 1_000_000)} mkr`;
  return `${formatMillions(kronor / 1_000_000_000)} mdkr`;
}

/** Money given in thousands of kronor (annual accounts are reported in tkr). */
export function formatMoneyFromTkr(tkr: number): string {
  return formatMoney(tkr * 1_000);
}

/** Booleans as the spec words them. Unknown stays empty. */
export function formatBoolean(value: boolean | null | undefined): string {
  if (value === true) return "Ja";
  if (value === false) return "Nej";
  return "";
}

/**
 * A registration at the Swedish Tax Agency in the detail pane: 'Ja', 'Nej', or "uppgift saknas" where the data says
 * nothing (the free registers have no registrations), never 'Nej' for what is not known.
 */
export function formatRegistration(value: boolean | null): string {
  return value === null ? "uppgift saknas" : formatBoolean(value);
}

const PERIOD_PATTERN = /^(\d{4})-?(\d{2})(?:-?(\d{2}))?$/;

/**
 * A financial period end as "yyyy" when it ends in December, else "yyyy-mm".
 * Accepts "2023-12-31", "20231231", "2023-06" and "202306". Unparseable input is returned unchanged.
 */
export function formatPeriod(periodEnd: string): string {
  const match = PERIOD_PATTERN.exec(periodEnd.trim());
  if (!match) return periodEnd;
  const [, year, month] = match;
  if (month === "12") return year ?? periodEnd;
  return `${year}-${month}`;
}

/** Dates as the Swedish standard yyyy-mm-dd; accepts "20240315" or an ISO date/time. Unparseable input unchanged. */
export function formatDate(value: string): string {
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (compact) return `${compact[1]}-${compact[2]}-${compact[3]}`;
  const iso = /^(\d{4}-\d{2}-\d{2})(?:[T ].*)?$/.exec(value);
  return iso?.[1] ?? value;
}

/**
 * SNI codes shown with a dot after two digits: "01110" → "01.110", "0111" → "01.11", "011" → "01.1".
 * Sections ("A") and two-digit divisions ("01") are shown as they are.
 */
export function formatSniCode(code: string): string {
  if (!/^\d{3,5}$/.test(code)) return code;
  return `${code.slice(0, 2)}.${code.slice(2)}`;
}

/** Swedish organisation numbers as NNNNNN-NNNN; anything that is not ten digits (after removing "-") is unchanged. */
export function formatOrgNo(orgNo: string): string {
  const digits = orgNo.replace(/-/g, "");
  if (!/^\d{10}$/.test(digits)) return orgNo;
  return `${digits.slice(0, 6)}-${digits.slice(6)}`;
}

/** Credit grade on the 1–4 scale as on the company cards: "3 av 4". */
export function formatCreditGrade(grade: number): string {
  return `${formatNumber(grade)} av 4`;
}

/**
 * The spec's result type words (§2): COMPANY → "organisationer", WORKSITE → "arbetsställen"; after a count of one the
 * singular ("1 organisation", "1 arbetsställe").
 */
export function resultTypeWord(resultType: "COMPANY" | "WORKSITE", count?: number): string {
  if (count === 1) return resultType === "COMPANY" ? "organisation" : "arbetsställe";
  return resultType === "COMPANY" ? "organisationer" : "arbetsställen";
}

/** A count and its noun in the right number: "1 anställd", "2 anställda", "1 000 träffar". */
export function countOf(count: number, singular: string, plural: string): string {
  return `${formatNumber(count)} ${count === 1 ? singular : plural}`;
}

/** "c/o Eriksson": the register's care-of field usually carries the prefix itself; a bare name gets it added. */
export function formatCareOf(careOf: string): string {
  const value = careOf.trim();
  return /^c\/o\b/i.test(value) ? value : `c/o ${value}`;
}

/** One line of an address: care-of, street, then postcode and town ("c/o Eriksson, Storgatan 5, 753 20 Uppsala"). */
export function formatAddress(street: string | null, zip: string | null, city: string | null, careOf: string | null = null): string {
  return [careOf ? formatCareOf(careOf) : null, street, [zip, city].filter(Boolean).join(" ")].filter(Boolean).join(", ");
}
