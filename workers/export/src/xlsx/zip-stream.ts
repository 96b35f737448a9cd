/**
 * An incremental ZIP writer: each entry is written as local header → deflated data → data descriptor (general-purpose
 * flag bit 3), so no entry needs to be held in memory or sized in advance; the central directory follows at the end.
 * Entry contents are produced lazily, in order, so a later entry may depend on what an earlier one counted.
 * ZIP64 is not written: an entry or archive past 4 GiB fails loudly instead of producing a corrupt file.
 */
import type { WallClock } from "#shared/stockholm-time";
import { crc32 } from "./crc32";
import { deflateRaw, type DeflateEngine } from "./deflate-raw";

export interface ZipEntry {
  name: string;
  /** Called when the entry's turn comes; yields the uncompressed content. */
  content: () => AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
}

export interface ZipOptions {
  engine: DeflateEngine;
  /** Modification time stored in every entry (DOS date/time fields, local wall-clock parts). */
  modified: WallClock;
}

interface WrittenEntry {
  name: Uint8Array;
  offset: number;
  crc: number;
  compressedSize: number;
  size: number;
}

const MAX_32 = 0xffffffff;
const FLAGS = 0x0808; // bit 3: sizes in data descriptor; bit 11: UTF-8 names
const VERSION = 20;
const METHOD_DEFLATE = 8;

export async function* zipStream(entries: Iterable<ZipEntry>, options: ZipOptions): AsyncGenerator<Uint8Array> {
  const written: WrittenEntry[] = [];
  const { time, date } = dosDateTime(options.modified);
  let offset = 0;
  for (const entry of entries) {
    const name = new TextEncoder().encode(entry.name);
    const record: WrittenEntry = { name, offset, crc: 0, compressedSize: 0, size: 0 };
    const header = localHeader(name, time, date);
    offset += header.length;
    yield header;
    for await (const chunk of deflateRaw(measure(entry.content(), record), options.engine)) {
      record.compressedSize += chunk.length;
      yield chunk;
    }
    offset += record.compressedSize;
    assertFits(offset, `${entry.name}`);
    const descriptor = dataDescriptor(record);
    offset += descriptor.length;
    written.push(record);
    yield descriptor;
  }
  yield centralDirectory(written, time, date, offset);
}

/** Passes chunks through while counting their size and CRC-32 into `record`. */
async function* measure(source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, record: WrittenEntry): AsyncGenerator<Uint8Array> {
  for await (const chunk of source) {
    if (chunk.length === 0) continue;
    record.crc = crc32(chunk, record.crc);
    record.size += chunk.length;
    assertFits(record.size, "entry");
    yield chunk;
  }
}

function assertFits(size: number, what: string): void {
  if (size >= MAX_32) throw new Error(`ZIP ${what} exceeds 4 GiB; ZIP64 is not supported`);
}

function localHeader(name: Uint8Array, time: number, date: number): Uint8Array {
  const out = new Uint8Array(30 + name.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x04034b50, true);
  view.setUint16(4, VERSION, true);
  view.setUint16(6, FLAGS, true);
  view.setUint16(8, METHOD_DEFLATE, true);
  view.setUint16(10, time, true);
  view.setUint16(12, date, true);
  // CRC and sizes (14..25) stay zero: they follow in the data descriptor.
  view.setUint16(26, name.length, true);
  out.set(name, 30);
  return out;
}

function dataDescriptor(entry: WrittenEntry): Uint8Array {
  const out = new Uint8Array(16);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x08074b50, true);
  view.setUint32(4, entry.crc, true);
  view.setUint32(8, entry.compressedSize, true);
  view.setUint32(12, entry.size, true);
  return out;
}

function centralDirectory(entries: WrittenEntry[], time: number, date: number, start: number): Uint8Array {
  const size = entries.reduce((sum, e) => sum + 46 + e.name.length, 0);
  assertFits(start + size, "archive");
  const out = new Uint8Array(size + 22);
  const view = new DataView(out.buffer);
  let p = 0;
  for (const e of entries) {
    view.setUint32(p, 0x02014b50, true);
    view.setUint16(p + 4, VERSION, true);
    view.setUint16(p + 6, VERSION, true);
    view.setUint16(p + 8, FLAGS, true);
    view.setUint16(p + 10, METHOD_DEFLATE, true);
    view.setUint16(p + 12, time, true);
    view.setUint16(p + 14, date, true);
    view.setUint32(p + 16, e.crc, true);
    view.setUint32(p + 20, e.compressedSize, true);
    view.setUint32(p + 24, e.size, true);
    view.setUint16(p + 28, e.name.length, true);
    // extra length, comment length, disk number, internal and external attributes stay zero
    view.setUint32(p + 42, e.offset, true);
    out.set(e.name, p + 46);
    p += 46 + e.name.length;
  }
  view.setUint32(p, 0x06054b50, true);
  view.setUint16(p + 8, entries.length, true);
  view.setUint16(p + 10, entries.length, true);
  view.setUint32(p + 12, size, true);
  view.setUint32(p + 16, start, true);
  return out;
}

function dosDateTime(t: WallClock): { time: number; date: number } {
  const year = Math.min(Math.max(t.year, 1980), 2107);
  return {
    time: (t.hour << 11) | (t.minute << 5) | Math.floor(t.second / 2),
    date: ((year - 1980) << 9) | (t.month << 5) | t.day,
  };
}
