/**
 * Legal-form mix of the synthetic register and each form's traits, after SCB's company register (FDB/JE):
 * about half aktiebolag, a third sole traders, the rest partnerships, associations, foundations and public bodies.
 */
import { type CompanyForm, companyFormByCode } from "#search-index";

export type SniProfile = "AB" | "EN" | "HB" | "BRF" | "SF" | "IF" | "ST" | "EF" | "PUBLIC" | "DB" | "FL" | "BANK" | "INSURANCE";

export interface FormProfile extends CompanyForm {
  /** Share of all companies, in percent (groups add aktiebolag on top; see generate.ts). */
  share: number;
  /** First digits of the organisation number (the rest random); "PNR" = personal identity number. */
  prefixes: readonly string[];
  activeRate: number;
  fTaxRate: number;
  vatRate: number;
  sni: SniProfile;
  /** Files annual reports with Bolagsverket (financial periods, annual-report references). */
  filesAccounts: boolean;
  /** Must report beneficial owners (lag 2017:631); sole traders, estates and public bodies need not. */
  beneficialObligation: boolean;
  /** Mean age in years and the earliest registration year. */
  meanAge: number;
  earliestYear: number;
  /** Weights of the SCB employee size classes "1".."10" (0, 1–4, 5–9, …, 1000–1499). */
  employees: readonly number[];
}

const SMALL = [96, 3.5, 0.4, 0.1];
const AB_EMPLOYEES = [55, 26.5, 8.6, 5, 3, 1, 0.5, 0.28, 0.08, 0.04];
const ASSOCIATION = [88, 8, 2, 1.2, 0.6, 0.15, 0.05];
const PUBLIC = [10, 10, 10, 12, 15, 12, 10, 10, 6, 5];

type Row = [string, number, string, number, number, number, SniProfile, boolean, boolean, number, number, readonly number[]];

// prettier-ignore
const ROWS: readonly Row[] = [
  // form  share   prefixes          active fTax  vat   sni          accounts beneficial meanAge earliest employees
  ["AB",   50,     "556 559",        0.9,   0.88, 0.82, "AB",        true,    true,      13,     1900,    AB_EMPLOYEES],
  ["EN",   33,     "PNR",            0.86,  0.93, 0.78, "EN",        false,   false,     10,     1960,    SMALL],
  ["HB",   3.6,    "969 916",        0.82,  0.85, 0.75, "HB",        false,   true,      16,     1950,    [80, 15, 3, 1.5, 0.5]],
  ["KB",   0.9,    "969 916",        0.8,   0.8,  0.7,  "HB",        false,   true,      18,     1950,    [82, 13, 3, 1.5, 0.5]],
  ["BRF",  2.2,    "769 716 702",    0.98,  0.15, 0.12, "BRF",       true,    true,      35,     1924,    [95, 4.5, 0.5]],
  ["EF",   1.2,    "769 716",        0.85,  0.6,  0.55, "EF",        true,    true,      25,     1930,    ASSOCIATION],
  ["KHF",  0.03,   "769",            0.95,  0.2,  0.1,  "BRF",       true,    true,      12,     2003,    [95, 5]],
  ["SF",   1.6,    "717",            0.97,  0.1,  0.05, "SF",        false,   false,     40,     1974,    [97, 3]],
  ["IF",   3.3,    "802",            0.9,   0.2,  0.15, "IF",        false,   true,      30,     1930,    ASSOCIATION],
  ["TSF",  0.05,   "252",            0.95,  0.1,  0.05, "PUBLIC",    false,   false,     20,     2000,    ASSOCIATION],
  ["ST",   1.0,    "802 817",        0.9,   0.15, 0.15, "ST",        true,    true,      40,     1900,    ASSOCIATION],
  ["FST",  0.15,   "802",            0.9,   0.02, 0.02, "ST",        false,   true,      50,     1900,    [99, 1]],
  ["SM",   0.04,   "202",            0.97,  0.5,  0.8,  "PUBLIC",    false,   false,     40,     1930,    PUBLIC],
  ["K",    0.022,  "212",            1,     0.9,  1,    "PUBLIC",    false,   false,     50,     1971,    [0, 0, 0, 0, 1, 3, 8, 20, 30, 20]],
  ["R",    0.002,  "232",            1,     0.9,  1,    "PUBLIC",    false,   false,     50,     1971,    [0, 0, 0, 0, 0, 0, 0, 0, 0, 1]],
  ["KY",   0.1,    "252",            0.98,  0.3,  0.5,  "PUBLIC",    false,   false,     24,     2000,    ASSOCIATION],
  ["DB",   0.5,    "1",              0.5,   0.1,  0.1,  "DB",        false,   false,     3,      2005,    [99, 1]],
  ["FL",   0.35,   "516",            0.8,   0.85, 0.8,  "FL",        false,   true,      12,     1960,    [60, 20, 8, 6, 4, 1.5, 0.5]],
  ["BAB",  0.003,  "502",            1,     1,    1,    "BANK",      true,    true,      30,     1900,    PUBLIC],
  ["FAB",  0.02,   "502 516",        0.95,  1,    0.8,  "INSURANCE", true,    true,      30,     1900,    [20, 20, 15, 15, 10, 8, 5, 4, 2, 1]],
  ["SB",   0.005,  "8",              1,     1,    1,    "BANK",      true,    true,      100,    1820,    [0, 0, 10, 20, 30, 25, 10, 5]],
  ["OFB",  0.005,  "502",            0.95,  1,    0.8,  "INSURANCE", true,    true,      60,     1850,    [20, 20, 15, 15, 10, 10, 5, 3, 1]],
];

function toProfile([
  form,
  share,
  prefixes,
  activeRate,
  fTaxRate,
  vatRate,
  sni,
  filesAccounts,
  beneficialObligation,
  meanAge,
  earliestYear,
  employees,
]: Row): FormProfile {
  const info = companyFormByCode(form);
  if (!info) throw new Error(`unknown company form ${form}`);
  const traits = { activeRate, fTaxRate, vatRate, sni, filesAccounts, beneficialObligation, meanAge, earliestYear, employees };
  return { ...info, share, prefixes: prefixes.split(" "), ...traits };
}

export const FORM_PROFILES: readonly FormProfile[] = ROWS.map(toProfile);

/** Share of aktiebolag that start a group, and the mean size of a group (members incl. the mother). */
export const GROUP_START_RATE = 0.06;
export const MEAN_GROUP_SIZE = 3.0;

/** Draw weights: aktiebolag slots are reduced by the members that groups add. */
export function formDrawWeights(): number[] {
  return FORM_PROFILES.map((p) => (p.form === "AB" ? p.share / (1 + GROUP_START_RATE * (MEAN_GROUP_SIZE - 1)) : p.share));
}

export function formProfile(form: string): FormProfile {
  const found = FORM_PROFILES.find((p) => p.form === form);
  if (!found) throw new Error(`no profile for form ${form}`);
  return found;
}
