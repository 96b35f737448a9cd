/**
 * The central directory of a ZIP, read through a random-access byte source: the end of central directory record
 * found in the last 64 KiB + 22 bytes, the ZIP64 locator and record when the classic fields are saturated, then the
 * directory parsed entry by entry through a window of at most 1 MiB. Entries that could be listed but not read
 * (undecodable name, encryption, unknown method) carry a `problem`; a directory that cannot be trusted as a whole
 * (truncated, out of range, entries overlapping) throws ZipError CORRUPT_ZIP.
 */
import {
  CENTRAL_HEADER_SIGNATURE,
  CENTRAL_HEADER_SIZE,
  EOCD_SIGNATURE,
  EOCD_SIZE,
  FLAG_ENCRYPTED,
  FLAG_MASKED_HEADERS,
  FLAG_STRONG_ENCRYPTION,
  FLAG_UTF8,
  LOCAL_HEADER_SIZE,
  MAX_16,
  MAX_32,
  METHOD_DEFLATE,
  METHOD_STORE,
  u16,
  u32,
  u64,
  ZIP64_EOCD_SIGNATURE,
  ZIP64_EOCD_SIZE,
  ZIP64_EXTRA_ID,
  ZIP64_LOCATOR_SIGNATURE,
  ZIP64_LOCATOR_SIZE,
} from "./zip-format";
import { decodeZipName } from "./zip-names";

/** Stable reasons a ZIP or one of its entries cannot be read. OUTPUT_LIMIT: inflating would pass the caller's cap. */
export type ZipErrorReason =
  "CORRUPT_ZIP" | "BAD_NAME" | "ENCRYPTED" | "UNSUPPORTED_METHOD" | "CRC_MISMATCH" | "SIZE_MISMATCH" | "OUTPUT_LIMIT";

export class ZipError extends Error {
  constructor(
    readonly reason: ZipErrorReason,
    message: string,
    /** The entry at fault (its name as decoded, or a lossy rendering of it), when one is. */
    readonly entry: string | null = null,
  ) {
    super(message);
    this.name = "ZipError";
  }
}

export interface ZipEntry {
  /** The decoded name (a lossy rendering when `problem` is BAD_NAME). */
  name: string;
  nameBytes: Uint8Array;
  /** 0 store, 8 deflate; anything else has an UNSUPPORTED_METHOD problem. */
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
  /** Where the entry's bytes must have ended: the next entry's local header, or the central directory. */
  limit: number;
  /** Why the entry cannot be read, as far as the central directory tells; null when it may be read. */
  problem: ZipError | null;
}

/** Random access to the bytes of a ZIP (a file or a buffer). */
export interface ByteSource {
  readonly size: number;
  /** Exactly `length` bytes from `at` (the caller keeps within `size`). */
  read(at: number, length: number): Promise<Uint8Array>;
}

interface DirectoryLocation {
  count: number;
  offset: number;
  size: number;
}

const WINDOW_BYTES = 1 << 20;
const corrupt = (message: string, entry: string | null = null) => new ZipError("CORRUPT_ZIP", message, entry);

/** Reads the central directory: every entry, checked to lie before the directory and not to overlap another. */
export async function readDirectory(source: ByteSource): Promise<ZipEntry[]> {
  const location = await locateDirectory(source);
  const entries: ZipEntry[] = [];
  const end = location.offset + location.size;
  const window = new Window(source, end);
  let at = location.offset;
  for (let i = 0; i < location.count; i++) {
    const fixed = await window.bytes(at, CENTRAL_HEADER_SIZE);
    if (u32(fixed, 0) !== CENTRAL_HEADER_SIGNATURE) throw corrupt(`central directory record ${i + 1} has no signature`);
    const variable = u16(fixed, 28) + u16(fixed, 30) + u16(fixed, 32);
    const record = await window.bytes(at, CENTRAL_HEADER_SIZE + variable);
    entries.push(parseCentralRecord(record));
    at += record.length;
  }
  if (at !== end) throw corrupt("the central directory's size does not match its records");
  assignLimits(entries, location.offset);
  return entries;
}

async function locateDirectory(source: ByteSource): Promise<DirectoryLocation> {
  if (source.size < EOCD_SIZE) throw corrupt("too short to be a ZIP");
  const tailStart = Math.max(0, source.size - EOCD_SIZE - MAX_16);
  const tail = await source.read(tailStart, source.size - tailStart);
  let eocd = -1;
  for (let at = tail.length - EOCD_SIZE; at >= 0 && eocd < 0; at--) {
    if (u32(tail, at) === EOCD_SIGNATURE && at + EOCD_SIZE + u16(tail, at + 20) <= tail.length) eocd = at;
  }
  if (eocd < 0) throw corrupt("no end of central directory record (not a ZIP, or truncated)");
  if (u16(tail, eocd + 4) !== 0 || u16(tail, eocd + 6) !== 0) throw corrupt("multi-disk archives are not supported");
  const classic = { count: u16(tail, eocd + 10), size: u32(tail, eocd + 12), offset: u32(tail, eocd + 16) };
  const eocdPosition = tailStart + eocd;
  const isZip64 = classic.count === MAX_16 || classic.size === MAX_32 || classic.offset === MAX_32;
  const location = isZip64 ? await readZip64End(source, eocdPosition) : { ...classic, end: eocdPosition };
  if (location.offset + location.size > location.end) throw corrupt("the central directory lies outside the file");
  if (location.count * CENTRAL_HEADER_SIZE > location.size) throw corrupt("more entries claimed than the directory holds");
  return location;
}

