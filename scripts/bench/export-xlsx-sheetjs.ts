/**
 * The same workbook built the way the client first proposed: sheetjs-style, the whole workbook in memory, then
 * written at once. Same columns, headers, cell types, number formats, widths, bold header, autofilter and
 * 'Om urvalet' sheet as the streaming writer.
 */
import XLSX from "sheetjs-style";
import { COMPANY_COLUMNS, dateSerial, neutraliseFormula } from "#export/tooling";
import type { CompanyRecord } from "#shared/search/result-schemas";

const FORMAT = { money: "#,##0", integer: "0", date: "yyyy-mm-dd", code: "@" } as const;

function cellFor(kind: (typeof COMPANY_COLUMNS)[number]["kind"], value: unknown): XLSX.CellObject | null {
  if (value === null || value === undefined || value === "") return null;
  if (kind === "money" || kind === "integer") return { t: "n", v: Number(value), z: FORMAT[kind] };
  if (kind === "date") {
    const serial = dateSerial(String(value));
    return serial === null ? { t: "s", v: String(value) } : { t: "n", v: serial, z: FORMAT.date };
  }
  if (kind === "yesNo") return { t: "s", v: value ? "Ja" : "Nej" };
  return { t: "s", v: neutraliseFormula(String(value)), ...(kind === "code" ? { z: FORMAT.code } : {}) };
}

export function buildSheetjsWorkbook(rows: Iterable<CompanyRecord>, createdAt: Date): Buffer {
  const sheet: XLSX.WorkSheet = {};
  COMPANY_COLUMNS.forEach((column, c) => {
    sheet[XLSX.utils.encode_cell({ r: 0, c })] = { t: "s", v: column.header, s: { font: { bold: true } } };
  });
  let r = 0;
  for (const record of rows) {
    r++;
    COMPANY_COLUMNS.forEach((column, c) => {
      const cell = cellFor(column.kind, column.value(record));
      if (cell) sheet[XLSX.utils.encode_cell({ r, c })] = cell;
    });
  }
  const range = { s: { r: 0, c: 0 }, e: { r, c: COMPANY_COLUMNS.length - 1 } };
  sheet["!ref"] = XLSX.utils.encode_range(range);
  sheet["!autofilter"] = { ref: sheet["!ref"] };
  sheet["!cols"] = COMPANY_COLUMNS.map((column) => ({ wch: column.width }));
  const about = XLSX.utils.aoa_to_sheet([
    ["Om urvalet"],
    [],
    ["Skapad", createdAt],
    ["Innehåll", "Företag"],
    ["Antal rader", r],
    ["Datakällor", "Källa: SCB"],
  ]);
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, "Företag");
  XLSX.utils.book_append_sheet(workbook, about, "Om urvalet");
  return XLSX.write(workbook, { type: "buffer", bookType: "xlsx", compression: true }) as Buffer;
}
