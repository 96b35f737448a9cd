/**
 * Legacy .xls (BIFF in an OLE compound file) through @e965/xlsx only, the maintained SheetJS build without the
 * prototype-pollution flaw of older releases. Any exception from the library becomes a clear refusal; formulas, styles,
 * HTML and VBA are not read. SheetJS needs roughly 1 kB of heap per cell, so the value cells are counted from the
 * BIFF records first and a workbook over LIST_FILE_LIMITS.maxXlsCells is refused before it is parsed.
 */
import type { CellObject, WorkBook } from "@e965/xlsx";
import { AppError } from "#shared/errors";
import type { NumberCollector } from "./number-collector";
import { extensionOf } from "./detect-format";
import { LIST_FILE_LIMITS } from "./limits";
import { inspectOle } from "./ole-container";
import { brokenXls, encryptedOffice, notWhatItClaims, xlsTooLarge } from "./refusals";

function cellValue(cell: CellObject | undefined): string {
  if (!cell || cell.v === undefined || cell.v === null) return "";
  if (typeof cell.v === "number") return Number.isInteger(cell.v) ? String(cell.v) : "";
  return typeof cell.v === "string" ? cell.v : "";
}

function collectWorkbook(book: WorkBook, collector: NumberCollector): void {
  for (const name of book.SheetNames) {
    const rows = book.Sheets[name]?.["!data"];
    if (!rows) continue;
    for (const row of rows) {
      if (!row) continue;
      const fields: string[] = [];
      for (const cell of row) {
        const text = cellValue(cell);
        if (text) fields.push(text);
      }
      collector.addUnit(fields.join("\t"));
    }
  }
}

export async function readXls(name: string, bytes: Uint8Array, collector: NumberCollector): Promise<void> {
  const xlsx = await import("@e965/xlsx");
  let book: WorkBook;
  try {
    const { kind, valueCells } = await inspectOle(bytes);
    if (kind === "encrypted-ooxml") throw encryptedOffice(name);
    if (kind !== "workbook") throw notWhatItClaims(name, extensionOf(name));
    if (valueCells > LIST_FILE_LIMITS.maxXlsCells) throw xlsTooLarge(name);
    book = xlsx.read(bytes, {
      type: "array",
      dense: true,
      cellFormula: false,
      cellHTML: false,
      cellText: false,
      cellNF: false,
      cellStyles: false,
      bookVBA: false,
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw brokenXls(name, error);
  }
  collectWorkbook(book, collector);
}
