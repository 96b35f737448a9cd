/** Columns of a company export: every field of the company search record (spec §3), in Swedish. */
import { type Column, joinList, placeColumns, postalColumns, sniColumns } from "./columns";

/** The company search record of spec §3 as the export reads it. */
export interface CompanyExportRecord {
  orgSeqNo: number;
  name: string;
  careOf: string | null;
  streetAddress: string | null;
  zip: string | null;
  city: string | null;
  phoneNumbers: readonly string[];
  orgNo: string;
  municipalityName: string | null;
  municipalityCode: string | null;
  countyName: string | null;
  countyCode: string | null;
  managerTitle: string | null;
  managerName: string | null;
  managerAge: number | null;
  createdDate: string | null;
  companyGroupMotherName: string | null;
  sniCodes: readonly string[];
  sniNames: readonly string[];
  scoring: number | null;
  turnover: number | null;
  earnings: number | null;
  dividend: number | null;
  numEmployees: number | null;
  fTaxReg: boolean | null;
  vatReg: boolean | null;
}

export const COMPANY_COLUMNS: readonly Column<CompanyExportRecord>[] = [
  { header: "Företagsnamn", width: 40, kind: "text", value: (r) => r.name },
  { header: "Organisationsnummer", width: 20, kind: "code", value: (r) => r.orgNo },
  ...postalColumns<CompanyExportRecord>(),
  { header: "Telefon", width: 26, kind: "text", value: (r) => joinList(r.phoneNumbers) },
  ...placeColumns<CompanyExportRecord>(),
  { header: "Befattning", width: 20, kind: "text", value: (r) => r.managerTitle },
  { header: "Befattningshavare", width: 28, kind: "text", value: (r) => r.managerName },
  { header: "Befattningshavarens ålder", width: 12, kind: "integer", value: (r) => r.managerAge },
  { header: "Registreringsdatum", width: 14, kind: "date", value: (r) => r.createdDate },
  { header: "Koncernmoder", width: 32, kind: "text", value: (r) => r.companyGroupMotherName },
  ...sniColumns<CompanyExportRecord>(),
  { header: "Kreditbetyg (1–4)", width: 12, kind: "integer", value: (r) => r.scoring },
  { header: "Omsättning (kr)", width: 18, kind: "money", value: (r) => r.turnover },
  { header: "Resultat (kr)", width: 18, kind: "money", value: (r) => r.earnings },
  { header: "Utdelning (kr)", width: 16, kind: "money", value: (r) => r.dividend },
  { header: "Antal anställda", width: 12, kind: "integer", value: (r) => r.numEmployees },
  { header: "F-skatt", width: 9, kind: "yesNo", value: (r) => r.fTaxReg },
  { header: "Momsregistrerad", width: 10, kind: "yesNo", value: (r) => r.vatReg },
  { header: "Löpnummer", width: 12, kind: "integer", value: (r) => r.orgSeqNo },
];
