/**
 * Short company-form codes shown in the detail view (spec §3 "form"; EN is a sole trader) with their Swedish text,
 * mapped to SCB's juridisk form. HB and KB share SCB code 31.
 */
export interface CompanyForm {
  form: string;
  legalFormCode: string;
  formText: string;
}

export const companyForms: readonly CompanyForm[] = [
  { form: "EN", legalFormCode: "10", formText: "Enskild näringsidkare" },
  { form: "EB", legalFormCode: "21", formText: "Enkla bolag" },
  { form: "PR", legalFormCode: "22", formText: "Partrederi" },
  { form: "HB", legalFormCode: "31", formText: "Handelsbolag" },
  { form: "KB", legalFormCode: "31", formText: "Kommanditbolag" },
  { form: "BAB", legalFormCode: "41", formText: "Bankaktiebolag" },
  { form: "FAB", legalFormCode: "42", formText: "Försäkringsaktiebolag" },
  { form: "SE", legalFormCode: "43", formText: "Europabolag" },
  { form: "AB", legalFormCode: "49", formText: "Aktiebolag" },
  { form: "EF", legalFormCode: "51", formText: "Ekonomisk förening" },
  { form: "BRF", legalFormCode: "53", formText: "Bostadsrättsförening" },
  { form: "KHF", legalFormCode: "54", formText: "Kooperativ hyresrättsförening" },
  { form: "SCE", legalFormCode: "55", formText: "Europakooperativ" },
  { form: "IF", legalFormCode: "61", formText: "Ideell förening" },
  { form: "SF", legalFormCode: "62", formText: "Samfällighetsförening" },
  { form: "TSF", legalFormCode: "63", formText: "Registrerat trossamfund" },
  { form: "FST", legalFormCode: "71", formText: "Familjestiftelse" },
  { form: "ST", legalFormCode: "72", formText: "Stiftelse" },
  { form: "SM", legalFormCode: "81", formText: "Statlig enhet" },
  { form: "K", legalFormCode: "82", formText: "Kommun" },
  { form: "KF", legalFormCode: "83", formText: "Kommunalförbund" },
  { form: "R", legalFormCode: "84", formText: "Region" },
  { form: "KY", legalFormCode: "86", formText: "Enhet inom Svenska kyrkan" },
  { form: "DB", legalFormCode: "91", formText: "Dödsbo" },
  { form: "OFB", legalFormCode: "92", formText: "Ömsesidigt försäkringsbolag" },
  { form: "SB", legalFormCode: "93", formText: "Sparbank" },
  { form: "UF", legalFormCode: "94", formText: "Understödsförening" },
  { form: "AK", legalFormCode: "95", formText: "Arbetslöshetskassa" },
  { form: "FL", legalFormCode: "96", formText: "Filial till utländskt företag" },
  { form: "ÖJ", legalFormCode: "98", formText: "Övrig juridisk person" },
  { form: "EU", legalFormCode: "99", formText: "Juridisk form ej utredd" },
];

const byForm = new Map(companyForms.map((f) => [f.form, f]));
export function companyFormByCode(form: string): CompanyForm | null {
  return byForm.get(form) ?? null;
}
