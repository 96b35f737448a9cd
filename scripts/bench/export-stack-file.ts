/**
 * The export file of bench:export-stack: downloaded as the browser does (GET /sapi/extraction/:jobId/file, streamed to
 * disk, timed) and checked without a spreadsheet library: it must be a ZIP whose data sheet (xl/worksheets/sheet1.xml,
 * header in row 1) holds the expected data rows. The sheet is inflated as a stream and its `<row r="…">` elements
 * counted, so 250 000 rows never sit in memory. fflate's streaming Unzip finds an entry's end by scanning for the next
 * signature (the export worker writes data descriptors); should a signature turn up inside compressed data, the sheet
 * is inflated once more from the offsets of the central directory.
 */
import { createReadStream, createWriteStream, openSync, readSync, closeSync, statSync } from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { Inflate, Unzip, UnzipInflate } from "fflate";

export const DATA_SHEET = "xl/worksheets/sheet1.xml";

export interface Download {
  bytes: number;
  /** Content-Length of the answer, when it gave one. */
  contentLength: number | null;
  /** From the request to the answer's headers, and to its last byte. */
  headersMs: number;
  totalMs: number;
  contentType: string | null;
  contentDisposition: string | null;
}

/** Streams the answer of `url` into `file`; throws on anything but 200. */
export async function downloadFile(url: string, headers: Record<string, string>, file: string): Promise<Download> {
  const started = performance.now();
  const response = await fetch(url, { headers });
  const headersMs = performance.now() - started;
  if (response.status !== 200 || !response.body) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), createWriteStream(file));
  const totalMs = performance.now() - started;
  const length = response.headers.get("content-length");
  return {
    bytes: statSync(file).size,
    contentLength: length === null ? null : Number(length),
    headersMs,
    totalMs,
    contentType: response.headers.get("content-type"),
    contentDisposition: response.headers.get("content-disposition"),
  };
}

/** Counts `<row r="N"` elements in XML fed in pieces, remembering the last row number. */
class RowCounter {
  rows = 0;
  lastRowNumber = 0;
  private carry = "";
  private readonly decoder = new TextDecoder("utf-8");

  push(chunk: Uint8Array, final: boolean): void {
    const text = this.carry + this.decoder.decode(chunk, { stream: !final });
    const pattern = /<row r="(\d+)"/g;
    let end = 0;
    for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
      this.rows++;
      this.lastRowNumber = Number(match[1]);
      end = pattern.lastIndex;
    }
    // A row tag cut by the chunk boundary is at most 20 characters long; nothing counted is carried over.
    this.carry = final ? "" : text.slice(Math.max(end, text.length - 20));
  }
}

export interface SheetCount {
  /** `<row>` elements of the data sheet, the header row included. */
  rows: number;
  lastRowNumber: number;
  entries: string[];
  /** "streaming unzip", or "central directory" when the fallback had to read the sheet. */
  method: string;
}

const CHUNK = 1 << 20;

/** The data sheet's rows through fflate's streaming Unzip, every entry inflated, only the data sheet counted. */
async function countWithUnzip(file: string): Promise<SheetCount> {
  const counter = new RowCounter();
  const entries: string[] = [];
  let failure: Error | null = null;
  let sheetEnded = false;
  const unzip = new Unzip((entry) => {
    entries.push(entry.name);
    const isSheet = entry.name === DATA_SHEET;
    entry.ondata = (error, data, final) => {
      if (error) failure ??= error;
      else if (isSheet) {
        counter.push(data, final);
        if (final) sheetEnded = true;
      }
    };
    entry.start();
  });
  unzip.register(UnzipInflate);
  for await (const chunk of createReadStream(file, { highWaterMark: CHUNK })) {
    unzip.push(chunk as Buffer);
    if (failure) throw failure;
  }
  unzip.push(new Uint8Array(0), true);
  if (failure) throw failure;
  if (!sheetEnded) throw new Error(`${DATA_SHEET} not found or not complete (entries: ${entries.join(", ")})`);
  return { rows: counter.rows, lastRowNumber: counter.lastRowNumber, entries, method: "streaming unzip" };
}

