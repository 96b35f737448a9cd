/**
 * A guarded reader for the zip containers of .xlsx and .docx. It reads the central directory itself (entry count,
 * declared sizes and ratios are checked before anything is inflated), then inflates only the entries asked for,
 * counting output bytes and the ratio chunk by chunk while inflating, so a lying header cannot make it inflate more
 * than the caps. Zip64, encryption and methods other than stored/deflate are refused.
 */
import { LIST_FILE_LIMITS } from "./limits";

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
  /** Bytes of the name as stored, to locate where the entry's data ends. */
  nameBytes: number;
  encrypted: boolean;
}

/** Why a container was refused; the caller turns it into a USER_MESSAGE naming the file. */
export class ZipRefusal extends Error {
  constructor(
    readonly reason: "unreadable" | "bomb" | "encrypted",
    detail: string,
  ) {
    super(detail);
    this.name = "ZipRefusal";
  }
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;

const u16 = (b: Uint8Array, at: number) => (b[at] as number) | ((b[at + 1] as number) << 8);
const u32 = (b: Uint8Array, at: number) => (u16(b, at) | (u16(b, at + 2) << 16)) >>> 0;

function findEndOfCentralDirectory(bytes: Uint8Array): number {
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= lowest; at--) {
    if (u32(bytes, at) === EOCD_SIGNATURE) return at;
  }
  throw new ZipRefusal("unreadable", "no end of central directory (truncated?)");
}

/** Lists the entries from the central directory, refusing zip64, too many entries and out-of-range offsets. */
export function readZipDirectory(bytes: Uint8Array): ZipEntry[] {
  const eocd = findEndOfCentralDirectory(bytes);
  const count = u16(bytes, eocd + 10);
  const size = u32(bytes, eocd + 12);
  const offset = u32(bytes, eocd + 16);
  if (count === 0xffff || offset === 0xffffffff) throw new ZipRefusal("unreadable", "zip64 is not supported");
  if (count > LIST_FILE_LIMITS.maxZipEntries) throw new ZipRefusal("bomb", `too many entries: ${count}`);
  if (offset + size > eocd) throw new ZipRefusal("unreadable", "central directory out of range");
  const entries: ZipEntry[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > eocd || u32(bytes, at) !== CENTRAL_SIGNATURE) throw new ZipRefusal("unreadable", "broken central directory");
    const nameLength = u16(bytes, at + 28);
    const next = at + 46 + nameLength + u16(bytes, at + 30) + u16(bytes, at + 32);
    if (next > eocd) throw new ZipRefusal("unreadable", "central directory entry out of range");
    entries.push({
      name: new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      encrypted: (u16(bytes, at + 8) & 1) === 1,
      method: u16(bytes, at + 10),
      compressedSize: u32(bytes, at + 20),
      uncompressedSize: u32(bytes, at + 24),
      localHeaderOffset: u32(bytes, at + 42),
      nameBytes: nameLength,
    });
    at = next;
  }
  return entries;
}

/** The entry's compressed bytes, located through its local header. */
function entryData(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const at = entry.localHeaderOffset;
  if (at + 30 > bytes.length || u32(bytes, at) !== LOCAL_SIGNATURE) throw new ZipRefusal("unreadable", `bad local header: ${entry.name}`);
  const start = at + 30 + u16(bytes, at + 26) + u16(bytes, at + 28);
  const end = start + entry.compressedSize;
  if (end > bytes.length) throw new ZipRefusal("unreadable", `entry data out of range: ${entry.name}`);
  return bytes.subarray(start, end);
}

/** Checks what the directory declares about the entries to be read, before inflating any of them. */
export function checkDeclaredSizes(entries: ZipEntry[]): void {
  let total = 0;
  for (const entry of entries) {
    if (entry.encrypted) throw new ZipRefusal("encrypted", `encrypted entry: ${entry.name}`);
    if (entry.method !== 0 && entry.method !== 8) throw new ZipRefusal("unreadable", `unsupported method ${entry.method}`);
    total += entry.uncompressedSize;
    const exceedsRatio =
      entry.uncompressedSize > LIST_FILE_LIMITS.ratioGraceBytes &&
      entry.uncompressedSize > entry.compressedSize * LIST_FILE_LIMITS.maxCompressionRatio;
    if (exceedsRatio) throw new ZipRefusal("bomb", `declared ratio too high: ${entry.name}`);
  }
  if (total > LIST_FILE_LIMITS.maxInflatedBytes) throw new ZipRefusal("bomb", `declared total too large: ${total}`);
}

/**
 * Refuses entries whose data overlap (the "non-recursive zip bomb": many directory entries sharing one compressed
 * kernel). A well-formed zip stores each entry's data once, one after another.
 */
export function checkNoOverlap(entries: ZipEntry[]): void {
  const sorted = [...entries].sort((a, b) => a.localHeaderOffset - b.localHeaderOffset);
  for (let i = 1; i < sorted.length; i++) {
    const previous = sorted[i - 1] as ZipEntry;
    const previousEnd = previous.localHeaderOffset + 30 + previous.nameBytes + previous.compressedSize;
    if ((sorted[i] as ZipEntry).localHeaderOffset < previousEnd) throw new ZipRefusal("bomb", "overlapping entries");
  }
}

/** Counts inflated bytes across the entries of one container and enforces the caps as output arrives. */
export class InflateBudget {
  private total = 0;

  /** Inflates one entry, handing each output chunk to `onChunk`; stops as soon as a cap is passed. */
  async inflate(bytes: Uint8Array, entry: ZipEntry, onChunk: (chunk: Uint8Array) => void): Promise<void> {
    const data = entryData(bytes, entry);
    let produced = 0;
    const accept = (chunk: Uint8Array) => {
      produced += chunk.length;
      this.total += chunk.length;
      if (produced > entry.uncompressedSize) throw new ZipRefusal("bomb", `entry larger than declared: ${entry.name}`);
      if (this.total > LIST_FILE_LIMITS.maxInflatedBytes) throw new ZipRefusal("bomb", "inflated total too large");
      const ratioLimit = Math.max(LIST_FILE_LIMITS.ratioGraceBytes, data.length * LIST_FILE_LIMITS.maxCompressionRatio);
      if (produced > ratioLimit) throw new ZipRefusal("bomb", `ratio too high while inflating: ${entry.name}`);
      onChunk(chunk);
    };
    if (entry.method === 0) accept(data);
    else await inflateRaw(data, entry.name, accept);
    if (produced !== entry.uncompressedSize) throw new ZipRefusal("unreadable", `size mismatch: ${entry.name}`);
  }
}

/**
 * Raw DEFLATE through the platform's native zlib (DecompressionStream, in workerd and Node alike): output arrives in
 * small chunks pulled one at a time, so a cap stops inflation after at most one chunk more than allowed.
 */
async function inflateRaw(data: Uint8Array, name: string, accept: (chunk: Uint8Array) => void): Promise<void> {
  const input = new ReadableStream<Uint8Array<ArrayBuffer>>({
    start(controller) {
      controller.enqueue(new Uint8Array(data.buffer as ArrayBuffer, data.byteOffset, data.length));
      controller.close();
    },
  });
  const reader = input.pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  for (;;) {
    let step: ReadableStreamReadResult<Uint8Array>;
    try {
      step = await reader.read();
    } catch (error) {
      throw new ZipRefusal("unreadable", `inflate failed: ${name}: ${String(error)}`);
    }
    if (step.done) return;
    try {
      accept(step.value);
    } catch (error) {
      await reader.cancel().catch(() => undefined);
      throw error;
    }
  }
}
