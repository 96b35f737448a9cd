/**
 * One row of Bolagsverket's bulk file (bolagsverket_bulkfile_columns.csv), validated field by field.
 * Subfields are separated by `$`, repeated values by `|`; codes carry a list suffix (-ORGFO, -AVORG, -AVOMFO).
 */
import { z } from "zod";
import { hasValidLuhn, isPersonalIdentityNumber, normaliseIdentity } from "../org-number";
import type { BolagsverketCodes, CodeList } from "./codes";

export const BULK_COLUMNS = [
  "organisationsidentitet",
  "namnskyddslopnummer",
  "registreringsland",
  "organisationsnamn",
  "organisationsform",
  "avregistreringsdatum",
  "avregistreringsorsak",
  "pagandeAvvecklingsEllerOmstruktureringsforfarande",
  "registreringsdatum",
  "verksamhetsbeskrivning",
  "postadress",
] as const;

export class RowError extends Error {}

const RawRowSchema = z.array(z.string()).length(BULK_COLUMNS.length);
const DateSchema = z.iso.date();

export interface BulkRow {
  orgNo: string;
  identityType: "ORGNR" | "PERSON";
  nameSeq: number;
  country: string;
  name: string;
  formCode: string;
  deregisteredDate: string | null;
  deregistrationReason: string | null;
  procedures: { code: string; date: string }[];
  registeredDate: string;
  description: string | null;
  address: { street: string | null; careOf: string | null; city: string | null; zip: string | null; country: string };
}

function parseIdentity(value: string): Pick<BulkRow, "orgNo" | "identityType"> {
  const match = /^(\d{10}|\d{12})\$(ORGNR|PERSON)-IDORG$/.exec(value);
  const orgNo = match ? normaliseIdentity(match[1] ?? "") : null;
  if (!match || !orgNo) throw new RowError(`ogiltig organisationsidentitet "${value}"`);
  if (!/^\d{6}-\d{4}$/.test(orgNo) || !hasValidLuhn(orgNo.replace("-", ""))) throw new RowError(`felaktig kontrollsiffra i ${orgNo}`);
  const identityType = match[2] as "ORGNR" | "PERSON";
  if ((identityType === "PERSON") !== isPersonalIdentityNumber(orgNo))
    throw new RowError(`${orgNo} stämmer inte med typen ${identityType}`);
  return { orgNo, identityType };
}

/** The registered company name: FORETAGSNAMN first, else NAMN, else the first name given. */
function parseName(value: string): string {
  const names = value
    .split("|")
    .filter(Boolean)
    .map((entry) => {
      const parts = entry.split("$");
      const date = parts.length >= 3 ? parts.pop() : "";
      const type = parts.pop() ?? "";
      if (!/-ORGNAM$/.test(type) || (date && !DateSchema.safeParse(date).success))
        throw new RowError(`ogiltigt organisationsnamn "${entry}"`);
      return { name: parts.join("$").trim(), type: type.replace(/-ORGNAM$/, "") };
    });
  const chosen = names.find((n) => n.type === "FORETAGSNAMN") ?? names.find((n) => n.type === "NAMN") ?? names[0];
  if (!chosen?.name) throw new RowError("organisationsnamn saknas");
  return chosen.name;
}

function parseCode(value: string, suffix: string, list: CodeList, codes: BolagsverketCodes, label: string): string {
  const code = value.endsWith(`-${suffix}`) ? value.slice(0, -suffix.length - 1) : null;
  if (code === null || codes.title(list, code) === undefined) throw new RowError(`okänd ${label} "${value}"`);
  return code;
}

function parseDate(value: string, label: string): string {
  if (!DateSchema.safeParse(value).success) throw new RowError(`ogiltigt datum i ${label}: "${value}"`);
  return value;
}

function parseProcedures(value: string, codes: BolagsverketCodes): BulkRow["procedures"] {
  return value
    .split("|")
    .filter(Boolean)
    .map((entry) => {
      const [token = "", date = ""] = entry.split("$");
      return {
        code: parseCode(token, "AVOMFO", "pagande_forfarande", codes, "pågående förfarande"),
        date: parseDate(date, "pågående förfarande"),
      };
    });
}

function parseAddress(value: string): BulkRow["address"] {
  if (value === "") return { street: null, careOf: null, city: null, zip: null, country: "SE" };
  const parts = value.split("$");
  const [street = "", careOf = "", city = "", zip = "", country = ""] = parts;
  if (parts.length !== 5 || !/^[A-Z]{2}-LAND$/.test(country)) throw new RowError(`ogiltig postadress "${value}"`);
  const digits = zip.replace(/\s/g, "");
  if (digits !== "" && !/^\d{5}$/.test(digits) && country === "SE-LAND") throw new RowError(`ogiltigt postnummer "${zip}"`);
  const text = (s: string) => (s.trim() === "" ? null : s.trim());
  return { street: text(street), careOf: text(careOf), city: text(city), zip: digits === "" ? null : digits, country: country.slice(0, 2) };
}

export function parseBulkRow(fields: string[], codes: BolagsverketCodes): BulkRow {
  const raw = RawRowSchema.safeParse(fields);
  if (!raw.success) throw new RowError(`fel antal fält: ${fields.length} i stället för ${BULK_COLUMNS.length}`);
  const [identity, seq, country, name, form, deregistered, reason, procedures, registered, description, address] = raw.data;
  if (!/^\d+$/.test(seq ?? "")) throw new RowError(`ogiltigt namnskyddslöpnummer "${seq}"`);
  if (!/^[A-Z]{2}-LAND$/.test(country ?? "")) throw new RowError(`ogiltigt registreringsland "${country}"`);
  return {
    ...parseIdentity(identity ?? ""),
    nameSeq: Number(seq),
    country: (country ?? "").slice(0, 2),
    name: parseName(name ?? ""),
    formCode: parseCode(form ?? "", "ORGFO", "organisationsform", codes, "organisationsform"),
    deregisteredDate: deregistered ? parseDate(deregistered, "avregistreringsdatum") : null,
    deregistrationReason: reason ? parseCode(reason, "AVORG", "avregistreringsorsak", codes, "avregistreringsorsak") : null,
    procedures: parseProcedures(procedures ?? "", codes),
    registeredDate: parseDate(registered ?? "", "registreringsdatum"),
    description: description?.trim() ? description.trim() : null,
    address: parseAddress(address ?? ""),
  };
}
