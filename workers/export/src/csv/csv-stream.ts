/**
 * The streaming CSV writer (issue 17): a UTF-8 byte-order mark, then the header row and one line per record, fields
 * separated by semicolons, numbers with a decimal comma, lines ended by CRLF, so Excel with Swedish settings opens the
 * file as it is. Rows are encoded into 64 KiB batches as they come, so memory stays flat whatever the row count, just
 * as in the XLSX path. Text that could be taken for a formula gets a leading apostrophe (as in the XLSX files).
 */
import { dateSerial, type CellInput, type CellKind } from "../xlsx/cells";
import type { Column } from "../xlsx/columns";
import type { RowCounter } from "../xlsx/data-sheet";
import { Utf8Batcher } from "../xlsx/utf8-batcher";
import { neutraliseFormula } from "../xlsx/xml-text";

export const CSV_SEPARATOR = ";";
const BOM = "\uFEFF";
const NEEDS_QUOTES = /[;"\r\n]/;

export interface CsvStream {
  chunks: AsyncGenerator<Uint8Array>;
  counter: RowCounter;
}

/** A field as it goes between separators: quoted (with doubled quotes) when it holds a separator, a quote or a line break. */
export function csvField(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** "1234.5" → "1234,5": no thousands separator, a decimal comma. */
function swedishNumber(value: number): string {
  return String(value).replace(".", ",");
}

/** A value of the given kind as CSV text (before quoting); "" for an empty cell. */
export function csvValue(kind: CellKind, value: CellInput): string {
  if (value === null || value === undefined || value === "") return "";
  switch (kind) {
    case "money":
    case "integer": {
      const n = typeof value === "number" ? value : Number(value);
      return Number.isFinite(n) ? swedishNumber(n) : neutraliseFormula(String(value));
    }
    case "date": {
      const text = String(value);
      const compact = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(text);
      return compact && dateSerial(text) !== null ? `${compact[1]}-${compact[2]}-${compact[3]}` : neutraliseFormula(text);
    }
    case "yesNo":
      return value === true ? "Ja" : value === false ? "Nej" : neutraliseFormula(String(value));
    default:
      return neutraliseFormula(String(value));
  }
}

function csvLine<R>(columns: readonly Column<R>[], record: R): string {
  let line = "";
  for (let i = 0; i < columns.length; i++) {
    const column = columns[i]!;
    if (i > 0) line += CSV_SEPARATOR;
    line += csvField(csvValue(column.kind, column.value(record)));
  }
  return line + "\r\n";
}

async function* csvBytes<R>(columns: readonly Column<R>[], rows: AsyncIterable<readonly R[]>, counter: RowCounter) {
  const batcher = new Utf8Batcher();
  batcher.add(BOM + columns.map((c) => csvField(neutraliseFormula(c.header))).join(CSV_SEPARATOR) + "\r\n");
  for await (const chunk of rows) {
    for (const record of chunk) {
      batcher.add(csvLine(columns, record));
      counter.rows++;
      if (batcher.hasReady) yield* batcher.take();
    }
  }
  yield* batcher.take(true);
}

export function writeCsv<R>(columns: readonly Column<R>[], rows: AsyncIterable<readonly R[]>): CsvStream {
  const counter: RowCounter = { rows: 0 };
  return { chunks: csvBytes(columns, rows, counter), counter };
}
