/**
 * .docx: the main document part, paragraph by paragraph (table cells are paragraphs too). Word splits text into runs
 * at arbitrary places (spelling marks, revisions), so a paragraph's runs are joined before numbers are looked for;
 * tabs and line breaks inside a paragraph separate.
 */
import type { NumberCollector } from "./number-collector";
import { decodeXmlText, XmlUnitSplitter } from "./xml-units";
import { type InflateBudget, type ZipEntry } from "./zip-reader";

const MAIN_DOCUMENT = /^word\/document\.xml$/i;
const TEXT_OR_BREAK = /<(?:[\w.-]+:)?t\b[^>]*>([^<]*)<|<(?:[\w.-]+:)?(?:tab|br|cr)\b[^>]*\/>/g;

function paragraphText(xml: string): string {
  let text = "";
  TEXT_OR_BREAK.lastIndex = 0;
  for (let m = TEXT_OR_BREAK.exec(xml); m !== null; m = TEXT_OR_BREAK.exec(xml)) {
    text += m[1] ?? "\t";
  }
  return decodeXmlText(text);
}

export async function readDocx(bytes: Uint8Array, entries: ZipEntry[], budget: InflateBudget, collector: NumberCollector): Promise<void> {
  const main = entries.find((e) => MAIN_DOCUMENT.test(e.name));
  if (!main) return;
  const splitter = new XmlUnitSplitter("p", (xml) => collector.addUnit(paragraphText(xml)));
  await budget.inflate(bytes, main, (chunk) => splitter.push(chunk));
  splitter.end();
}

export const docxPartsToRead = (entries: ZipEntry[]) => entries.filter((e) => MAIN_DOCUMENT.test(e.name));
