/** The first draws for a company: activity, owner, registration, seat, industry, size and fiscal year. */
import { DATA_YEAR, dateInYear, employeeCount, fiscalYearEndMonth, registrationYear } from "./company-traits";
import type { FormProfile } from "./forms";
import { type Person, person } from "./people";
import { pickMunicipality } from "./places";
import type { Rng } from "./random";
import { pickSniCodes } from "./sni-mix";
import type { SourceLists } from "./sources";

/** Overrides for companies created as members of a group or as shelf companies. */
export interface CompanyOptions {
  municipalityCode?: string;
  mainSni?: string;
  closingMonth?: number;
  forceActive?: boolean;
  isShelf?: boolean;
}

export interface CompanyBasics {
  isActive: boolean;
  /** Year the company stopped being active, null when active. */
  inactiveSince: number | null;
  isShelf: boolean;
  owner: Person;
  registrationYear: number;
  registeredDate: string;
  municipalityCode: string;
  countyCode: string;
  sniCodes: string[];
  mainSni: string;
  employees: number;
  closingMonth: number;
}

function registration(rng: Rng, profile: FormProfile, owner: Person, isShelf: boolean, inactiveSince: number | null) {
  const adultSince = profile.form === "EN" ? DATA_YEAR - owner.age + 18 : 0;
  const year = Math.min(Math.max(registrationYear(rng, profile), adultSince, isShelf ? DATA_YEAR - 1 : 0), inactiveSince ?? DATA_YEAR);
  return { registrationYear: year, registeredDate: dateInYear(rng, year) };
}

export function drawBasics(rng: Rng, lists: SourceLists, profile: FormProfile, options: CompanyOptions): CompanyBasics {
  const isActive = options.forceActive ?? rng.chance(profile.activeRate);
  const inactiveSince = isActive ? null : DATA_YEAR - rng.int(0, 9);
  const isShelf = options.isShelf ?? false;
  const owner = person(rng, lists, profile.form === "EN" ? 20 : 25, 80);
  const municipalityCode = options.municipalityCode ?? pickMunicipality(rng, lists).code;
  const sniCodes = pickSniCodes(rng, profile.sni, options.mainSni);
  const mainSni = sniCodes[0] ?? "70220";
  const isHolding = mainSni === "64202" && rng.chance(0.85);
  return {
    isActive,
    inactiveSince,
    isShelf,
    owner,
    ...registration(rng, profile, owner, isShelf, inactiveSince),
    municipalityCode,
    countyCode: municipalityCode.slice(0, 2),
    sniCodes,
    mainSni,
    employees: !isActive || isShelf || isHolding ? 0 : employeeCount(rng, profile),
    closingMonth: options.closingMonth ?? fiscalYearEndMonth(rng, profile),
  };
}
