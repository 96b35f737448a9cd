/** Columns of a worksite export: every field of the worksite search record (spec §3), in Swedish. */
import type { WorksiteRecord } from "../../../shared/search/result-schemas";
import { type Column, placeColumns, postalColumns, sniColumns } from "./columns";

export const WORKSITE_COLUMNS: readonly Column<WorksiteRecord>[] = [
  { header: "Arbetsställe", width: 36, kind: "text", value: (r) => r.name },
  { header: "CFAR-nummer", width: 13, kind: "code", value: (r) => r.cfarNo },
  { header: "Företagsnamn", width: 36, kind: "text", value: (r) => r.companyName },
  { header: "Organisationsnummer", width: 20, kind: "code", value: (r) => r.orgNo },
  { header: "Huvudkontor", width: 12, kind: "yesNo", value: (r) => r.headquarters },
  ...postalColumns<WorksiteRecord>(),
  { header: "Besöksadress", width: 30, kind: "text", value: (r) => r.visitingStreetAddress },
  { header: "Besökspostnummer", width: 11, kind: "code", value: (r) => r.visitingZip },
  { header: "Besöksort", width: 18, kind: "text", value: (r) => r.visitingCity },
  { header: "Telefon", width: 16, kind: "text", value: (r) => r.phoneNumber },
  ...placeColumns<WorksiteRecord>(),
  { header: "Antal anställda (storleksklass)", width: 18, kind: "text", value: (r) => r.employeeRange },
  { header: "Storleksklass, kod", width: 11, kind: "code", value: (r) => r.employeeRangeCode },
  ...sniColumns<WorksiteRecord>(),
  { header: "Aktivt från", width: 14, kind: "date", value: (r) => r.activeFrom },
  { header: "Företagets F-skatt", width: 10, kind: "yesNo", value: (r) => r.companyFTax },
  { header: "Företagets momsregistrering", width: 10, kind: "yesNo", value: (r) => r.companyVatReg },
  { header: "Företaget arbetsgivarregistrerat", width: 10, kind: "yesNo", value: (r) => r.companySocSec },
  { header: "Företagets omsättning (kr)", width: 18, kind: "money", value: (r) => r.companyTurnover },
  { header: "Företagets resultat efter finansnetto (kr)", width: 18, kind: "money", value: (r) => r.companyEarningsAfterNetInterestIncome },
  { header: "Företagets antal anställda", width: 12, kind: "integer", value: (r) => r.companyNumberOfEmployees },
  { header: "Löpnummer", width: 12, kind: "integer", value: (r) => r.orgSeqNo },
];
