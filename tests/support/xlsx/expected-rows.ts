/**
 * What an export row must read back as, written out field by field from the record, independently of the writer's
 * column definitions: header → value as a spreadsheet reader returns it (empty cells absent; date cells as UTC dates).
 */
import { type CompanyRecord, type WorksiteRecord } from "#shared/search/result-schemas";

type Row = Record<string, string | number | Date | undefined>;

const text = (value: string | null | undefined) => (value ? (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value) : undefined);
const num = (value: number | null | undefined) => value ?? undefined;
const yesNo = (value: boolean | null | undefined) => (value === null || value === undefined ? undefined : value ? "Ja" : "Nej");
const sni = (code: string) => `${code.slice(0, 2)}.${code.slice(2)}`;
const serial = (iso: string | null) => {
  if (!iso) return undefined;
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};

function industries(codes: readonly string[], names: readonly string[]): Row {
  return {
    "SNI-kod": codes[0] ? sni(codes[0]) : undefined,
    Bransch: text(names[0]),
    "Övriga SNI-koder": text(codes.slice(1).map(sni).join(", ")),
    "Övriga branscher": text(names.slice(1).join(", ")),
  };
}

export function expectedCompanyRow(r: CompanyRecord): Row {
  return {
    Företagsnamn: text(r.name),
    Organisationsnummer: r.orgNo,
    "c/o": text(r.careOf),
    Utdelningsadress: text(r.streetAddress),
    Postnummer: text(r.zip),
    Postort: text(r.city),
    Telefon: text(r.phoneNumbers.join(", ")),
    Kommun: text(r.municipalityName),
    Kommunkod: text(r.municipalityCode),
    Län: text(r.countyName),
    Länskod: text(r.countyCode),
    Befattning: text(r.managerTitle),
    Befattningshavare: text(r.managerName),
    "Befattningshavarens ålder": num(r.managerAge),
    Registreringsdatum: serial(r.createdDate),
    Koncernmoder: text(r.companyGroupMotherName),
    ...industries(r.sniCodes, r.sniNames),
    "Kreditbetyg (1–4)": num(r.scoring),
    "Omsättning (kr)": num(r.turnover),
    "Resultat (kr)": num(r.earnings),
    "Utdelning (kr)": num(r.dividend),
    "Antal anställda": num(r.numEmployees),
    "F-skatt": yesNo(r.fTaxReg),
    Momsregistrerad: yesNo(r.vatReg),
    Löpnummer: r.orgSeqNo,
  };
}

export function expectedWorksiteRow(r: WorksiteRecord): Row {
  return {
    Arbetsställe: text(r.name),
    "CFAR-nummer": r.cfarNo,
    Företagsnamn: text(r.companyName),
    Organisationsnummer: r.orgNo,
    Huvudkontor: yesNo(r.headquarters),
    "c/o": text(r.careOf),
    Utdelningsadress: text(r.streetAddress),
    Postnummer: text(r.zip),
    Postort: text(r.city),
    Besöksadress: text(r.visitingStreetAddress),
    Besökspostnummer: text(r.visitingZip),
    Besöksort: text(r.visitingCity),
    Telefon: text(r.phoneNumber),
    Kommun: text(r.municipalityName),
    Kommunkod: text(r.municipalityCode),
    Län: text(r.countyName),
    Länskod: text(r.countyCode),
    "Antal anställda (storleksklass)": text(r.employeeRange),
    "Storleksklass, kod": text(r.employeeRangeCode),
    ...industries(r.sniCodes, r.sniNames),
    Startdatum: serial(r.activeFrom),
    "Företagets F-skatt": yesNo(r.companyFTax),
    "Företagets momsregistrering": yesNo(r.companyVatReg),
    "Företaget arbetsgivarregistrerat": yesNo(r.companySocSec),
    "Företagets omsättning (kr)": num(r.companyTurnover),
    "Företagets resultat efter finansnetto (kr)": num(r.companyEarningsAfterNetInterestIncome),
    "Företagets antal anställda": num(r.companyNumberOfEmployees),
    Löpnummer: r.orgSeqNo,
  };
}
