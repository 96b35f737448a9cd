/**
 * A ZIP writer for the annual-report archives: whole nested archives in memory (`zipBytes`) and outer archives
 * written to disk entry by entry (`ZipFileWriter`, central directory at close). Names are UTF-8 (flag bit 11), every
 * entry carries the same DOS date so equal input gives equal bytes, and ZIP64 records are written only when needed
 * (more than 65 535 entries, or a size or offset past 4 GiB). `declaredSize` and `declaredCrc` exist for hostile test
 * fixtures: they replace the real values in the headers.
 */
import { type FileHandle, open } from "node:fs/promises";
import { crc32, deflateRawSync } from "node:zlib";
import {
  CENTRAL_HEADER_SIGNATURE,
  CENTRAL_HEADER_SIZE,
  EOCD_SIGNATURE,
  EOCD_SIZE,
  FLAG_UTF8,
  LOCAL_HEADER_SIGNATURE,
  LOCAL_HEADER_SIZE,
  MAX_16,
  MAX_32,
  METHOD_DEFLATE,
  METHOD_STORE,
  ZIP64_EOCD_SIGNATURE,
  ZIP64_EOCD_SIZE,
  ZIP64_EXTRA_ID,
  ZIP64_LOCATOR_SIGNATURE,
  ZIP64_LOCATOR_SIZE,
} from "./zip-format";

export interface ZipEntryInput {
  name: string;
  data: Uint8Array;
  /** default "deflate" */
  method?: "deflate" | "store";
  /** Hostile fixtures only: the uncompressed size written into the headers instead of the real one. */
  declaredSize?: number;
  /** Hostile fixtures only: a CRC-32 written instead of the real one. */
  declaredCrc?: number;
}

