/** Buffers NDJSON rows and sends them to the loader in batches, with a bounded number of requests in flight. */
import type { LocalLoader } from "./local-loader";

const BATCH_ROWS = 4000;
const IN_FLIGHT = 2;

export class RowWriter {
  private lines: string[] = [];
  private readonly pending = new Set<Promise<unknown>>();
  private failure: unknown = null;
  written = 0;

  constructor(
    private readonly loader: LocalLoader,
    private readonly sql: string,
  ) {}

  async add(line: string): Promise<void> {
    if (this.failure) throw this.failure;
    this.lines.push(line);
    if (this.lines.length >= BATCH_ROWS) await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.lines.length === 0) return;
    const batch = this.lines;
    this.lines = [];
    while (this.pending.size >= IN_FLIGHT) await Promise.race(this.pending);
    const request = this.loader.insertRows(this.sql, batch).then((result) => {
      this.written += result.rows;
    });
    const tracked: Promise<unknown> = request
      .catch((error: unknown) => {
        this.failure ??= error;
      })
      .finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }

  /** Sends what is buffered and waits for every request; rethrows the first failure. */
  async close(): Promise<number> {
    await this.flush();
    await Promise.all(this.pending);
    if (this.failure) throw this.failure;
    return this.written;
  }
}
