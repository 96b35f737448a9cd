/**
 * The data sheet's XML, generated row by row from record chunks and encoded to UTF-8 in batches of 64 KiB, so
 * memory stays flat whatever the row count. Bold header row frozen at the top, autofilter over all rows, column widths.
 */
import { cellXml, columnLetter, textCell } from "./cells";
import type { Column } from "./columns";
import { STYLE } from "./styles";
import { Utf8Batcher } from "./utf8-batcher";

const NS =
  'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

/** Rows written so far; read after the sheet is done for the autofilter range and the 'Om urvalet' sheet. */
export interface RowCounter {
  rows: number;
}

export async function* dataSheetXml<R>(
  columns: readonly Column<R>[],
  chunks: AsyncIterable<readonly R[]>,
  counter: RowCounter,
): AsyncGenerator<Uint8Array> {
  const letters = columns.map((_, i) => columnLetter(i));
  const batcher = new Utf8Batcher();
  batcher.add(sheetHead(columns, letters));
  for await (const chunk of chunks) {
    for (const record of chunk) {
      batcher.add(rowXml(columns, letters, record, counter.rows + 2));
      counter.rows++;
      if (batcher.hasReady) yield* batcher.take();
    }
  }
  batcher.add(sheetTail(letters, counter.rows));
  yield* batcher.take(true);
}

function rowXml<R>(columns: readonly Column<R>[], letters: readonly string[], record: R, rowNumber: number): string {
  let xml = `<row r="${rowNumber}">`;
  for (let i = 0; i < columns.length; i++) {
    const column = columns[i]!;
    xml += cellXml(letters[i]! + rowNumber, column.kind, column.value(record));
  }
  return xml + "</row>";
}

function sheetHead<R>(columns: readonly Column<R>[], letters: readonly string[]): string {
  const cols = columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"/>`).join("");
  const header = columns.map((c, i) => textCell(`${letters[i]}1`, c.header, STYLE.header)).join("");
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    `<worksheet ${NS}>` +
    '<sheetViews><sheetView tabSelected="1" workbookViewId="0">' +
    '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>' +
    '<sheetFormatPr defaultRowHeight="15"/>' +
    `<cols>${cols}</cols><sheetData><row r="1">${header}</row>`
  );
}

function sheetTail(letters: readonly string[], rows: number): string {
  return `</sheetData><autoFilter ref="${filterRange(letters, rows)}"/></worksheet>`;
}

/** "A1:AB101": the header and every data row. */
export function filterRange(letters: readonly string[], rows: number): string {
  return `A1:${letters[letters.length - 1] ?? "A"}${rows + 1}`;
}

/** The same range with absolute references, as the workbook's _FilterDatabase name needs it. */
export function absoluteFilterRange(columnCount: number, rows: number): string {
  return `$A$1:$${columnLetter(Math.max(columnCount, 1) - 1)}$${rows + 1}`;
}