/** What the central directory needs to know about one written entry. */
interface CentralRecord {
  name: Uint8Array;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

const VERSION_DEFAULT = 20;
const VERSION_ZIP64 = 45;
/** 2025-01-01 00:00:00 in DOS date and time fields: a fixed stamp keeps the output deterministic. */
const DOS_DATE = ((2025 - 1980) << 9) | (1 << 5) | 1;
const DOS_TIME = 0;
/** The disk writer collects small entries into writes of about this size. */
const WRITE_BATCH_BYTES = 1 << 20;

/** Writes a 64-bit little-endian value (safe integers only). */
function setU64(view: DataView, at: number, value: number): void {
  view.setUint32(at, value % 0x1_0000_0000, true);
  view.setUint32(at + 4, Math.floor(value / 0x1_0000_0000), true);
}

/** The local header and the (possibly deflated) data of one entry, and its central directory record. */
function encodeEntry(entry: ZipEntryInput, offset: number): { header: Uint8Array; data: Uint8Array; record: CentralRecord } {
  const name = new TextEncoder().encode(entry.name);
  if (name.length > MAX_16) throw new Error(`ZIP entry name longer than 65 535 bytes: ${entry.name.slice(0, 80)}…`);
  const method = entry.method === "store" ? METHOD_STORE : METHOD_DEFLATE;
  const data = method === METHOD_STORE ? entry.data : new Uint8Array(deflateRawSync(entry.data));
  const record: CentralRecord = {
    name,
    method,
    crc: (entry.declaredCrc ?? crc32(entry.data)) >>> 0,
    compressedSize: data.length,
    size: entry.declaredSize ?? entry.data.length,
    offset,
  };
  const zip64 = record.size >= MAX_32 || record.compressedSize >= MAX_32;
  const header = new Uint8Array(LOCAL_HEADER_SIZE + name.length + (zip64 ? 20 : 0));
  const view = new DataView(header.buffer);
  view.setUint32(0, LOCAL_HEADER_SIGNATURE, true);
  view.setUint16(4, zip64 ? VERSION_ZIP64 : VERSION_DEFAULT, true);
  view.setUint16(6, FLAG_UTF8, true);
  view.setUint16(8, method, true);
  view.setUint16(10, DOS_TIME, true);
  view.setUint16(12, DOS_DATE, true);
  view.setUint32(14, record.crc, true);
  view.setUint32(18, zip64 ? MAX_32 : record.compressedSize, true);
  view.setUint32(22, zip64 ? MAX_32 : record.size, true);
  view.setUint16(26, name.length, true);
  view.setUint16(28, zip64 ? 20 : 0, true);
  header.set(name, LOCAL_HEADER_SIZE);
  if (zip64) {
    // In a local header the ZIP64 extra field holds both sizes, uncompressed first.
    const at = LOCAL_HEADER_SIZE + name.length;
    view.setUint16(at, ZIP64_EXTRA_ID, true);
    view.setUint16(at + 2, 16, true);
    setU64(view, at + 4, record.size);
    setU64(view, at + 12, record.compressedSize);
  }
  return { header, data, record };
}

/** One central directory record; the ZIP64 extra field holds exactly the values that did not fit in 32 bits. */
function centralHeader(record: CentralRecord): Uint8Array {
  const wide = [record.size, record.compressedSize, record.offset].filter((value) => value >= MAX_32);
  const extraLength = wide.length > 0 ? 4 + 8 * wide.length : 0;
  const out = new Uint8Array(CENTRAL_HEADER_SIZE + record.name.length + extraLength);
  const view = new DataView(out.buffer);
  const version = wide.length > 0 ? VERSION_ZIP64 : VERSION_DEFAULT;
  view.setUint32(0, CENTRAL_HEADER_SIGNATURE, true);
  view.setUint16(4, version, true);
  view.setUint16(6, version, true);
  view.setUint16(8, FLAG_UTF8, true);
  view.setUint16(10, record.method, true);
  view.setUint16(12, DOS_TIME, true);
  view.setUint16(14, DOS_DATE, true);
  view.setUint32(16, record.crc, true);
  view.setUint32(20, Math.min(record.compressedSize, MAX_32), true);
  view.setUint32(24, Math.min(record.size, MAX_32), true);
  view.setUint16(28, record.name.length, true);
  view.setUint16(30, extraLength, true);
  // Comment length, disk number, internal and external attributes stay zero.
  view.setUint32(42, Math.min(record.offset, MAX_32), true);
  out.set(record.name, CENTRAL_HEADER_SIZE);
  if (extraLength > 0) {
    const at = CENTRAL_HEADER_SIZE + record.name.length;
    view.setUint16(at, ZIP64_EXTRA_ID, true);
    view.setUint16(at + 2, 8 * wide.length, true);
    wide.forEach((value, i) => setU64(view, at + 4 + 8 * i, value));
  }
  return out;
}

/** The end records: a ZIP64 end of central directory and its locator when needed, then the classic one. */
function endRecords(entries: number, directoryOffset: number, directorySize: number): Uint8Array {
  const zip64 = entries >= MAX_16 || directoryOffset >= MAX_32 || directorySize >= MAX_32;
  const out = new Uint8Array((zip64 ? ZIP64_EOCD_SIZE + ZIP64_LOCATOR_SIZE : 0) + EOCD_SIZE);
  const view = new DataView(out.buffer);
  let at = 0;
  if (zip64) {
    view.setUint32(0, ZIP64_EOCD_SIGNATURE, true);
    setU64(view, 4, ZIP64_EOCD_SIZE - 12);
    view.setUint16(12, VERSION_ZIP64, true);
    view.setUint16(14, VERSION_ZIP64, true);
    setU64(view, 24, entries);
    setU64(view, 32, entries);
    setU64(view, 40, directorySize);
    setU64(view, 48, directoryOffset);
    view.setUint32(56, ZIP64_LOCATOR_SIGNATURE, true);
    setU64(view, 64, directoryOffset + directorySize);
    view.setUint32(72, 1, true);
    at = ZIP64_EOCD_SIZE + ZIP64_LOCATOR_SIZE;
  }
  view.setUint32(at, EOCD_SIGNATURE, true);
  view.setUint16(at + 8, Math.min(entries, MAX_16), true);
  view.setUint16(at + 10, Math.min(entries, MAX_16), true);
  view.setUint32(at + 12, Math.min(directorySize, MAX_32), true);
  view.setUint32(at + 16, Math.min(directoryOffset, MAX_32), true);
  return out;
}

/** The central directory and end records for `records`, the directory starting at `directoryOffset`. */
function directoryAndEnd(records: readonly CentralRecord[], directoryOffset: number): Uint8Array[] {
  const headers = records.map(centralHeader);
  const directorySize = headers.reduce((sum, header) => sum + header.length, 0);
  return [...headers, endRecords(records.length, directoryOffset, directorySize)];
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A whole ZIP in memory (the per-report nested archives). */
export function zipBytes(entries: readonly ZipEntryInput[]): Uint8Array {
  const parts: Uint8Array[] = [];
  const records: CentralRecord[] = [];
  let offset = 0;
  for (const entry of entries) {
    const { header, data, record } = encodeEntry(entry, offset);
    parts.push(header, data);
    records.push(record);
    offset += header.length + data.length;
  }
  return concat([...parts, ...directoryAndEnd(records, offset)]);
}

/** An outer archive written to disk entry by entry (bounded memory), central directory at close. Zip64 when needed. */
export class ZipFileWriter {
  private readonly records: CentralRecord[] = [];
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private offset = 0;
  private closed = false;

  private constructor(private readonly handle: FileHandle) {}

  static async open(path: string): Promise<ZipFileWriter> {
    return new ZipFileWriter(await open(path, "w"));
  }

  async add(entry: ZipEntryInput): Promise<void> {
    if (this.closed) throw new Error("ZipFileWriter: add() after close()");
    const { header, data, record } = encodeEntry(entry, this.offset);
    this.records.push(record);
    this.offset += header.length + data.length;
    this.pending.push(header, data);
    this.pendingBytes += header.length + data.length;
    if (this.pendingBytes >= WRITE_BATCH_BYTES) await this.flush();
  }

  async close(): Promise<{ entries: number; bytes: number }> {
    if (this.closed) throw new Error("ZipFileWriter: close() called twice");
    this.closed = true;
    try {
      const end = directoryAndEnd(this.records, this.offset);
      this.pending.push(...end);
      await this.flush();
      return { entries: this.records.length, bytes: this.offset + end.reduce((sum, part) => sum + part.length, 0) };
    } finally {
      await this.handle.close();
    }
  }

  /** Writes what is pending as one buffer, looping over short writes. */
  private async flush(): Promise<void> {
    const chunk = concat(this.pending);
    this.pending = [];
    this.pendingBytes = 0;
    for (let written = 0; written < chunk.length;) {
      const { bytesWritten } = await this.handle.write(chunk, written, chunk.length - written);
      written += bytesWritten;
    }
  }
}
