/**
 * One row of SCB's bulk file (scb_bulkfile_columns.csv, docs/decisions/0021): ISO-8859-1, TAB-separated without
 * quoting, the 18 data columns and 16 mask columns, a trailing TAB and CRLF. Companies that are also in
 * Bolagsverket's file get SCB's habits (names and addresses mostly in capitals, since Bolagsverket's text wins on
 * the join); SCB-only companies keep their text as in the source so that they load back unchanged.
 */
import type { CompanySourceRecord } from "#search-index/engine";
import type { Rng } from "../generator/random";
import { MASK_COLUMNS, SCB_COLUMNS, type ScbColumn } from "../scb/columns";
import { decodeLine } from "../scb/encoding";
import { registerIdentity, soleTraderOwner } from "./register-membership";
import { compactDate, RegisterFormatError, townInCapitals, upper, zipDigits } from "./register-text";

export const SCB_HEADER_LINE = Buffer.from(`${[...SCB_COLUMNS, ...MASK_COLUMNS].join("\t")}\t\r\n`, "latin1");

/** SNI code SCB writes when the main industry is unknown. */
const UNKNOWN_SNI = "00000";
const MAX_SNI_CODES = 5;
/** Printable ISO-8859-1 only: no TAB, line break or other control character inside a field. */
const UNWRITABLE = /[^\x20-\x7e\xa0-\xff]/;
const MASKS = MASK_COLUMNS.map(() => "1");

function sniColumns(record: CompanySourceRecord): Pick<Record<ScbColumn, string>, "Ng1" | "Ng2" | "Ng3" | "Ng4" | "Ng5"> {
  const codes = record.sniCodes;
  if (codes.length > MAX_SNI_CODES) throw new RegisterFormatError(record.orgNo, `SCB's file has room for ${MAX_SNI_CODES} SNI codes`);
  return { Ng1: codes[0] ?? UNKNOWN_SNI, Ng2: codes[1] ?? "", Ng3: codes[2] ?? "", Ng4: codes[3] ?? "", Ng5: codes[4] ?? "" };
}

/**
 * A sole trader's Namn is the owner; Foretagsnamn the firm's name, empty when that is the owner's own name, except
 * for SCB-only sole traders (the loader names those Foretagsnamn, else Namn, and must give the source name back).
 */
function nameColumns(record: CompanySourceRecord, inBolagsverket: boolean, inCapitals: boolean) {
  const owner = soleTraderOwner(record);
  if (!owner) return { Namn: inCapitals ? upper(record.name) : record.name, Foretagsnamn: "" };
  const isOwnName = owner.name === record.name && inBolagsverket;
  return {
    Namn: upper(owner.firstName ? `${owner.surname}, ${owner.firstName}` : owner.surname),
    Foretagsnamn: isOwnName ? "" : record.name,
  };
}

export interface ScbRowOptions {
  /** The company also has rows in Bolagsverket's file (whose name and address win on the join). */
  inBolagsverket: boolean;
  rng: Rng;
}

/** The row's values by column. */
export function scbValues(record: CompanySourceRecord, { inBolagsverket, rng }: ScbRowOptions): Record<ScbColumn, string> {
  const { digits, isPersonal } = registerIdentity(record.orgNo);
  const inCapitals = inBolagsverket && rng.chance(0.8);
  const text = (value: string | null) => (value === null ? "" : inCapitals ? upper(value) : value);
  const { careOf, streetAddress, zip, city } = record.postalAddress;
  return {
    ForAndrTyp: "1",
    COAdress: text(careOf),
    ...nameColumns(record, inBolagsverket, inCapitals),
    FtgStat: !record.isActive ? "9" : record.isShelfCompany ? "0" : "1",
    Gatuadress: text(streetAddress),
    JEStat: "1",
    JurForm: record.legalFormCode,
    ...sniColumns(record),
    PeOrgNr: isPersonal ? digits : `16${digits}`,
    PostNr: zipDigits(zip),
    PostOrt: city === null ? "" : townInCapitals(city),
    RegDatKtid: compactDate(record.registeredDate),
    Reklamsparrtyp: rng.chance(record.soleProprietorship ? 0.12 : 0.04) ? "2" : "1",
  };
}

/** The encoded line (with trailing TAB and CRLF); throws RegisterFormatError for text the file cannot carry. */
export function scbRow(record: CompanySourceRecord, options: ScbRowOptions): Buffer {
  const values = scbValues(record, options);
  for (const column of SCB_COLUMNS) {
    const value = values[column];
    if (UNWRITABLE.test(value) || value !== value.trim())
      throw new RegisterFormatError(record.orgNo, `${column} "${value}" cannot be written to SCB's ISO-8859-1 file unchanged`);
  }
  const line = [...SCB_COLUMNS.map((c) => values[c]), ...MASKS].join("\t");
  const bytes = Buffer.from(`${line}\t\r\n`, "latin1");
  const decoded = decodeLine(bytes.subarray(0, -2), 2, "windows-1252");
  if ("error" in decoded) throw new RegisterFormatError(record.orgNo, `SCB's loader would reject the row: ${decoded.error}`);
  return bytes;
}