interface CentralEntry {
  name: string;
  method: number;
  compressedSize: number;
  localHeaderOffset: number;
}

function readAt(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  const read = readSync(fd, buffer, 0, length, position);
  return buffer.subarray(0, read);
}

/** The central directory's entries (no ZIP64, no archive comment: what the export worker writes). */
function centralDirectory(file: string): CentralEntry[] {
  const fd = openSync(file, "r");
  try {
    const size = statSync(file).size;
    const end = readAt(fd, size - 22, 22);
    if (end.readUInt32LE(0) !== 0x06054b50) throw new Error("no end-of-central-directory record at the end of the file");
    const count = end.readUInt16LE(10);
    const directory = readAt(fd, end.readUInt32LE(16), end.readUInt32LE(12));
    const entries: CentralEntry[] = [];
    for (let p = 0, i = 0; i < count; i++) {
      if (directory.readUInt32LE(p) !== 0x02014b50) throw new Error(`central directory entry ${i} has no signature`);
      const nameLength = directory.readUInt16LE(p + 28);
      entries.push({
        name: directory.subarray(p + 46, p + 46 + nameLength).toString("utf8"),
        method: directory.readUInt16LE(p + 10),
        compressedSize: directory.readUInt32LE(p + 20),
        localHeaderOffset: directory.readUInt32LE(p + 42),
      });
      p += 46 + nameLength + directory.readUInt16LE(p + 30) + directory.readUInt16LE(p + 32);
    }
    return entries;
  } finally {
    closeSync(fd);
  }
}

/** The fallback: the data sheet's compressed bytes located through the central directory, inflated as a stream. */
async function countFromCentralDirectory(file: string): Promise<SheetCount> {
  const entries = centralDirectory(file);
  const sheet = entries.find((entry) => entry.name === DATA_SHEET);
  if (!sheet) throw new Error(`${DATA_SHEET} is not in the archive (entries: ${entries.map((e) => e.name).join(", ")})`);
  if (sheet.method !== 8) throw new Error(`${DATA_SHEET}: compression method ${sheet.method}, expected 8 (deflate)`);
  const fd = openSync(file, "r");
  const local = readAt(fd, sheet.localHeaderOffset, 30);
  closeSync(fd);
  if (local.readUInt32LE(0) !== 0x04034b50) throw new Error(`${DATA_SHEET}: no local header at its offset`);
  const start = sheet.localHeaderOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  const counter = new RowCounter();
  let ended = false;
  const inflate = new Inflate((data, final) => {
    counter.push(data, final);
    if (final) ended = true;
  });
  if (sheet.compressedSize > 0)
    for await (const chunk of createReadStream(file, { start, end: start + sheet.compressedSize - 1, highWaterMark: CHUNK }))
      inflate.push(chunk as Buffer);
  inflate.push(new Uint8Array(0), true);
  if (!ended) throw new Error(`${DATA_SHEET}: the deflate stream did not end`);
  return { rows: counter.rows, lastRowNumber: counter.lastRowNumber, entries: entries.map((e) => e.name), method: "central directory" };
}

/** Checks the ZIP signature, then counts the data sheet's rows (streaming Unzip, the central directory as fallback). */
export async function countSheetRows(file: string): Promise<SheetCount> {
  const fd = openSync(file, "r");
  const head = readAt(fd, 0, 4);
  closeSync(fd);
  if (head.length < 4 || head.readUInt32LE(0) !== 0x04034b50) throw new Error("the file is not a ZIP archive (no local file header)");
  try {
    return await countWithUnzip(file);
  } catch (error) {
    console.error(`[bench:export-stack] streaming unzip failed (${String(error)}); reading the sheet through the central directory`);
    return countFromCentralDirectory(file);
  }
}
