/** Bolagsverket code lists (organisationsform, avregistreringsorsak, pågående förfarande) and form mapping to SCB. */
import path from "node:path";
import { type CompanyForm, companyFormByCode } from "#search-index";
import { readCsvObjects } from "../csv";

const CODES_FILE = path.resolve(import.meta.dirname, "../../../search-index/refdata/sources/bolagsverket_codes.csv");

export type CodeList = "organisationsform" | "avregistreringsorsak" | "pagande_forfarande";

/** Bolagsverket organisationsform → Urval's short form (and through it SCB's juridisk form). */
const FORM_TO_SHORT: Record<string, string> = {
  AB: "AB",
  BAB: "BAB",
  BF: "EF",
  BFL: "FL",
  BRF: "BRF",
  E: "EN",
  EB: "EB",
  EEIG: "ÖJ",
  EGTS: "SCE",
  EK: "EF",
  FAB: "FAB",
  FF: "FL",
  FL: "FL",
  FOF: "UF",
  HB: "HB",
  I: "IF",
  KB: "KB",
  KHF: "KHF",
  MB: "EF",
  OFB: "OFB",
  OTPB: "OFB",
  S: "ST",
  SB: "SB",
  SCE: "SCE",
  SE: "SE",
  SF: "EF",
  TPAB: "FAB",
  TPF: "UF",
  TSF: "TSF",
};

export interface BolagsverketCodes {
  /** Title of a code in a list, undefined when unknown. */
  title(list: CodeList, code: string): string | undefined;
  /** Urval/SCB company form of a Bolagsverket organisationsform code. */
  companyForm(code: string): CompanyForm | undefined;
}

export function loadBolagsverketCodes(file = CODES_FILE): BolagsverketCodes {
  const lists = new Map<string, string>();
  for (const row of readCsvObjects(file)) lists.set(`${row.list}|${row.code}`, row.title_sv ?? "");
  for (const [code, form] of Object.entries(FORM_TO_SHORT)) {
    if (!lists.has(`organisationsform|${code}`) || !companyFormByCode(form)) throw new Error(`form mapping ${code} → ${form} is stale`);
  }
  return {
    title: (list, code) => lists.get(`${list}|${code}`),
    companyForm: (code) => {
      const form = lists.has(`organisationsform|${code}`) ? FORM_TO_SHORT[code] : undefined;
      return form ? (companyFormByCode(form) ?? undefined) : undefined;
    },
  };
}
