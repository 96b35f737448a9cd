/**
 * Encodes many small strings (one sheet row each) into UTF-8 batches of about `size` bytes. Each string is encoded as
 * soon as it is added, so no long chain of row strings stays alive until a batch is full: the strings die young and
 * the garbage collector stays cheap.
 */
const encoder = new TextEncoder();

export class Utf8Batcher {
  private buffer: Uint8Array;
  private used = 0;
  private readonly ready: Uint8Array[] = [];

  constructor(private readonly size = 64 * 1024) {
    this.buffer = new Uint8Array(size);
  }

  add(text: string): void {
    // A UTF-16 code unit never takes more than 3 bytes in UTF-8.
    if (text.length * 3 > this.buffer.length - this.used) this.flush();
    if (text.length * 3 > this.buffer.length) {
      this.ready.push(encoder.encode(text));
      return;
    }
    this.used += encoder.encodeInto(text, this.buffer.subarray(this.used)).written;
  }

  /** Batches completed so far (and, with `final`, the partial one); each is handed over, never reused. */
  take(final = false): Uint8Array[] {
    if (final) this.flush();
    return this.ready.splice(0, this.ready.length);
  }

  get hasReady(): boolean {
    return this.ready.length > 0;
  }

  private flush(): void {
    if (this.used === 0) return;
    this.ready.push(this.buffer.subarray(0, this.used));
    this.buffer = new Uint8Array(this.size);
    this.used = 0;
  }
}
