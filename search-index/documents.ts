/**
 * Documents from source records (spec §3): the company search record, the company detail and the worksite record.
 * Both backends store exactly these (embedded: D1 SEARCH_DB; Elasticsearch: _source).
 */
import type {
  CompanyDetail,
  CompanyGroupNode,
  CompanyRecord,
  FinancialFigures,
  WorksiteDetail,
  WorksiteRecord,
} from "#shared/search/result-schemas";
import type { CompanySourceRecord, FinancialPart, FinancialPeriod, GroupNode, WorksiteSourceRecord } from "./records";
import { employeeRangeEntries, locationCodeToText, sniCodeToText } from "./refdata";

const employeeRangeText = new Map(employeeRangeEntries.map((e) => [e.code, e.text]));
const placeName = (code: string) => locationCodeToText[code] ?? code;
const sniNames = (codes: readonly string[]) => codes.map((code) => sniCodeToText[code] ?? "");

export function buildCompanyRecord(source: CompanySourceRecord): CompanyRecord {
  return {
    orgSeqNo: source.orgSeqNo,
    name: source.name,
    careOf: source.postalAddress.careOf,
    streetAddress: source.postalAddress.streetAddress,
    zip: source.postalAddress.zip,
    city: source.postalAddress.city,
    phoneNumbers: source.phoneNumbers,
    orgNo: source.orgNo,
    municipalityName: placeName(source.seatMunicipalityCode),
    municipalityCode: source.seatMunicipalityCode,
    countyName: placeName(source.seatCountyCode),
    countyCode: source.seatCountyCode,
    managerTitle: source.managerTitle,
    managerName: source.managerName,
    managerAge: source.managerAge,
    createdDate: source.createdDate,
    companyGroupMotherName: source.companyGroupMotherName,
    sniCodes: source.sniCodes,
    sniNames: sniNames(source.sniCodes),
    scoring: source.scoring,
    turnover: source.turnover,
    earnings: source.earnings,
    dividend: source.dividend,
    numEmployees: source.numEmployees,
    fTaxReg: source.fTaxReg,
    vatReg: source.vatReg,
  };
}

function figures(period: FinancialPeriod, part: FinancialPart): FinancialFigures {
  const base = { type: period.type, periodStart: period.periodStart, periodEnd: period.periodEnd, ...part };
  return period.currency ? { ...base, currency: period.currency } : base;
}

function markTarget(node: GroupNode, orgNo: string): CompanyGroupNode {
  return { ...node, isTarget: node.orgNo === orgNo, children: node.children.map((child) => markTarget(child, orgNo)) };
}

/** The parts of the detail that are not in the search record (stored beside it). */
export function buildCompanyDetail(source: CompanySourceRecord): CompanyDetail {
  const visiting = source.visitingAddress;
  return {
    type: "COMPANY",
    orgSeqNo: source.orgSeqNo,
    name: source.name,
    orgNo: source.orgNo,
    formText: source.formText,
    form: source.form,
    legalFormCode: source.legalFormCode,
    soleProprietorship: source.soleProprietorship,
    careOf: source.postalAddress.careOf,
    streetAddress: source.postalAddress.streetAddress,
    zip: source.postalAddress.zip,
    city: source.postalAddress.city,
    visitingStreetAddress: visiting?.streetAddress ?? null,
    visitingZip: visiting?.zip ?? null,
    visitingCity: visiting?.city ?? null,
    phoneNumbers: source.phoneNumbers,
    seatMunicipalityText: placeName(source.seatMunicipalityCode),
    seatCountyText: placeName(source.seatCountyCode),
    createdAndRegistered: { createdDate: source.createdDate, registeredDate: source.registeredDate },
    fTax: source.fTaxReg,
    vatReg: source.vatReg,
    socSec: source.employerReg,
    sniCodes: source.sniCodes.map((code) => ({ sniCode: code, description: sniCodeToText[code] ?? "" })),
    companyGroupTree: source.companyGroupTree ? markTarget(source.companyGroupTree, source.orgNo) : null,
    boardMembers: source.boardMembers,
    beneficialOwners: source.beneficialOwners,
    beneficialReportingObligationStatus: source.beneficialReportingObligation,
    beneficialStatus: source.beneficialStatus,
    beneficialSuspicion: source.beneficialSuspicion,
    businessDescription: source.businessDescription,
    scoring: source.scoring,
    detailViewConfig: { companyFinancialType: "CONCERN" },
    financialPeriods: source.financialPeriods.map((period) => ({
      period: period.periodEnd.slice(0, 7),
      company: figures(period, period.company),
      group: period.group ? figures(period, period.group) : null,
    })),
    annualReports: source.annualReports,
  };
}

/** What a worksite document needs from its company. */
export interface WorksiteCompanyInfo {
  name: string;
  /** Null where unknown (the free registers have no registrations; search-fields.ts `unknownGroup`). */
  fTaxReg: boolean | null;
  vatReg: boolean | null;
  employerReg: boolean | null;
  turnover: number | null;
  earnings: number | null;
  numEmployees: number | null;
}

export function companyInfoOf(source: CompanySourceRecord): WorksiteCompanyInfo {
  const { name, fTaxReg, vatReg, employerReg, turnover, earnings, numEmployees } = source;
  return { name, fTaxReg, vatReg, employerReg, turnover, earnings, numEmployees };
}

export function buildWorksiteRecord(source: WorksiteSourceRecord, company: WorksiteCompanyInfo): WorksiteRecord {
  const visiting = source.visitingAddress;
  return {
    cfarNo: source.cfarNo,
    orgSeqNo: source.orgSeqNo,
    orgNo: source.orgNo,
    companyName: company.name,
    name: source.name,
    headquarters: source.headquarters,
    careOf: source.postalAddress.careOf,
    streetAddress: source.postalAddress.streetAddress,
    zip: source.postalAddress.zip,
    city: source.postalAddress.city,
    phoneNumber: source.phoneNumber,
    municipalityName: placeName(source.municipalityCode),
    municipalityCode: source.municipalityCode,
    countyName: placeName(source.countyCode),
    countyCode: source.countyCode,
    employeeRange: employeeRangeText.get(source.employeeRangeCode) ?? "",
    employeeRangeCode: source.employeeRangeCode,
    sniCodes: source.sniCodes,
    sniNames: sniNames(source.sniCodes),
    activeFrom: source.activeFrom,
    visitingStreetAddress: visiting?.streetAddress ?? null,
    visitingZip: visiting?.zip ?? null,
    visitingCity: visiting?.city ?? null,
    companyFTax: company.fTaxReg,
    companyVatReg: company.vatReg,
    companySocSec: company.employerReg,
    companyTurnover: company.turnover,
    companyEarningsAfterNetInterestIncome: company.earnings,
    companyNumberOfEmployees: company.numEmployees,
  };
}

export function worksiteDetailOf(record: WorksiteRecord): WorksiteDetail {
  return { type: "WORKSITE", ...record };
}
