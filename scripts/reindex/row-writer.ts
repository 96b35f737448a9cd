/** Sends rows (tab-separated lines, UTF-8) to the loader, one request per chunk, a bounded number in flight. */
import type { LocalLoader } from "./local-loader";

const IN_FLIGHT = 2;

export class RowWriter {
  private readonly pending = new Set<Promise<unknown>>();
  private failure: unknown = null;
  written = 0;

  constructor(
    private readonly loader: Pick<LocalLoader, "insertValues">,
    private readonly head: string,
    private readonly columns: number,
  ) {}

  /** Sends `rows` rows given as lines joined by "\n"; waits while IN_FLIGHT requests are pending. */
  async add(lines: Uint8Array<ArrayBuffer> | string, rows: number): Promise<void> {
    if (this.failure) throw this.failure;
    if (rows === 0) return;
    while (this.pending.size >= IN_FLIGHT) await Promise.race(this.pending);
    const request = this.loader.insertValues(this.head, this.columns, lines).then((result) => {
      this.written += result.rows;
    });
    const tracked: Promise<unknown> = request
      .catch((error: unknown) => {
        this.failure ??= error;
      })
      .finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }

  /** Waits for every request; rethrows the first failure. */
  async close(): Promise<number> {
    await Promise.all(this.pending);
    if (this.failure) throw this.failure;
    return this.written;
  }
}
