/** A sheet column: Swedish header, width in characters, how the value is written, and how it is read from a record. */
import { formatSniCode } from "../../../shared/format";
import type { CellInput, CellKind } from "./cells";

export interface Column<R> {
  header: string;
  width: number;
  kind: CellKind;
  value: (record: R) => CellInput;
}

export function joinList(values: readonly string[] | null | undefined, from = 0): string {
  return values ? values.slice(from).join(", ") : "";
}

interface SniFields {
  sniCodes: readonly string[];
  sniNames: readonly string[];
}

/** Main industry (first code) in its own columns, the others joined, so a user can filter on the main one. */
export function sniColumns<R extends SniFields>(): Column<R>[] {
  return [
    { header: "SNI-kod", width: 10, kind: "code", value: (r) => (r.sniCodes[0] ? formatSniCode(r.sniCodes[0]) : null) },
    { header: "Bransch", width: 40, kind: "text", value: (r) => r.sniNames[0] ?? null },
    { header: "Övriga SNI-koder", width: 20, kind: "code", value: (r) => r.sniCodes.slice(1).map(formatSniCode).join(", ") },
    { header: "Övriga branscher", width: 50, kind: "text", value: (r) => joinList(r.sniNames, 1) },
  ];
}

interface PlaceFields {
  municipalityName: string | null;
  municipalityCode: string | null;
  countyName: string | null;
  countyCode: string | null;
}

export function placeColumns<R extends PlaceFields>(): Column<R>[] {
  return [
    { header: "Kommun", width: 18, kind: "text", value: (r) => r.municipalityName },
    { header: "Kommunkod", width: 11, kind: "code", value: (r) => r.municipalityCode },
    { header: "Län", width: 20, kind: "text", value: (r) => r.countyName },
    { header: "Länskod", width: 9, kind: "code", value: (r) => r.countyCode },
  ];
}

interface PostalFields {
  careOf: string | null;
  streetAddress: string | null;
  zip: string | null;
  city: string | null;
}

export function postalColumns<R extends PostalFields>(): Column<R>[] {
  return [
    { header: "c/o", width: 20, kind: "text", value: (r) => r.careOf },
    { header: "Utdelningsadress", width: 30, kind: "text", value: (r) => r.streetAddress },
    { header: "Postnummer", width: 11, kind: "code", value: (r) => r.zip },
    { header: "Postort", width: 18, kind: "text", value: (r) => r.city },
  ];
}
