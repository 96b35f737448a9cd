/** Columns of a company export: every field of the company search record (spec §3), in Swedish. */
import type { CompanyRecord } from "../../../shared/search/result-schemas";
import { type Column, joinList, placeColumns, postalColumns, sniColumns } from "./columns";

export const COMPANY_COLUMNS: readonly Column<CompanyRecord>[] = [
  { header: "Företagsnamn", width: 40, kind: "text", value: (r) => r.name },
  { header: "Organisationsnummer", width: 20, kind: "code", value: (r) => r.orgNo },
  ...postalColumns<CompanyRecord>(),
  { header: "Telefon", width: 26, kind: "text", value: (r) => joinList(r.phoneNumbers) },
  ...placeColumns<CompanyRecord>(),
  { header: "Befattning", width: 20, kind: "text", value: (r) => r.managerTitle },
  { header: "Befattningshavare", width: 28, kind: "text", value: (r) => r.managerName },
  { header: "Befattningshavarens ålder", width: 12, kind: "integer", value: (r) => r.managerAge },
  { header: "Registreringsdatum", width: 14, kind: "date", value: (r) => r.createdDate },
  { header: "Koncernmoder", width: 32, kind: "text", value: (r) => r.companyGroupMotherName },
  ...sniColumns<CompanyRecord>(),
  { header: "Kreditbetyg (1–4)", width: 12, kind: "integer", value: (r) => r.scoring },
  { header: "Omsättning (kr)", width: 18, kind: "money", value: (r) => r.turnover },
  { header: "Resultat (kr)", width: 18, kind: "money", value: (r) => r.earnings },
  { header: "Utdelning (kr)", width: 16, kind: "money", value: (r) => r.dividend },
  { header: "Antal anställda", width: 12, kind: "integer", value: (r) => r.numEmployees },
  { header: "F-skatt", width: 9, kind: "yesNo", value: (r) => r.fTaxReg },
  { header: "Momsregistrerad", width: 10, kind: "yesNo", value: (r) => r.vatReg },
  { header: "Löpnummer", width: 12, kind: "integer", value: (r) => r.orgSeqNo },
];
