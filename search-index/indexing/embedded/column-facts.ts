/**
 * What the column builders need from one source record, computed where the record is parsed (a reindex worker
 * thread) so the thread that builds the columns gets only these small objects. Flags that depend on the company of a
 * worksite are added by the worksite builder.
 */
import { companyValues, dateNumber, COMPANY_VALUE_FIELDS } from "../field-sources";
import type { CompanySourceRecord, WorksiteSourceRecord } from "../../records";
import { isLimitedCompanyForm } from "../../refdata";
import { companyTextFields, worksiteTextFields } from "../../free-text";
import { nameSortKey } from "../../text";
import { recordWords } from "../../embedded/word-index";
import { flagBits } from "./flag-bit";
import { companyFlags, worksiteFlags } from "../field-sources";
import { LIMITED_BIT } from "../../embedded/index-types";

export interface CompanyFacts {
  orgSeqNo: number;
  orgNo: string;
  name: string;
  flags: number;
  sniCodes: string[];
  municipalityCode: string;
  legalFormCode: string;
  fiscalYearEndMonth: number;
  ownerAges: number[];
  /** COMPANY_VALUE_FIELDS order, NaN where missing. */
  values: number[];
  sortKey: string;
  /** Words of the free-text index (word-index.ts recordWords). */
  words: string[];
}

export interface WorksiteFacts {
  id: number;
  orgSeqNo: number;
  /** Own flags (phone, headquarters); the company's registrations are added when the columns are built. */
  flags: number;
  sniCodes: string[];
  municipalityCode: string;
  employeeRangeCode: string;
  activeFrom: number;
  words: string[];
}

export function companyFacts(source: CompanySourceRecord): CompanyFacts {
  const flags = flagBits(companyFlags(source)) | (isLimitedCompanyForm(source.legalFormCode) ? 1 << LIMITED_BIT : 0);
  const values = companyValues(source);
  return {
    orgSeqNo: source.orgSeqNo,
    orgNo: source.orgNo,
    name: source.name,
    flags,
    sniCodes: source.sniCodes,
    municipalityCode: source.seatMunicipalityCode,
    legalFormCode: source.legalFormCode,
    fiscalYearEndMonth: source.fiscalYearEndMonth,
    ownerAges: source.beneficialOwners.map((owner) => Math.min(255, owner.age)),
    values: COMPANY_VALUE_FIELDS.map((field) => values[field]),
    sortKey: nameSortKey(source.name),
    words: recordWords(companyTextFields(source)),
  };
}

export function worksiteFacts(source: WorksiteSourceRecord): WorksiteFacts {
  return {
    id: Number(source.cfarNo),
    orgSeqNo: source.orgSeqNo,
    flags: flagBits(worksiteFlags(source)),
    sniCodes: source.sniCodes,
    municipalityCode: source.municipalityCode,
    employeeRangeCode: source.employeeRangeCode,
    activeFrom: dateNumber(source.activeFrom),
    // The company's name words are added when the columns are built (worksite-builder.ts).
    words: recordWords(worksiteTextFields(source, "")),
  };
}
