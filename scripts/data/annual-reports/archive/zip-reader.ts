/**
 * Random-access ZIP reading, of a file on disk (through a FileHandle: only the end records, the central directory
 * and the entries asked for are read, never the whole file) or of a ZIP in memory. `readEntry` checks the entry's
 * local header against the central directory, inflates with a cap on the output (node:zlib stops as soon as the cap
 * is passed, so a bomb costs at most the cap) and checks the declared size and the CRC-32.
 */
import { type FileHandle, open } from "node:fs/promises";
import { crc32, inflateRawSync } from "node:zlib";
import { type ByteSource, readDirectory, ZipError, type ZipEntry } from "./zip-directory";
import {
  FLAG_ENCRYPTED,
  FLAG_MASKED_HEADERS,
  FLAG_STRONG_ENCRYPTION,
  LOCAL_HEADER_SIGNATURE,
  LOCAL_HEADER_SIZE,
  METHOD_STORE,
  u16,
  u32,
} from "./zip-format";

export { ZipError, type ZipEntry, type ZipErrorReason } from "./zip-directory";

/** Bytes read past the name in one go, in the hope the local extra field fits in them (it usually is empty). */
const LOCAL_EXTRA_SLACK = 256;

export class ZipReader {
  private constructor(
    private readonly source: ByteSource,
    /** The entries in central directory order. */
    readonly entries: readonly ZipEntry[],
    private readonly release: () => Promise<void>,
  ) {}

  /** Opens a ZIP file. File system errors are thrown as they are; a ZIP that cannot be read throws ZipError. */
  static async openFile(path: string): Promise<ZipReader> {
    const handle = await open(path, "r");
    try {
      const source = await fileSource(handle);
      return new ZipReader(source, await readDirectory(source), () => handle.close());
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  /** Reads a ZIP held in memory. */
  static async fromBytes(bytes: Uint8Array): Promise<ZipReader> {
    const source: ByteSource = { size: bytes.length, read: (at, length) => Promise.resolve(bytes.subarray(at, at + length)) };
    return new ZipReader(source, await readDirectory(source), () => Promise.resolve());
  }

  /**
   * The entry's uncompressed bytes. Throws ZipError: the entry's own `problem`; CORRUPT_ZIP for a local header that
   * disagrees with the directory or data that do not inflate; OUTPUT_LIMIT when the output would pass `maxBytes`
   * (whatever the headers declare); SIZE_MISMATCH or CRC_MISMATCH when the output is not what was declared.
   */
  async readEntry(entry: ZipEntry, maxBytes: number): Promise<Uint8Array> {
    if (entry.problem) throw entry.problem;
    // Stored data are the output; deflated data never legitimately exceed the output by more than the block overhead.
    const stored = entry.method === METHOD_STORE;
    if (entry.compressedSize > (stored ? maxBytes : maxBytes + Math.ceil(maxBytes / 1024) + 1024)) {
      throw outputLimit(entry, maxBytes);
    }
    const data = await this.compressedData(entry);
    const output = stored ? data.slice() : inflate(entry, data, maxBytes);
    if (output.length !== entry.uncompressedSize) {
      throw new ZipError("SIZE_MISMATCH", `${entry.name} holds ${output.length} bytes, ${entry.uncompressedSize} declared`, entry.name);
    }
    if (crc32(output) >>> 0 !== entry.crc) throw new ZipError("CRC_MISMATCH", `${entry.name} fails its CRC-32 check`, entry.name);
    return output;
  }

  /** The ZIP's size in bytes. */
  get size(): number {
    return this.source.size;
  }

  async close(): Promise<void> {
    await this.release();
  }

  /** The entry's stored bytes, after checking its local header agrees with the central directory. */
  private async compressedData(entry: ZipEntry): Promise<Uint8Array> {
    const at = entry.localHeaderOffset;
    const room = entry.limit - at;
    const nameLength = entry.nameBytes.length;
    const head = await this.source.read(at, Math.min(room, LOCAL_HEADER_SIZE + nameLength + LOCAL_EXTRA_SLACK + entry.compressedSize));
    const fault = localHeaderFault(entry, head);
    if (fault) throw fault;
    const start = LOCAL_HEADER_SIZE + nameLength + u16(head, 28);
    const end = start + entry.compressedSize;
    if (end > room) throw new ZipError("CORRUPT_ZIP", `${entry.name}: data run past the next entry`, entry.name);
    return end <= head.length ? head.subarray(start, end) : this.source.read(at + start, entry.compressedSize);
  }
}

function localHeaderFault(entry: ZipEntry, head: Uint8Array): ZipError | null {
  const corrupt = (what: string) => new ZipError("CORRUPT_ZIP", `${entry.name}: ${what}`, entry.name);
  const nameLength = entry.nameBytes.length;
  if (head.length < LOCAL_HEADER_SIZE + nameLength || u32(head, 0) !== LOCAL_HEADER_SIGNATURE) {
    return corrupt("no local header where the central directory points");
  }
  const localName = head.subarray(LOCAL_HEADER_SIZE, LOCAL_HEADER_SIZE + u16(head, 26));
  if (u16(head, 26) !== nameLength || !localName.every((byte, i) => byte === entry.nameBytes[i])) {
    return corrupt(`the local header names another file (${new TextDecoder().decode(localName)})`);
  }
  if ((u16(head, 6) & (FLAG_ENCRYPTED | FLAG_STRONG_ENCRYPTION | FLAG_MASKED_HEADERS)) !== 0) {
    return new ZipError("ENCRYPTED", `${entry.name} is encrypted (local header)`, entry.name);
  }
  if (u16(head, 8) !== entry.method) return corrupt("the local header names another compression method");
  return null;
}

function inflate(entry: ZipEntry, data: Uint8Array, maxBytes: number): Uint8Array {
  try {
    const output = inflateRawSync(data, { maxOutputLength: Math.max(1, maxBytes) });
    if (output.length > maxBytes) throw outputLimit(entry, maxBytes);
    // A plain Uint8Array over the Buffer's bytes, like the stored entries' copies.
    return new Uint8Array(output.buffer, output.byteOffset, output.length);
  } catch (error) {
    if (error instanceof ZipError) throw error;
    if ((error as { code?: unknown }).code === "ERR_BUFFER_TOO_LARGE") throw outputLimit(entry, maxBytes);
    throw new ZipError("CORRUPT_ZIP", `${entry.name} does not inflate: ${(error as Error).message}`, entry.name);
  }
}

const outputLimit = (entry: ZipEntry, maxBytes: number) =>
  new ZipError("OUTPUT_LIMIT", `${entry.name} inflates past ${maxBytes} bytes`, entry.name);

async function fileSource(handle: FileHandle): Promise<ByteSource> {
  const { size } = await handle.stat();
  return {
    size,
    async read(at, length) {
      const buffer = new Uint8Array(length);
      for (let done = 0; done < length;) {
        const { bytesRead } = await handle.read(buffer, done, length - done, at + done);
        if (bytesRead === 0) throw new ZipError("CORRUPT_ZIP", "the file ended early (changed while read?)");
        done += bytesRead;
      }
      return buffer;
    },
  };
}
