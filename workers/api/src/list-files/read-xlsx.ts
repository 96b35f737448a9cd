/**
 * .xlsx: shared strings first (index → text), then every worksheet row by row; each cell's value (a shared string,
 * an inline string or the literal value of a number) becomes one tab-separated field of the row's text.
 */
import type { NumberCollector } from "./number-collector";
import { decodeXmlText, XmlUnitSplitter } from "./xml-units";
import { type InflateBudget, type ZipEntry } from "./zip-reader";

const CELL = /<(?:[\w.-]+:)?c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:[\w.-]+:)?c\s*>)/g;
const VALUE = /<(?:[\w.-]+:)?v\b[^>]*>([^<]*)</;
const TEXT_RUN = /<(?:[\w.-]+:)?t\b[^>]*>([^<]*)</g;
const PHONETIC = /<(?:[\w.-]+:)?rPh\b[\s\S]*?<\/(?:[\w.-]+:)?rPh\s*>/g;
const TYPE_ATTRIBUTE = /\bt\s*=\s*["']([^"']*)["']/;
const HAS_DIGIT = /\d/;
/** Stands in for a shared string without digits: not blank (the row counts as read), but holds no number. */
const NO_DIGITS = "…";

const SHARED_STRINGS = /^xl\/sharedStrings\.xml$/i;
const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/i;

/** The text of a shared string or inline string: its runs joined, phonetic hints left out. */
function joinTextRuns(xml: string): string {
  let text = "";
  TEXT_RUN.lastIndex = 0;
  const runs = xml.includes("<rPh") || xml.includes(":rPh") ? xml.replace(PHONETIC, "") : xml;
  for (let m = TEXT_RUN.exec(runs); m !== null; m = TEXT_RUN.exec(runs)) text += m[1];
  return decodeXmlText(text);
}

function cellText(attributes: string, body: string | undefined, shared: string[]): string {
  if (!body) return "";
  const type = TYPE_ATTRIBUTE.exec(attributes)?.[1];
  if (type === "inlineStr") return joinTextRuns(body);
  const value = VALUE.exec(body)?.[1];
  if (value === undefined) return "";
  if (type === "s") return shared[Number(value)] ?? "";
  return decodeXmlText(value);
}

function rowText(rowXml: string, shared: string[]): string {
  const fields: string[] = [];
  CELL.lastIndex = 0;
  for (let m = CELL.exec(rowXml); m !== null; m = CELL.exec(rowXml)) {
    const text = cellText(m[1] ?? "", m[2], shared);
    if (text) fields.push(text);
  }
  return fields.join("\t");
}

/** Worksheets in workbook order as LibreOffice and Excel name them (sheet1, sheet2, … sheet10). */
const sheetNumber = (name: string) => Number(/(\d+)\.xml$/i.exec(name)?.[1] ?? 0);

export async function readXlsx(bytes: Uint8Array, entries: ZipEntry[], budget: InflateBudget, collector: NumberCollector): Promise<void> {
  const shared: string[] = [];
  const sharedEntry = entries.find((e) => SHARED_STRINGS.test(e.name));
  if (sharedEntry) {
    const splitter = new XmlUnitSplitter("si", (xml) => {
      const text = joinTextRuns(xml);
      // Strings without a digit cannot hold a number: keep only a placeholder to save memory.
      shared.push(HAS_DIGIT.test(text) || text === "" ? text : NO_DIGITS);
    });
    await budget.inflate(bytes, sharedEntry, (chunk) => splitter.push(chunk));
    splitter.end();
  }
  const sheets = entries.filter((e) => WORKSHEET.test(e.name)).sort((a, b) => sheetNumber(a.name) - sheetNumber(b.name));
  for (const sheet of sheets) {
    const splitter = new XmlUnitSplitter("row", (xml) => collector.addUnit(rowText(xml, shared)));
    await budget.inflate(bytes, sheet, (chunk) => splitter.push(chunk));
    splitter.end();
  }
}

export const xlsxPartsToRead = (entries: ZipEntry[]) => entries.filter((e) => SHARED_STRINGS.test(e.name) || WORKSHEET.test(e.name));
