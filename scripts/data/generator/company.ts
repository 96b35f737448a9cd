/** Assembles one synthetic company source record (group fields are filled in by groups.ts). */
import { employeeRangeCodeFor } from "#search-index";
import type { CompanySourceRecord, FinancialPart } from "#search-index/engine";
import { type CompanyBasics, type CompanyOptions, drawBasics } from "./company-basics";
import { businessDescription, DATA_YEAR, daysBefore } from "./company-traits";
import { creditGrade, type FinancialProfile, financialPeriods, LATEST_FILED_PERIOD_END, periodEnds } from "./financials";
import type { FormProfile } from "./forms";
import type { IdentityPool } from "./identities";
import { companyName, EDGE_CASE_NAMES } from "./names";
import { beneficialFor, boardFor, managerTitleFor, type Person, person } from "./people";
import { address, phoneNumber } from "./places";
import type { Rng } from "./random";
import type { SourceLists } from "./sources";

export type { CompanyOptions } from "./company-basics";

export interface GeneratorContext {
  rng: Rng;
  lists: SourceLists;
  ids: IdentityPool;
}

export interface CompanyDraft {
  record: CompanySourceRecord;
  owner: Person;
  /** Employees per the register (0 for inactive companies). */
  employees: number;
}

type Accounts = Pick<CompanySourceRecord, "financialPeriods" | "annualReports">;
const LIMITED = ["AB", "BAB", "FAB"];

function financialKind(profile: FormProfile, mainSni: string): FinancialProfile["kind"] {
  if (profile.sni === "BRF") return "housing";
  if (profile.form === "ST" || profile.form === "FST") return "foundation";
  return mainSni === "64202" ? "holding" : "operating";
}

/**
 * Four years of accounts for active filers (fewer when registered since; Dagens industri's gazelle criteria read four),
 * up to two old ones for inactive filers; the newest report may be pending.
 */
function accountsFor(rng: Rng, profile: FormProfile, b: CompanyBasics): Accounts {
  if (!profile.filesAccounts || b.isShelf) return { financialPeriods: [], annualReports: [] };
  const latest = b.inactiveSince === null ? LATEST_FILED_PERIOD_END : `${b.inactiveSince - 1}-12-31`;
  const ends = periodEnds(b.closingMonth, latest, b.registeredDate, b.inactiveSince === null ? 4 : rng.int(0, 2));
  const kind = financialKind(profile, b.mainSni);
  const periods = financialPeriods(
    rng,
    { kind, employees: b.employees, isLimited: LIMITED.includes(profile.form) },
    ends,
    b.registeredDate,
  );
  const filed = periods.filter((_, i) => i > 0 || rng.chance(0.9));
  const refNo = (periodEnd: string) => `AR-${periodEnd.slice(0, 4)}-${rng.int(100000, 999999)}`;
  return { financialPeriods: periods, annualReports: filed.map((p) => ({ refNo: refNo(p.periodEnd), periodEnd: p.periodEnd })) };
}

/** Audit duty: aktiebolag above two of three thresholds (3 employees, 1.5 Mkr assets, 3 Mkr turnover); associations that file. */
function auditObliged(profile: FormProfile, employees: number, latest: FinancialPart | undefined): boolean {
  if (["BRF", "EF", "KHF", "ST", "BAB", "FAB", "SB", "OFB", "K", "R", "SM"].includes(profile.form)) return true;
  if (profile.form !== "AB") return false;
  const over = [employees > 3, (latest?.totalAssets ?? 0) > 1_500_000, (latest?.turnover ?? 0) > 3_000_000];
  return over.filter(Boolean).length >= 2;
}

function peopleFor(ctx: GeneratorContext, profile: FormProfile, b: CompanyBasics, latest: FinancialPart | undefined) {
  const { rng, lists } = ctx;
  const hasCeo = LIMITED.includes(profile.form) && (b.employees >= 10 || rng.chance(0.3));
  const ceo = hasCeo && rng.chance(b.employees >= 50 ? 0.7 : 0.25) ? person(rng, lists, 30, 67) : b.owner;
  const auditObligation = auditObliged(profile, b.employees, latest);
  const hasAuditor = auditObligation || (profile.form === "AB" && rng.chance(0.15));
  const boardMembers = boardFor(rng, lists, profile, b.owner, b.employees, hasAuditor);
  if (hasCeo) {
    const existing = boardMembers.find((m) => m.name === ceo.name && m.age === ceo.age);
    if (existing) existing.roles.push("Verkställande direktör");
    else boardMembers.push({ name: ceo.name, age: ceo.age, roles: ["Extern verkställande direktör"] });
  }
  const owners = rng.chance(0.3) ? [b.owner, person(rng, lists)] : [b.owner];
  const activeRecently = b.isActive || (b.inactiveSince ?? DATA_YEAR) > DATA_YEAR - 5;
  return {
    managerTitle: managerTitleFor(profile.form, hasCeo),
    managerName: ceo.name,
    managerAge: ceo.age,
    boardMembers,
    ...beneficialFor(rng, profile, owners, activeRecently, false),
    isOwnerManaged: ceo === b.owner && ["AB", "EN", "HB", "KB"].includes(profile.form),
    hasAuditor,
    auditObligation,
  };
}