/** The ZIP64 end of central directory, through the locator just before the classic record. */
async function readZip64End(source: ByteSource, eocdPosition: number): Promise<DirectoryLocation & { end: number }> {
  if (eocdPosition < ZIP64_LOCATOR_SIZE) throw corrupt("ZIP64 fields without a ZIP64 locator");
  const locator = await source.read(eocdPosition - ZIP64_LOCATOR_SIZE, ZIP64_LOCATOR_SIZE);
  if (u32(locator, 0) !== ZIP64_LOCATOR_SIGNATURE) throw corrupt("ZIP64 fields without a ZIP64 locator");
  const recordAt = u64(locator, 8);
  if (recordAt === null || recordAt + ZIP64_EOCD_SIZE > eocdPosition - ZIP64_LOCATOR_SIZE) {
    throw corrupt("the ZIP64 end of central directory lies outside the file");
  }
  const record = await source.read(recordAt, ZIP64_EOCD_SIZE);
  if (u32(record, 0) !== ZIP64_EOCD_SIGNATURE) throw corrupt("no ZIP64 end of central directory where the locator points");
  const count = u64(record, 32);
  const size = u64(record, 40);
  const offset = u64(record, 48);
  if (count === null || size === null || offset === null) throw corrupt("ZIP64 end of central directory out of range");
  if (u32(record, 16) !== 0 || u32(record, 20) !== 0) throw corrupt("multi-disk archives are not supported");
  return { count, size, offset, end: recordAt };
}

function parseCentralRecord(record: Uint8Array): ZipEntry {
  const flags = u16(record, 8);
  const method = u16(record, 10);
  const nameLength = u16(record, 28);
  const nameBytes = record.slice(CENTRAL_HEADER_SIZE, CENTRAL_HEADER_SIZE + nameLength);
  const extra = record.subarray(CENTRAL_HEADER_SIZE + nameLength, CENTRAL_HEADER_SIZE + nameLength + u16(record, 30));
  const { name, display } = decodeZipName(nameBytes, (flags & FLAG_UTF8) !== 0);
  const wide = readZip64Extra(extra, [u32(record, 24), u32(record, 20), u32(record, 42)], display);
  const entry: ZipEntry = {
    name: display,
    nameBytes,
    method,
    flags,
    crc: u32(record, 16),
    uncompressedSize: wide[0],
    compressedSize: wide[1],
    localHeaderOffset: wide[2],
    limit: 0,
    problem: null,
  };
  if (name === null) entry.problem = new ZipError("BAD_NAME", `an entry name is not valid UTF-8 or empty: "${display}"`, display);
  else if ((flags & (FLAG_ENCRYPTED | FLAG_STRONG_ENCRYPTION | FLAG_MASKED_HEADERS)) !== 0) {
    entry.problem = new ZipError("ENCRYPTED", `${display} is encrypted`, display);
  } else if (method !== METHOD_STORE && method !== METHOD_DEFLATE) {
    entry.problem = new ZipError("UNSUPPORTED_METHOD", `${display} uses compression method ${method}`, display);
  }
  return entry;
}

/**
 * Replaces the saturated (0xFFFFFFFF) values among [uncompressed size, compressed size, local header offset] with
 * those of the ZIP64 extra field, which holds exactly the saturated ones, in that order.
 */
function readZip64Extra(extra: Uint8Array, values: [number, number, number], entry: string): [number, number, number] {
  if (!values.includes(MAX_32)) return values;
  for (let at = 0; at + 4 <= extra.length; at += 4 + u16(extra, at + 2)) {
    if (u16(extra, at) !== ZIP64_EXTRA_ID) continue;
    const fieldEnd = Math.min(extra.length, at + 4 + u16(extra, at + 2));
    let next = at + 4;
    const out: [number, number, number] = [...values];
    for (let i = 0; i < 3; i++) {
      if (values[i] !== MAX_32) continue;
      const value = next + 8 <= fieldEnd ? u64(extra, next) : null;
      if (value === null) throw corrupt(`${entry}: ZIP64 extra field too short or out of range`, entry);
      out[i] = value;
      next += 8;
    }
    return out;
  }
  throw corrupt(`${entry}: 32-bit fields saturated without a ZIP64 extra field`, entry);
}

/**
 * Orders the entries' local headers and checks each entry's smallest possible extent (local header, name and
 * compressed data) ends before the next one begins, and the last before the directory: overlapping entries are the
 * mark of a non-recursive bomb, and pointers past the data of a forged directory.
 */
function assignLimits(entries: ZipEntry[], directoryOffset: number): void {
  const byOffset = [...entries].sort((a, b) => a.localHeaderOffset - b.localHeaderOffset);
  byOffset.forEach((entry, i) => {
    entry.limit = byOffset[i + 1]?.localHeaderOffset ?? directoryOffset;
    const extent = entry.localHeaderOffset + LOCAL_HEADER_SIZE + entry.nameBytes.length + entry.compressedSize;
    if (extent > entry.limit) {
      const what = i + 1 < byOffset.length ? "overlaps the next entry" : "runs into the central directory";
      throw corrupt(`${entry.name} ${what} (central directory claims overlapping or out-of-file data)`, entry.name);
    }
  });
}

/** Reads through a window of the source, refilled on demand, never past `end`. */
class Window {
  private start = 0;
  private buffer: Uint8Array = new Uint8Array(0);

  constructor(
    private readonly source: ByteSource,
    private readonly end: number,
  ) {}

  async bytes(at: number, length: number): Promise<Uint8Array> {
    if (at + length > this.end) throw corrupt("a central directory record runs past the directory's end");
    if (at < this.start || at + length > this.start + this.buffer.length) {
      this.buffer = await this.source.read(at, Math.min(this.end - at, Math.max(length, WINDOW_BYTES)));
      this.start = at;
    }
    return this.buffer.subarray(at - this.start, at - this.start + length);
  }
}
