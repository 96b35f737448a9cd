/** Columns of a worksite export: every field of the worksite search record (spec §3), in Swedish. */
import { type Column, placeColumns, postalColumns, sniColumns } from "./columns";

/** The worksite (CFAR) search record of spec §3 as the export reads it. */
export interface WorksiteExportRecord {
  cfarNo: string;
  orgSeqNo: number;
  orgNo: string;
  companyName: string;
  name: string;
  headquarters: boolean | null;
  careOf: string | null;
  streetAddress: string | null;
  zip: string | null;
  city: string | null;
  phoneNumber: string | null;
  municipalityName: string | null;
  municipalityCode: string | null;
  countyName: string | null;
  countyCode: string | null;
  employeeRange: string | null;
  employeeRangeCode: string | null;
  sniCodes: readonly string[];
  sniNames: readonly string[];
  activeFrom: string | null;
  visitingStreetAddress: string | null;
  visitingZip: string | null;
  visitingCity: string | null;
  companyFTax: boolean | null;
  companyVatReg: boolean | null;
  companySocSec: boolean | null;
  companyTurnover: number | null;
  companyEarningsAfterNetInterestIncome: number | null;
  companyNumberOfEmployees: number | null;
}

export const WORKSITE_COLUMNS: readonly Column<WorksiteExportRecord>[] = [
  { header: "Arbetsställe", width: 36, kind: "text", value: (r) => r.name },
  { header: "CFAR-nummer", width: 13, kind: "code", value: (r) => r.cfarNo },
  { header: "Företagsnamn", width: 36, kind: "text", value: (r) => r.companyName },
  { header: "Organisationsnummer", width: 20, kind: "code", value: (r) => r.orgNo },
  { header: "Huvudkontor", width: 12, kind: "yesNo", value: (r) => r.headquarters },
  ...postalColumns<WorksiteExportRecord>(),
  { header: "Besöksadress", width: 30, kind: "text", value: (r) => r.visitingStreetAddress },
  { header: "Besökspostnummer", width: 11, kind: "code", value: (r) => r.visitingZip },
  { header: "Besöksort", width: 18, kind: "text", value: (r) => r.visitingCity },
  { header: "Telefon", width: 16, kind: "text", value: (r) => r.phoneNumber },
  ...placeColumns<WorksiteExportRecord>(),
  { header: "Antal anställda (storleksklass)", width: 18, kind: "text", value: (r) => r.employeeRange },
  { header: "Storleksklass, kod", width: 11, kind: "code", value: (r) => r.employeeRangeCode },
  ...sniColumns<WorksiteExportRecord>(),
  { header: "Aktivt från", width: 14, kind: "date", value: (r) => r.activeFrom },
  { header: "Företagets F-skatt", width: 10, kind: "yesNo", value: (r) => r.companyFTax },
  { header: "Företagets momsregistrering", width: 10, kind: "yesNo", value: (r) => r.companyVatReg },
  { header: "Företaget arbetsgivarregistrerat", width: 10, kind: "yesNo", value: (r) => r.companySocSec },
  { header: "Företagets omsättning (kr)", width: 18, kind: "money", value: (r) => r.companyTurnover },
  { header: "Företagets resultat efter finansnetto (kr)", width: 18, kind: "money", value: (r) => r.companyEarningsAfterNetInterestIncome },
  { header: "Företagets antal anställda", width: 12, kind: "integer", value: (r) => r.companyNumberOfEmployees },
  { header: "Löpnummer", width: 12, kind: "integer", value: (r) => r.orgSeqNo },
];
