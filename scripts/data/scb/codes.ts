/**
 * SCB code lists the bulk file is checked against (copied into search-index/refdata/sources, Källa: SCB):
 * juridisk form (juridisk_form.csv), FtgStat and Reklamsparrtyp (scb_register_codes.csv), SNI 2007 detail groups
 * (sni2007.csv, through the reference data). Also the display form of a juridisk form code.
 */
import path from "node:path";
import { type CompanyForm, companyForms, isSniCode } from "#search-index";
import { readCsvObjects } from "../csv";

const SOURCES = path.resolve(import.meta.dirname, "../../../search-index/refdata/sources");

export interface ScbCodes {
  legalFormTitle(code: string): string | undefined;
  isCompanyStatus(code: string): boolean;
  isAdBlockType(code: string): boolean;
  /** SNI 2007 detail group (5 digits) known to the reference data. */
  isSniDetailGroup(code: string): boolean;
  /**
   * Urval's short form and text for a juridisk form code; SCB's title where the code has several short forms (31:
   * HB or KB) or none ("ÖJ").
   */
  formOf(legalFormCode: string): CompanyForm;
}

export function loadScbCodes(sources = SOURCES): ScbCodes {
  const legalForms = new Map(readCsvObjects(path.join(sources, "juridisk_form.csv")).map((r) => [r.code ?? "", r.title_sv ?? ""]));
  const register = readCsvObjects(path.join(sources, "scb_register_codes.csv"));
  const list = (variable: string) => new Set(register.filter((r) => r.variable === variable).map((r) => r.code ?? ""));
  const companyStatus = list("ftgStat");
  const adBlock = list("reklamSparrTyp");
  if (legalForms.size === 0 || companyStatus.size === 0 || adBlock.size === 0) throw new Error("SCB code lists are missing");
  return {
    legalFormTitle: (code) => legalForms.get(code),
    isCompanyStatus: (code) => companyStatus.has(code),
    isAdBlockType: (code) => adBlock.has(code),
    isSniDetailGroup: (code) => code.length === 5 && isSniCode(code),
    formOf: (legalFormCode) => {
      const forms = companyForms.filter((f) => f.legalFormCode === legalFormCode);
      if (forms.length === 1 && forms[0]) return forms[0];
      return { form: forms[0]?.form ?? "ÖJ", legalFormCode, formText: legalForms.get(legalFormCode) ?? "" };
    },
  };
}
