/**
 * Physical lines of a file as raw bytes with their 1-based line number and byte offset, streamed in 1 MiB chunks
 * (the real SCB file has about 1.8 M lines, so it is never held as one string). The line break (LF, and the CR of a
 * CRLF) is not part of the bytes. readLineAt reads one line back by its offset, for the join.
 */
import { createReadStream } from "node:fs";
import { type FileHandle } from "node:fs/promises";

export interface ByteLine {
  lineNo: number;
  offset: number;
  bytes: Buffer;
}

const LF = 0x0a;
const CR = 0x0d;

const withoutCr = (bytes: Buffer) => (bytes.length > 0 && bytes[bytes.length - 1] === CR ? bytes.subarray(0, -1) : bytes);

export async function* readByteLines(file: string, onBytes?: (bytes: number) => void): AsyncGenerator<ByteLine> {
  let rest: Buffer = Buffer.alloc(0);
  let restOffset = 0;
  let lineNo = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    onBytes?.(chunk.length);
    const data = rest.length > 0 ? Buffer.concat([rest, chunk]) : chunk;
    let start = 0;
    for (let i = data.indexOf(LF); i !== -1; i = data.indexOf(LF, start)) {
      yield { lineNo: ++lineNo, offset: restOffset + start, bytes: withoutCr(data.subarray(start, i)) };
      start = i + 1;
    }
    rest = Buffer.from(data.subarray(start));
    restOffset += start;
  }
  if (rest.length > 0) yield { lineNo: ++lineNo, offset: restOffset, bytes: withoutCr(rest) };
}

/** The line that starts at a byte offset (as readByteLines yields it). */
export async function readLineAt(handle: FileHandle, offset: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  for (let position = offset; ;) {
    const buffer = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
    const read = buffer.subarray(0, bytesRead);
    const end = read.indexOf(LF);
    parts.push(end === -1 ? read : read.subarray(0, end));
    if (end !== -1 || bytesRead < buffer.length) return withoutCr(Buffer.concat(parts));
    position += bytesRead;
  }
}
