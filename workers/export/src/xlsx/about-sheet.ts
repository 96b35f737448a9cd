/**
 * The second sheet, 'Om urvalet': what was exported (search description, marked rows), when, how many rows, and the
 * data sources (SCB must be credited as "Källa: SCB").
 */
import type { WallClock } from "#shared/stockholm-time";
import { dateTimeSerial, numberCell, textCell } from "./cells";
import { STYLE } from "./styles";

export const ABOUT_SHEET_NAME = "Om urvalet";

export interface ExportDescription {
  /** The sheet of records: "Företag" or "Arbetsställen". */
  recordsLabel: string;
  /** Search constraints in words, e.g. { label: "Bransch", value: "62 Dataprogrammering…" }. */
  criteria: readonly { label: string; value: string }[];
  createdAt: WallClock;
  sources: readonly string[];
}

export function aboutSheetXml(description: ExportDescription, rowCount: number): string {
  const rows: string[] = [`<row r="1">${textCell("A1", ABOUT_SHEET_NAME, STYLE.header)}</row>`];
  const add = (label: string, cell: (ref: string) => string) => {
    const n = rows.length + 2;
    const labelCell = label ? textCell(`A${n}`, label, STYLE.label) : "";
    rows.push(`<row r="${n}">${labelCell}${cell(`B${n}`)}</row>`);
  };
  add("Skapad", (ref) => `<c r="${ref}" s="${STYLE.dateTime}"><v>${dateTimeSerial(description.createdAt)}</v></c>`);
  add("Innehåll", (ref) => textCell(ref, description.recordsLabel, STYLE.wrap));
  add("Antal rader", (ref) => numberCell(ref, STYLE.integer, rowCount));
  for (const { label, value } of description.criteria) add(label, (ref) => textCell(ref, value, STYLE.wrap));
  description.sources.forEach((source, i) => add(i === 0 ? "Datakällor" : "", (ref) => textCell(ref, source, STYLE.wrap)));
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
    '<cols><col min="1" max="1" width="26" customWidth="1"/><col min="2" max="2" width="90" customWidth="1"/></cols>' +
    `<sheetData>${rows.join("")}</sheetData></worksheet>`
  );
}
