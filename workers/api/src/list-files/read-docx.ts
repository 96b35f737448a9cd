/**
 * .docx: the main document part, paragraph by paragraph. Word splits text into runs at arbitrary places (spelling
 * marks, revisions), so a paragraph's runs are joined before numbers are looked for; tabs and line breaks inside a
 * paragraph separate. The paragraphs of one table row are gathered into one row (cells tab-separated), so "rows read"
 * counts table rows and free paragraphs, as a reader of the document would.
 */
import type { NumberCollector } from "./number-collector";
import { decodeXmlText, XmlUnitSplitter } from "./xml-units";
import { type InflateBudget, type ZipEntry } from "./zip-reader";

const MAIN_DOCUMENT = /^word\/document\.xml$/i;
const TEXT_OR_BREAK = /<(?:[\w.-]+:)?t\b[^>]*>([^<]*)<|<(?:[\w.-]+:)?(?:tab|br|cr)\b[^>]*\/>/g;
const ROW_START = /<(?:[\w.-]+:)?tr[\s>]/g;
const ROW_END = /<\/(?:[\w.-]+:)?tr\s*>/g;

function paragraphText(xml: string): string {
  let text = "";
  TEXT_OR_BREAK.lastIndex = 0;
  for (let m = TEXT_OR_BREAK.exec(xml); m !== null; m = TEXT_OR_BREAK.exec(xml)) {
    text += m[1] ?? "\t";
  }
  return decodeXmlText(text);
}

function lastIndexOf(pattern: RegExp, xml: string): number {
  let last = -1;
  pattern.lastIndex = 0;
  for (let m = pattern.exec(xml); m !== null; m = pattern.exec(xml)) last = m.index;
  return last;
}

/** Paragraph units in, rows out: a table row's paragraphs are held until the row ends. */
class DocxRows {
  private row: string[] | null = null;

  constructor(private readonly collector: NumberCollector) {}

  paragraph(xml: string): void {
    const endAt = lastIndexOf(ROW_END, xml);
    if (endAt >= 0) this.flush();
    if (lastIndexOf(ROW_START, xml) > endAt) this.row = [];
    const text = paragraphText(xml);
    if (this.row) this.row.push(text);
    else this.collector.addUnit(text);
  }

  flush(): void {
    if (this.row) this.collector.addUnit(this.row.join("\t"));
    this.row = null;
  }
}

export async function readDocx(bytes: Uint8Array, entries: ZipEntry[], budget: InflateBudget, collector: NumberCollector): Promise<void> {
  const main = entries.find((e) => MAIN_DOCUMENT.test(e.name));
  if (!main) return;
  const rows = new DocxRows(collector);
  const splitter = new XmlUnitSplitter("p", (xml) => rows.paragraph(xml));
  await budget.inflate(bytes, main, (chunk) => splitter.push(chunk));
  splitter.end();
  rows.flush();
}

export const docxPartsToRead = (entries: ZipEntry[]) => entries.filter((e) => MAIN_DOCUMENT.test(e.name));
