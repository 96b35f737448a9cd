/**
 * Maps a parsed bulk-file row to a company source record. The bulk file has identity, name, form, dates,
 * deregistration, ongoing procedures, business description and postal address only; every other field gets an
 * explicit "unknown" value (listed in docs/decisions, Bolagsverket loader) and the record is validated with zod.
 */
import { countyOfMunicipality, isLimitedCompanyForm } from "#search-index";
import { type CompanySourceRecord, CompanySourceRecordSchema } from "#search-index/engine";
import { type BulkRow, RowError } from "./bulk-row";
import type { BolagsverketCodes } from "./codes";
import type { ZipLookup } from "./zip-lookup";

/** Procedures after which a company no longer trades. */
const ENDING_PROCEDURES = new Set(["KK", "LI"]);
/** Forms without a duty to report beneficial owners. */
export const NO_BENEFICIAL_DUTY = new Set(["EN", "DB", "SM", "K", "R", "KY", "TSF"]);

/** Stable id from the organisation number: its first nine digits (the tenth is a check digit), below 2^30. */
export function orgSeqNoFor(orgNo: string): number {
  return Number(orgNo.replace("-", "").slice(0, 9));
}

/** What the bulk files say nothing about: explicit "unknown" values (docs/decisions/0007; the SCB loader uses them too). */
export const UNKNOWN = {
  visitingAddress: null,
  phoneNumbers: [],
  // Unknown, not "no": only SCB's paid register has the registrations (shown as "uppgift saknas", never 'Nej').
  fTaxReg: null,
  vatReg: null,
  employerReg: null,
  sniCodes: [],
  managerTitle: null,
  managerName: null,
  managerAge: null,
  boardMembers: [],
  beneficialOwners: [],
  beneficialStatus: null,
  beneficialSuspicion: false,
  scoring: null,
  fiscalYearEndMonth: 12,
  employeeRangeCode: "0",
  turnover: null,
  earnings: null,
  dividend: null,
  numEmployees: null,
  financialPeriods: [],
  annualReports: [],
  groupMotherOrgNo: null,
  companyGroupMotherName: null,
  companyGroupTree: null,
  isListed: false,
  isOwnerManaged: false,
  hasAuditor: false,
  auditObligation: false,
  isShelfCompany: false,
} satisfies Partial<CompanySourceRecord>;

/** "UPPLANDS VÄSBY" → "Upplands Väsby" (the registers write postal towns in capitals). */
export function titleCase(text: string): string {
  return text.toLocaleLowerCase("sv").replace(/(^|[\s-])(\p{L})/gu, (_, sep: string, ch: string) => sep + ch.toLocaleUpperCase("sv"));
}

export function toCompanyRecord(row: BulkRow, codes: BolagsverketCodes, zipToMunicipality: ZipLookup): CompanySourceRecord {
  const form = codes.companyForm(row.formCode);
  if (!form) throw new RowError(`organisationsformen ${row.formCode} saknar motsvarighet i SCB:s juridiska former`);
  const municipality = row.address.zip && row.address.country === "SE" ? zipToMunicipality(row.address.zip) : null;
  const county = municipality ? countyOfMunicipality(municipality) : null;
  if (!municipality || !county) throw new RowError(`kan inte härleda säte (kommun) ur postnummer "${row.address.zip ?? ""}"`);
  const zip = row.address.zip ? `${row.address.zip.slice(0, 3)} ${row.address.zip.slice(3)}` : null;
  const city =
    row.address.city && row.address.city === row.address.city.toLocaleUpperCase("sv") ? titleCase(row.address.city) : row.address.city;
  const record = {
    ...UNKNOWN,
    kind: "company" as const,
    orgSeqNo: orgSeqNoFor(row.orgNo),
    orgNo: row.orgNo,
    name: row.name,
    legalFormCode: form.legalFormCode,
    form: form.form,
    formText: form.formText,
    soleProprietorship: row.identityType === "PERSON" || form.form === "EN",
    isActive: row.deregisteredDate === null && !row.procedures.some((p) => ENDING_PROCEDURES.has(p.code)),
    postalAddress: { careOf: row.address.careOf, streetAddress: row.address.street, zip, city },
    seatMunicipalityCode: municipality,
    seatCountyCode: county,
    createdDate: row.registeredDate,
    registeredDate: row.registeredDate,
    beneficialReportingObligation: !NO_BENEFICIAL_DUTY.has(form.form) || isLimitedCompanyForm(form.legalFormCode),
    businessDescription: row.description,
  };
  const parsed = CompanySourceRecordSchema.safeParse(record);
  if (!parsed.success)
    throw new RowError(`posten är ogiltig: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  return parsed.data;
}
