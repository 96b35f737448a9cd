/** Streams NDJSON to a file in large chunks, respecting backpressure; writes to a temporary name, renamed on close. */
import { once } from "node:events";
import { createWriteStream, renameSync, type WriteStream } from "node:fs";

const CHUNK_CHARS = 1 << 20;

export class NdjsonWriter {
  private readonly stream: WriteStream;
  private buffer: string[] = [];
  private bufferedChars = 0;
  count = 0;

  constructor(private readonly file: string) {
    this.stream = createWriteStream(`${file}.partial`, { encoding: "utf8" });
  }

  /** Queues one record; resolves at once unless the buffer had to be flushed into a full stream. */
  async write(record: unknown): Promise<void> {
    const line = JSON.stringify(record);
    this.buffer.push(line);
    this.bufferedChars += line.length + 1;
    this.count++;
    if (this.bufferedChars >= CHUNK_CHARS) await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.buffer.length === 0) return;
    const chunk = this.buffer.join("\n") + "\n";
    this.buffer = [];
    this.bufferedChars = 0;
    if (!this.stream.write(chunk)) await once(this.stream, "drain");
  }

  async close(): Promise<void> {
    await this.flush();
    await new Promise<void>((resolve, reject) => this.stream.end((error?: Error | null) => (error ? reject(error) : resolve())));
    renameSync(`${this.file}.partial`, this.file);
  }
}
