/**
 * One cell of SpreadsheetML as XML text. Strings are inline (`t="inlineStr"`), so no shared-strings table has to be
 * kept in memory; numbers and dates are real numeric cells with a number format.
 */
import type { ColumnKind } from "#shared/api-contracts/export-columns";
import type { WallClock } from "#shared/stockholm-time";
import { STYLE, type StyleId } from "./styles";
import { escapeCellText } from "./xml-text";

/** How a column's value is written. */
export type CellKind = ColumnKind;
export type CellInput = string | number | boolean | null | undefined;

const KIND_STYLE: Record<CellKind, StyleId> = {
  text: STYLE.default,
  code: STYLE.code,
  money: STYLE.money,
  integer: STYLE.integer,
  date: STYLE.date,
  yesNo: STYLE.default,
};

/** Column letters: 0 → A, 25 → Z, 26 → AA. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let letters = "";
  while (n > 0) {
    const rem = (n - 1) % 26;
    letters = String.fromCharCode(65 + rem) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** `<c>` for a value of the given kind at `ref` (e.g. "B7"); "" when the cell is empty. */
export function cellXml(ref: string, kind: CellKind, value: CellInput): string {
  if (value === null || value === undefined || value === "") return "";
  switch (kind) {
    case "money":
    case "integer":
      return numberCell(ref, KIND_STYLE[kind], value);
    case "date": {
      const serial = typeof value === "string" ? dateSerial(value) : null;
      return serial === null ? textCell(ref, String(value), STYLE.default) : numberCell(ref, STYLE.date, serial);
    }
    case "yesNo":
      return textCell(ref, value === true ? "Ja" : value === false ? "Nej" : String(value), STYLE.default);
    default:
      return textCell(ref, String(value), KIND_STYLE[kind]);
  }
}

export function textCell(ref: string, text: string, style: StyleId): string {
  const { xml, preserve } = escapeCellText(text);
  const s = style === STYLE.default ? "" : ` s="${style}"`;
  return `<c r="${ref}"${s} t="inlineStr"><is><t${preserve ? ' xml:space="preserve"' : ""}>${xml}</t></is></c>`;
}

export function numberCell(ref: string, style: StyleId, value: CellInput): string {
  const n = typeof value === "number" ? value : Number(value);
  if (!Number.isFinite(n)) return typeof value === "string" ? textCell(ref, value, STYLE.default) : "";
  return `<c r="${ref}" s="${style}"><v>${n}</v></c>`;
}

const ISO_DATE = /^(\d{4})-?(\d{2})-?(\d{2})/;
const DAY_MS = 86_400_000;
// Serial 25569 is 1970-01-01 in the 1900 date system (which counts the non-existent 1900-02-29).
const UNIX_EPOCH_SERIAL = 25_569;

/** "YYYY-MM-DD" (or "YYYYMMDD") → spreadsheet date serial, null when not a valid date after 1900-03-01. */
export function dateSerial(text: string): number | null {
  const m = ISO_DATE.exec(text);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(year, month - 1, day);
  const check = new Date(ms);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  const serial = ms / DAY_MS + UNIX_EPOCH_SERIAL;
  return serial >= 61 ? serial : null;
}

/** A wall-clock date and time → serial with a fraction of the day. */
export function dateTimeSerial(t: WallClock): number {
  const ms = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
  return ms / DAY_MS + UNIX_EPOCH_SERIAL;
}
