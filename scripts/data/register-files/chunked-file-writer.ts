/**
 * Writes a text file in large chunks with backpressure, to a temporary name renamed on close (a half-written
 * register file never carries the final name). Lines are encoded as they come: UTF-8 or ISO-8859-1 ("latin1").
 */
import { once } from "node:events";
import { createWriteStream, renameSync, type WriteStream } from "node:fs";

const CHUNK_BYTES = 1 << 20;

export class ChunkedFileWriter {
  private readonly stream: WriteStream;
  private chunks: Buffer[] = [];
  private buffered = 0;
  /** Bytes written so far (buffered ones included). */
  bytes = 0;

  constructor(private readonly file: string) {
    this.stream = createWriteStream(`${file}.partial`);
  }

  /** Queues bytes; resolves at once unless the buffer had to be flushed into a full stream. */
  async write(data: Buffer): Promise<void> {
    this.chunks.push(data);
    this.buffered += data.length;
    this.bytes += data.length;
    if (this.buffered >= CHUNK_BYTES) await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.chunks.length === 0) return;
    const chunk = Buffer.concat(this.chunks, this.buffered);
    this.chunks = [];
    this.buffered = 0;
    if (!this.stream.write(chunk)) await once(this.stream, "drain");
  }

  async close(): Promise<void> {
    await this.flush();
    await new Promise<void>((resolve, reject) => this.stream.end((error?: Error | null) => (error ? reject(error) : resolve())));
    renameSync(`${this.file}.partial`, this.file);
  }
}
