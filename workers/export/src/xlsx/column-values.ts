/**
 * How each catalogue column's value is read from the records the export worker reads (the search records of spec §3),
 * and catalogue column specs → writer columns. Typed against the catalogue, so a column without a reader (or a reader
 * for no column) does not compile.
 */
import type { CompanyExportRecord } from "#search-index";
import {
  FINANCIAL_FIELDS,
  FINANCIAL_PERIODS,
  financialColumnId,
  resolveColumnSpecs,
  type ColumnSpec,
  type CompanyColumnId,
  type CompanyDetailColumnId,
  type FinancialField,
  type WorksiteColumnId,
} from "#shared/api-contracts/export-columns";
import { formatSniCode } from "#shared/format";
import { employeeChange, growthPeriods, isGazelle, turnoverChange } from "#shared/search/growth";
import type { CompanyDetail, CompanyRecord, WorksiteRecord } from "#shared/search/result-schemas";
import type { CellInput } from "./cells";
import type { Column } from "./columns";

type Reader<R> = (record: R) => CellInput;

export function joinList(values: readonly string[] | null | undefined, from = 0): string {
  return values ? values.slice(from).join(", ") : "";
}

interface SniFields {
  sniCodes: readonly string[];
  sniNames: readonly string[];
}

/** Main industry (first code) in its own columns, the others joined, so a user can filter on the main one. */
const sniReaders = <R extends SniFields>() => ({
  sniCode: (r: R) => (r.sniCodes[0] ? formatSniCode(r.sniCodes[0]) : null),
  sniName: (r: R) => r.sniNames[0] ?? null,
  otherSniCodes: (r: R) => r.sniCodes.slice(1).map(formatSniCode).join(", "),
  otherSniNames: (r: R) => joinList(r.sniNames, 1),
});

interface AddressFields {
  careOf: string | null;
  streetAddress: string | null;
  zip: string | null;
  city: string | null;
  municipalityName: string;
  municipalityCode: string;
  countyName: string;
  countyCode: string;
}

/** Postal address, municipality and county: the same fields in both records. */
const addressReaders = <R extends AddressFields>() => ({
  careOf: (r: R) => r.careOf,
  streetAddress: (r: R) => r.streetAddress,
  zip: (r: R) => r.zip,
  city: (r: R) => r.city,
  municipalityName: (r: R) => r.municipalityName,
  municipalityCode: (r: R) => r.municipalityCode,
  countyName: (r: R) => r.countyName,
  countyCode: (r: R) => r.countyCode,
});

/** "Anna Maria Svensson" → ["Anna Maria", "Svensson"]: the last word is the family name. */
export function splitPersonName(name: string | null): [string | null, string | null] {
  const trimmed = name?.trim();
  if (!trimmed) return [null, null];
  const at = trimmed.lastIndexOf(" ");
  return at < 0 ? [null, trimmed] : [trimmed.slice(0, at), trimmed.slice(at + 1)];
}

const COMPANY_READERS: Record<CompanyColumnId, Reader<CompanyRecord>> = {
  name: (r) => r.name,
  orgNo: (r) => r.orgNo,
  orgSeqNo: (r) => r.orgSeqNo,
  ...addressReaders<CompanyRecord>(),
  phoneNumbers: (r) => joinList(r.phoneNumbers),
  phone1: (r) => r.phoneNumbers[0] ?? null,
  phone2: (r) => r.phoneNumbers[1] ?? null,
  managerTitle: (r) => r.managerTitle,
  managerName: (r) => r.managerName,
  managerFirstName: (r) => splitPersonName(r.managerName)[0],
  managerLastName: (r) => splitPersonName(r.managerName)[1],
  managerAge: (r) => r.managerAge,
  createdDate: (r) => r.createdDate,
  fTaxReg: (r) => r.fTaxReg,
  vatReg: (r) => r.vatReg,
  companyGroupMotherName: (r) => r.companyGroupMotherName,
  ...sniReaders<CompanyRecord>(),
  scoring: (r) => r.scoring,
  turnover: (r) => r.turnover,
  earnings: (r) => r.earnings,
  dividend: (r) => r.dividend,
  numEmployees: (r) => r.numEmployees,
};

/** "Anna Ek (Ordförande, Ledamot, 54 år); Per Öberg (Ledamot, 61 år)": one cell for the whole board. */
export function boardCell(detail: CompanyDetail | undefined): string | null {
  if (!detail) return null;
  return detail.boardMembers.map((m) => `${m.name} (${[...m.roles, `${m.age} år`].join(", ")})`).join("; ");
}

export function ownersCell(detail: CompanyDetail | undefined): string | null {
  if (!detail) return null;
  return detail.beneficialOwners.map((o) => `${o.name} (${o.extent}, ${o.age} år)`).join("; ");
}

