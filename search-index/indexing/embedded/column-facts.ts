/**
 * What the column builders need from one source record, computed where the record is parsed (a reindex worker
 * thread) so the thread that builds the columns gets only these small objects. Flags that depend on the company of a
 * worksite are added by the worksite builder.
 */
import { companyCodes, companyValues, dateNumber, COMPANY_VALUE_FIELDS, worksiteCodes } from "../field-sources";
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
  /** The company's code in each of its flat code sets (field-sources.ts COMPANY_CODE_SETS order). */
  codes: string[];
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
  /** The worksite's code in each of its flat code sets (field-sources.ts WORKSITE_CODE_SETS order). */
  codes: string[];
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
    codes: companyCodes(source),
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
    codes: worksiteCodes(source),
    activeFrom: dateNumber(source.activeFrom),
    // The company's name words are added when the columns are built (worksite-builder.ts).
    words: recordWords(worksiteTextFields(source, "")),
  };
}
