/** Sends rows (tab-separated lines) to the loader in batches, with a bounded number of requests in flight. */
import type { LocalLoader } from "./local-loader";

const BATCH_ROWS = 4000;
const IN_FLIGHT = 2;

export class RowWriter {
  private parts: string[] = [];
  private buffered = 0;
  private readonly pending = new Set<Promise<unknown>>();
  private failure: unknown = null;
  written = 0;

  constructor(
    private readonly loader: LocalLoader,
    private readonly head: string,
    private readonly columns: number,
  ) {}

  /** Adds `rows` rows given as lines joined by "\n". */
  async add(lines: string, rows: number): Promise<void> {
    if (this.failure) throw this.failure;
    if (rows === 0) return;
    this.parts.push(lines);
    this.buffered += rows;
    if (this.buffered >= BATCH_ROWS) await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.buffered === 0) return;
    const body = this.parts.join("\n");
    this.parts = [];
    this.buffered = 0;
    while (this.pending.size >= IN_FLIGHT) await Promise.race(this.pending);
    const request = this.loader.insertValues(this.head, this.columns, body).then((result) => {
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
