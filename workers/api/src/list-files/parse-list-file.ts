/**
 * The list-file parser: bytes and a file name in, the distinct valid organisation numbers and a report out, or a
 * USER_MESSAGE AppError in Swedish naming the file. Pure (no I/O) and synchronous apart from loading the .xls reader.
 */
import { decodeText, looksBinary, type TextEncoding } from "./decode-text";
import { claimedKind, extensionOf, sniffContent, type ClaimedKind } from "./detect-format";
import { LIST_FILE_LIMITS } from "./limits";
import { NumberCollector, type CollectedNumbers } from "./number-collector";
import { docxPartsToRead, readDocx } from "./read-docx";
import { readXls } from "./read-xls";
import { readXlsx, xlsxPartsToRead } from "./read-xlsx";
import * as refuse from "./refusals";
import { XmlRefusal } from "./xml-units";
import { inspectOle } from "./ole-container";
import { checkDeclaredSizes, checkNoOverlap, InflateBudget, readZipDirectory, ZipRefusal, type ZipEntry } from "./zip-reader";

export type ListFileFormat = "xlsx" | "docx" | "xls" | "text";

export interface ParsedListFile extends CollectedNumbers {
  format: ListFileFormat;
  /** Set for text files. */
  encoding?: TextEncoding;
}

const hasEntry = (entries: ZipEntry[], name: string) => entries.some((e) => e.name.toLowerCase() === name);

async function readZip(name: string, claimed: ClaimedKind, bytes: Uint8Array, collector: NumberCollector): Promise<ListFileFormat> {
  try {
    const entries = readZipDirectory(bytes);
    const format = hasEntry(entries, "xl/workbook.xml") ? "xlsx" : hasEntry(entries, "word/document.xml") ? "docx" : null;
    if (format === null || (format === "xlsx") !== (claimed === "excel")) throw refuse.notWhatItClaims(name, extensionOf(name));
    checkNoOverlap(entries);
    checkDeclaredSizes(format === "xlsx" ? xlsxPartsToRead(entries) : docxPartsToRead(entries));
    const budget = new InflateBudget();
    if (format === "xlsx") await readXlsx(bytes, entries, budget, collector);
    else await readDocx(bytes, entries, budget, collector);
    return format;
  } catch (error) {
    if (error instanceof ZipRefusal) {
      if (error.reason === "bomb") throw refuse.zipBomb(name);
      if (error.reason === "encrypted") throw refuse.encryptedOffice(name);
      throw refuse.unreadable(name, error);
    }
    if (error instanceof XmlRefusal) throw error.reason === "dtd" ? refuse.forbiddenXml(name) : refuse.unreadable(name, error);
    throw error;
  }
}

function readTextFile(name: string, bytes: Uint8Array, collector: NumberCollector): TextEncoding {
  const { encoding, text } = decodeText(bytes);
  if (looksBinary(text)) throw refuse.notWhatItClaims(name, extensionOf(name));
  collector.addText(text);
  return encoding;
}

interface ReadOutcome {
  format: ListFileFormat;
  encoding?: TextEncoding;
}

/** Chooses the reader by content; the claimed family (extension) must match it. */
async function readByContent(name: string, claimed: ClaimedKind, bytes: Uint8Array, collector: NumberCollector): Promise<ReadOutcome> {
  const content = sniffContent(bytes);
  if (content === "zip" && claimed !== "text") return { format: await readZip(name, claimed, bytes, collector) };
  if (content === "ole" && claimed === "excel") {
    await readXls(name, bytes, collector);
    return { format: "xls" };
  }
  if (content === "ole" && claimed === "word") {
    const kind = await inspectOle(bytes).then(
      (ole) => ole.kind,
      () => "other",
    );
    throw kind === "encrypted-ooxml" ? refuse.encryptedOffice(name) : refuse.notWhatItClaims(name, extensionOf(name));
  }
  if (content === "text" && claimed === "text") return { format: "text", encoding: readTextFile(name, bytes, collector) };
  throw refuse.notWhatItClaims(name, extensionOf(name));
}

/** Reads one uploaded list file. Throws a USER_MESSAGE AppError for every kind of refusal. */
export async function parseListFile(name: string, bytes: Uint8Array): Promise<ParsedListFile> {
  const claimed = claimedKind(name);
  if (claimed === null) throw refuse.unsupportedType(name);
  if (bytes.length > LIST_FILE_LIMITS.maxFileBytes) throw refuse.fileTooLarge(name);
  if (bytes.length === 0) throw refuse.emptyFile(name);
  const collector = new NumberCollector(name);
  const outcome = await readByContent(name, claimed, bytes, collector);
  const result = collector.result();
  if (result.rowsRead === 0) throw refuse.emptyFile(name);
  if (result.valid === 0) throw refuse.noValidNumbers(name);
  return { ...result, ...outcome };
}