function orgNoFor(ctx: GeneratorContext, profile: FormProfile, b: CompanyBasics): string {
  if (profile.prefixes[0] === "PNR") return ctx.ids.personalNo(ctx.rng, DATA_YEAR - b.owner.age);
  const prefix = profile.form === "AB" ? (b.registrationYear < 2014 ? "556" : "559") : ctx.rng.pick(profile.prefixes);
  return ctx.ids.orgNo(ctx.rng, prefix);
}

/** About one aktiebolag in 10 000 gets a name starting with "-", "=", "+" or "@" (they exist; exports must escape them). */
function edgeCaseName(profile: FormProfile, orgSeqNo: number, isShelf: boolean): string | undefined {
  if (profile.form !== "AB" || isShelf || orgSeqNo % 9973 !== 17) return undefined;
  return EDGE_CASE_NAMES[Math.floor(orgSeqNo / 9973) % EDGE_CASE_NAMES.length];
}

function contactFor(ctx: GeneratorContext, b: CompanyBasics) {
  const { rng, lists } = ctx;
  const careOf = rng.chance(0.03) ? `c/o ${lists.surnames.pick(rng)}` : null;
  const postalAddress = address(rng, lists, b.municipalityCode, { box: b.employees > 5 && rng.chance(0.15), careOf });
  const roll = rng.next();
  const phones = !b.isActive ? (roll < 0.8 ? 0 : 1) : roll < 0.15 ? 0 : roll < 0.7 ? 1 : roll < 0.92 ? 2 : 3;
  return {
    postalAddress,
    visitingAddress: b.employees > 0 && rng.chance(0.6) ? address(rng, lists, b.municipalityCode) : null,
    phoneNumbers: Array.from({ length: phones }, () => phoneNumber(rng, b.countyCode)),
  };
}

function registrationsFor(rng: Rng, profile: FormProfile, b: CompanyBasics) {
  const registered = b.isActive && !b.isShelf;
  return {
    createdDate: daysBefore(b.registeredDate, rng.int(0, 30)),
    registeredDate: b.registeredDate,
    fTaxReg: registered && rng.chance(profile.fTaxRate),
    vatReg: registered && rng.chance(profile.vatRate),
    employerReg: b.isActive && rng.chance(b.employees > 0 ? 0.97 : 0.04),
  };
}

export function buildCompany(ctx: GeneratorContext, orgSeqNo: number, profile: FormProfile, options: CompanyOptions = {}): CompanyDraft {
  const { rng, lists } = ctx;
  const b = drawBasics(rng, lists, profile, options);
  const accounts = accountsFor(rng, profile, b);
  const latest = accounts.financialPeriods[0]?.company;
  const registerSaysMissing = !profile.filesAccounts && b.isActive && rng.chance(0.015);
  const contact = contactFor(ctx, b);
  const municipalityName = lists.municipalityNames.get(b.municipalityCode) ?? "";
  const nameContext = {
    sniCode: b.mainSni,
    owner: b.owner,
    locality: contact.postalAddress.city ?? "",
    municipalityName,
    isShelf: b.isShelf,
  };
  const record: CompanySourceRecord = {
    kind: "company",
    orgSeqNo,
    orgNo: orgNoFor(ctx, profile, b),
    name: edgeCaseName(profile, orgSeqNo, b.isShelf) ?? companyName(rng, lists, profile.form, nameContext),
    legalFormCode: profile.legalFormCode,
    form: profile.form,
    formText: profile.formText,
    soleProprietorship: profile.form === "EN",
    isActive: b.isActive,
    ...contact,
    seatMunicipalityCode: b.municipalityCode,
    seatCountyCode: b.countyCode,
    ...registrationsFor(rng, profile, b),
    sniCodes: b.sniCodes,
    ...peopleFor(ctx, profile, b, latest),
    businessDescription: businessDescription(rng, profile, b.mainSni),
    scoring: creditGrade(rng, latest),
    fiscalYearEndMonth: b.closingMonth,
    employeeRangeCode: registerSaysMissing ? "0" : employeeRangeCodeFor(latest?.numberOfEmployees ?? b.employees),
    turnover: latest?.turnover ?? null,
    earnings: latest?.earningsAfterNetInterestIncome ?? null,
    dividend: latest?.dividend ?? null,
    numEmployees: registerSaysMissing ? null : (latest?.numberOfEmployees ?? b.employees),
    ...accounts,
    groupMotherOrgNo: null,
    companyGroupMotherName: null,
    companyGroupTree: null,
    isListed: false,
    isShelfCompany: b.isShelf,
  };
  return { record, owner: b.owner, employees: b.employees };
}
