/** Assembles one synthetic company source record (group fields are filled in by groups.ts). */
import { employeeRangeCodeFor } from "../../../search-index/refdata";
import type { CompanySourceRecord } from "../../../search-index/records";
import {
  businessDescription,
  DATA_YEAR,
  dateInYear,
  daysBefore,
  employeeCount,
  fiscalYearEndMonth,
  registrationYear,
} from "./company-traits";
import { creditGrade, type FinancialProfile, financialPeriods, LATEST_FILED_PERIOD_END, periodEnds } from "./financials";
import type { FormProfile } from "./forms";
import type { IdentityPool } from "./identities";
import { companyName, EDGE_CASE_NAMES } from "./names";
import { beneficialFor, boardFor, managerTitleFor, type Person, person } from "./people";
import { address, phoneNumber, pickMunicipality } from "./places";
import type { Rng } from "./random";
import { pickSniCodes } from "./sni-mix";
import type { SourceLists } from "./sources";

export interface GeneratorContext {
  rng: Rng;
  lists: SourceLists;
  ids: IdentityPool;
}

/** Overrides for companies created as members of a group. */
export interface CompanyOptions {
  municipalityCode?: string;
  mainSni?: string;
  closingMonth?: number;
  employees?: number;
  forceActive?: boolean;
  isShelf?: boolean;
}

export interface CompanyDraft {
  record: CompanySourceRecord;
  owner: Person;
  /** Employees per the register (0 for inactive companies). */
  employees: number;
}

function orgNoFor(ctx: GeneratorContext, profile: FormProfile, year: number, owner: Person): string {
  if (profile.prefixes[0] === "PNR") return ctx.ids.personalNo(ctx.rng, DATA_YEAR - owner.age);
  const prefix = profile.form === "AB" ? (year < 2014 ? "556" : "559") : ctx.rng.pick(profile.prefixes);
  return ctx.ids.orgNo(ctx.rng, prefix);
}

function phones(rng: Rng, isActive: boolean, countyCode: string): string[] {
  const roll = rng.next();
  const count = !isActive ? (roll < 0.8 ? 0 : 1) : roll < 0.15 ? 0 : roll < 0.7 ? 1 : roll < 0.92 ? 2 : 3;
  return Array.from({ length: count }, () => phoneNumber(rng, countyCode));
}

function financialKind(profile: FormProfile, mainSni: string): FinancialProfile["kind"] {
  if (profile.sni === "BRF") return "housing";
  if (profile.form === "ST" || profile.form === "FST") return "foundation";
  return mainSni === "64202" ? "holding" : "operating";
}

function accountsFor(
  ctx: GeneratorContext,
  profile: FormProfile,
  base: { mainSni: string; employees: number; closing: number; registered: string; inactiveSince: number | null; isShelf: boolean },
) {
  if (!profile.filesAccounts || base.isShelf) return { periods: [], reports: [] };
  const latest = base.inactiveSince === null ? LATEST_FILED_PERIOD_END : `${base.inactiveSince - 1}-12-31`;
  const count = base.inactiveSince === null ? 3 : ctx.rng.int(0, 2);
  const ends = periodEnds(base.closing, latest, base.registered, count);
  const isLimited = ["AB", "BAB", "FAB"].includes(profile.form);
  const periods = financialPeriods(
    ctx.rng,
    { kind: financialKind(profile, base.mainSni), employees: base.employees, isLimited },
    ends,
    base.registered,
  );
  const filed = periods.filter((_, i) => i > 0 || ctx.rng.chance(0.9));
  return {
    periods,
    reports: filed.map((p) => ({ refNo: `AR-${p.periodEnd.slice(0, 4)}-${ctx.rng.int(100000, 999999)}`, periodEnd: p.periodEnd })),
  };
}

