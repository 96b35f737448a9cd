/**
 * SCB bulk-file rows → source records (docs/decisions/0021). Joined with a Bolagsverket record, SCB adds the SNI codes
 * (main first) and its juridisk form, which is authoritative; name, address, seat, dates and status stay
 * Bolagsverket's. A company only in SCB becomes a record of its own when the row is complete enough (registration
 * date, a postal code that places the seat); otherwise the reason is returned and the company is listed.
 */
import { countyOfMunicipality, isLimitedCompanyForm } from "#search-index";
import { type CompanySourceRecord, CompanySourceRecordSchema } from "#search-index/engine";
import { NO_BENEFICIAL_DUTY, orgSeqNoFor, titleCase, UNKNOWN as BOLAGSVERKET_UNKNOWN } from "../bolagsverket/to-record";
import type { ZipLookup } from "../bolagsverket/zip-lookup";
import type { ScbCodes } from "./codes";
import type { ScbRow } from "./scb-row";

/** Bolagsverket's unknowns, plus the business description, which SCB's file lacks (SNI codes are set from SCB's). */
const UNKNOWN = { ...BOLAGSVERKET_UNKNOWN, businessDescription: null } satisfies Partial<CompanySourceRecord>;

const isAllCaps = (text: string) => text === text.toLocaleUpperCase("sv") && text !== text.toLocaleLowerCase("sv");

function checked(record: unknown): CompanySourceRecord {
  const parsed = CompanySourceRecordSchema.safeParse(record);
  if (!parsed.success)
    throw new Error(`record is invalid: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  return parsed.data;
}

export interface Enriched {
  record: CompanySourceRecord;
  /** SCB's juridisk form differs from the one mapped from Bolagsverket's organisationsform. */
  legalFormChanged: boolean;
}

export function enrichRecord(company: CompanySourceRecord, row: ScbRow, codes: ScbCodes): Enriched {
  if (company.orgNo !== row.orgNo) throw new Error(`join mismatch: ${company.orgNo} ≠ ${row.orgNo}`);
  const legalFormChanged = company.legalFormCode !== row.legalFormCode;
  const form = legalFormChanged ? codes.formOf(row.legalFormCode) : company;
  const record = {
    ...company,
    sniCodes: row.sniCodes,
    legalFormCode: row.legalFormCode,
    form: form.form,
    formText: form.formText,
  };
  return { record: checked(record), legalFormChanged };
}

/** A record from the SCB row alone, or why the row cannot make a complete one. */
export function toScbOnlyRecord(row: ScbRow, codes: ScbCodes, zipToMunicipality: ZipLookup): CompanySourceRecord | { problem: string } {
  const municipality = row.address.zip ? zipToMunicipality(row.address.zip) : null;
  const county = municipality ? countyOfMunicipality(municipality) : null;
  if (!municipality || !county) return { problem: `kan inte härleda säte (kommun) ur postnummer "${row.address.zip ?? ""}"` };
  if (!row.registeredDate) return { problem: "registreringsdatum (RegDatKtid) saknas" };
  const form = codes.formOf(row.legalFormCode);
  const zip = row.address.zip ? `${row.address.zip.slice(0, 3)} ${row.address.zip.slice(3)}` : null;
  const city = row.address.city && isAllCaps(row.address.city) ? titleCase(row.address.city) : row.address.city;
  return checked({
    ...UNKNOWN,
    kind: "company",
    orgSeqNo: orgSeqNoFor(row.orgNo),
    orgNo: row.orgNo,
    name: row.companyName ?? row.name,
    legalFormCode: form.legalFormCode,
    form: form.form,
    formText: form.formText,
    soleProprietorship: row.isPersonalIdentity || row.legalFormCode === "10",
    isActive: row.companyStatus !== "9",
    postalAddress: { careOf: row.address.careOf, streetAddress: row.address.street, zip, city },
    seatMunicipalityCode: municipality,
    seatCountyCode: county,
    createdDate: row.registeredDate,
    registeredDate: row.registeredDate,
    sniCodes: row.sniCodes,
    beneficialReportingObligation: !NO_BENEFICIAL_DUTY.has(form.form) || isLimitedCompanyForm(form.legalFormCode),
  });
}