const newestFirst = new WeakMap<CompanyDetail, CompanyDetail["financialPeriods"]>();

/** The detail's financial periods, newest first (sorted once per detail). */
function periodsOf(detail: CompanyDetail): CompanyDetail["financialPeriods"] {
  let sorted = newestFirst.get(detail);
  if (!sorted) {
    sorted = [...detail.financialPeriods].sort((a, b) => b.company.periodEnd.localeCompare(a.company.periodEnd));
    newestFirst.set(detail, sorted);
  }
  return sorted;
}

/** The detail's periods as growth reads them: the same figures the search fields were filled from. */
const growthOf = (detail: CompanyDetail) =>
  growthPeriods(
    detail.financialPeriods.map((period) => period.company),
    (company) => company,
  );

const DETAIL_READERS: Record<CompanyDetailColumnId, Reader<CompanyExportRecord>> = {
  formText: (r) => r.detail?.formText,
  businessDescription: (r) => r.detail?.businessDescription,
  visitingStreetAddress: (r) => r.detail?.visitingStreetAddress,
  visitingZip: (r) => r.detail?.visitingZip,
  visitingCity: (r) => r.detail?.visitingCity,
  seatMunicipalityText: (r) => r.detail?.seatMunicipalityText,
  seatCountyText: (r) => r.detail?.seatCountyText,
  registeredDate: (r) => r.detail?.createdAndRegistered.registeredDate,
  socSec: (r) => r.detail?.socSec,
  boardMembers: (r) => boardCell(r.detail),
  beneficialOwners: (r) => ownersCell(r.detail),
  turnoverChange: (r) => (r.detail ? turnoverChange(growthOf(r.detail)) : null),
  employeeChange: (r) => (r.detail ? employeeChange(growthOf(r.detail)) : null),
  gasell: (r) => (r.detail ? isGazelle(growthOf(r.detail)) : null),
};

/** Readers of the n-th newest period's company figures, keyed like the catalogue (fp1Turnover...). */
function financialReaders(): Record<string, Reader<CompanyExportRecord>> {
  const readers: Record<string, Reader<CompanyExportRecord>> = {};
  for (const n of FINANCIAL_PERIODS) {
    for (const field of Object.keys(FINANCIAL_FIELDS) as FinancialField[]) {
      readers[financialColumnId(n, field)] = (r) => (r.detail ? periodsOf(r.detail)[n - 1]?.company[field] : null);
    }
  }
  return readers;
}

const COMPANY_ALL_READERS: Record<string, Reader<CompanyExportRecord>> = { ...COMPANY_READERS, ...DETAIL_READERS, ...financialReaders() };

const WORKSITE_READERS: Record<WorksiteColumnId, Reader<WorksiteRecord>> = {
  name: (r) => r.name,
  cfarNo: (r) => r.cfarNo,
  headquarters: (r) => r.headquarters,
  activeFrom: (r) => r.activeFrom,
  employeeRange: (r) => r.employeeRange,
  employeeRangeCode: (r) => r.employeeRangeCode,
  ...addressReaders<WorksiteRecord>(),
  visitingStreetAddress: (r) => r.visitingStreetAddress,
  visitingZip: (r) => r.visitingZip,
  visitingCity: (r) => r.visitingCity,
  phoneNumber: (r) => r.phoneNumber,
  ...sniReaders<WorksiteRecord>(),
  companyName: (r) => r.companyName,
  orgNo: (r) => r.orgNo,
  orgSeqNo: (r) => r.orgSeqNo,
  companyFTax: (r) => r.companyFTax,
  companyVatReg: (r) => r.companyVatReg,
  companySocSec: (r) => r.companySocSec,
  companyTurnover: (r) => r.companyTurnover,
  companyEarningsAfterNetInterestIncome: (r) => r.companyEarningsAfterNetInterestIncome,
  companyNumberOfEmployees: (r) => r.companyNumberOfEmployees,
};

function toColumns<R>(readers: Record<string, Reader<R>>, resolved: ReturnType<typeof resolveColumnSpecs>): Column<R>[] {
  return resolved.map((c) => ({ header: c.header, width: c.width, kind: c.kind, value: readers[c.id]! }));
}

/** Writer columns of a company export, in the specs' order (ids must be validated against the catalogue first). */
export const companyColumns = (specs: readonly ColumnSpec[]): Column<CompanyExportRecord>[] =>
  toColumns<CompanyExportRecord>(COMPANY_ALL_READERS, resolveColumnSpecs("COMPANY", specs));

export const worksiteColumns = (specs: readonly ColumnSpec[]): Column<WorksiteRecord>[] =>
  toColumns<WorksiteRecord>(WORKSITE_READERS, resolveColumnSpecs("WORKSITE", specs));