export function buildCompany(ctx: GeneratorContext, orgSeqNo: number, profile: FormProfile, options: CompanyOptions = {}): CompanyDraft {
  const { rng, lists } = ctx;
  const isActive = options.forceActive ?? rng.chance(profile.activeRate);
  const inactiveSince = isActive ? null : DATA_YEAR - rng.int(0, 9);
  const owner = person(rng, lists, profile.form === "EN" ? 20 : 25, 80);
  const year = Math.max(
    registrationYear(rng, profile),
    profile.form === "EN" ? DATA_YEAR - owner.age + 18 : 0,
    options.isShelf ? DATA_YEAR - 1 : 0,
  );
  const registeredDate = dateInYear(rng, Math.min(year, inactiveSince ?? DATA_YEAR));
  const municipality = options.municipalityCode ? { code: options.municipalityCode } : pickMunicipality(rng, lists);
  const countyCode = municipality.code.slice(0, 2);
  const sniCodes = pickSniCodes(rng, profile.sni, options.mainSni);
  const mainSni = sniCodes[0] ?? "70220";
  const employees =
    !isActive || options.isShelf ? 0 : (options.employees ?? (mainSni === "64202" && rng.chance(0.85) ? 0 : employeeCount(rng, profile)));
  const closing = options.closingMonth ?? fiscalYearEndMonth(rng, profile);
  const accounts = accountsFor(ctx, profile, {
    mainSni,
    employees,
    closing,
    registered: registeredDate,
    inactiveSince,
    isShelf: options.isShelf ?? false,
  });
  const latest = accounts.periods[0]?.company;
  const registerSaysMissing = !profile.filesAccounts && isActive && rng.chance(0.015);
  const hasCeo = ["AB", "BAB", "FAB"].includes(profile.form) && (employees >= 10 || rng.chance(0.3));
  const ceo = hasCeo && rng.chance(employees >= 50 ? 0.7 : 0.25) ? person(rng, lists, 30, 67) : owner;
  const auditObligation = auditObliged(profile, employees, latest);
  const hasAuditor = auditObligation || (profile.form === "AB" && rng.chance(0.15));
  const board = boardFor(rng, lists, profile, owner, employees, hasAuditor);
  if (hasCeo) addCeo(board, ceo);
  const coOwners = rng.chance(0.3) ? [person(rng, lists)] : [];
  const municipalityName = lists.municipalityNames.get(municipality.code) ?? "";
  const postal = address(rng, lists, municipality.code, {
    box: employees > 5 && rng.chance(0.15),
    careOf: rng.chance(0.03) ? `c/o ${lists.surnames.pick(rng)}` : null,
  });
  const record: CompanySourceRecord = {
    kind: "company",
    orgSeqNo,
    orgNo: orgNoFor(ctx, profile, year, owner),
    name:
      edgeCaseName(profile, orgSeqNo, options) ??
      companyName(rng, lists, profile.form, {
        sniCode: mainSni,
        owner,
        locality: postal.city ?? "",
        municipalityName,
        isShelf: options.isShelf ?? false,
      }),
    legalFormCode: profile.legalFormCode,
    form: profile.form,
    formText: profile.formText,
    soleProprietorship: profile.form === "EN",
    isActive,
    postalAddress: postal,
    visitingAddress: employees > 0 && rng.chance(0.6) ? address(rng, lists, municipality.code) : null,
    phoneNumbers: phones(rng, isActive, countyCode),
    seatMunicipalityCode: municipality.code,
    seatCountyCode: countyCode,
    createdDate: daysBefore(registeredDate, rng.int(0, 30)),
    registeredDate,
    fTaxReg: isActive && !options.isShelf && rng.chance(profile.fTaxRate),
    vatReg: isActive && !options.isShelf && rng.chance(profile.vatRate),
    employerReg: isActive && (employees > 0 ? rng.chance(0.97) : rng.chance(0.04)),
    sniCodes,
    managerTitle: managerTitleFor(profile.form, hasCeo),
    managerName: ceo.name,
    managerAge: ceo.age,
    boardMembers: board,
    ...beneficialFor(rng, profile, [owner, ...coOwners], isActive || (inactiveSince ?? DATA_YEAR) > DATA_YEAR - 5, false),
    businessDescription: businessDescription(rng, profile, mainSni),
    scoring: creditGrade(rng, latest),
    fiscalYearEndMonth: closing,
    employeeRangeCode: registerSaysMissing ? "0" : employeeRangeCodeFor(latest?.numberOfEmployees ?? employees),
    turnover: latest?.turnover ?? null,
    earnings: latest?.earningsAfterNetInterestIncome ?? null,
    dividend: latest?.dividend ?? null,
    numEmployees: registerSaysMissing ? null : (latest?.numberOfEmployees ?? employees),
    financialPeriods: accounts.periods,
    annualReports: accounts.reports,
    groupMotherOrgNo: null,
    companyGroupMotherName: null,
    companyGroupTree: null,
    isListed: false,
    isOwnerManaged: ceo === owner && profile.beneficialObligation !== false && !["BRF", "IF", "SF", "ST", "FST"].includes(profile.form),
    hasAuditor,
    auditObligation,
    isShelfCompany: options.isShelf ?? false,
  };
  return { record, owner, employees };
}

function addCeo(board: CompanySourceRecord["boardMembers"], ceo: Person) {
  const existing = board.find((m) => m.name === ceo.name && m.age === ceo.age);
  if (existing) existing.roles.push("Verkställande direktör");
  else board.push({ name: ceo.name, age: ceo.age, roles: ["Extern verkställande direktör"] });
}

/** Audit duty: aktiebolag above two of three thresholds (3 employees, 1.5 Mkr assets, 3 Mkr turnover); associations that file. */
function auditObliged(profile: FormProfile, employees: number, latest: { turnover: number; totalAssets: number } | undefined): boolean {
  if (["BRF", "EF", "KHF", "ST", "BAB", "FAB", "SB", "OFB", "K", "R", "SM"].includes(profile.form)) return true;
  if (profile.form !== "AB") return false;
  const over = [employees > 3, (latest?.totalAssets ?? 0) > 1_500_000, (latest?.turnover ?? 0) > 3_000_000];
  return over.filter(Boolean).length >= 2;
}

/** About one aktiebolag in 10 000 gets a name starting with "-", "=", "+" or "@" (they exist; exports must escape them). */
function edgeCaseName(profile: FormProfile, orgSeqNo: number, options: CompanyOptions): string | undefined {
  if (profile.form !== "AB" || options.isShelf || orgSeqNo % 9973 !== 17) return undefined;
  return EDGE_CASE_NAMES[Math.floor(orgSeqNo / 9973) % EDGE_CASE_NAMES.length];
}
