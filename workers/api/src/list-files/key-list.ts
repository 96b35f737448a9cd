/**
 * Valid number keys in the order found, in one growing Float64Array; sorted and de-duplicated once at the end.
 * Appending is sequential and allocation-free, and one sort of a million doubles beats a million hash-table probes.
 */
export class KeyList {
  private keys = new Float64Array(1024);
  private count = 0;

  /** Makes room for `capacity` keys at once, so a large list does not grow step by step. */
  reserve(capacity: number): void {
    if (capacity > this.keys.length) this.resize(capacity);
  }

  push(key: number): void {
    if (this.count === this.keys.length) this.resize(this.keys.length * 2);
    this.keys[this.count++] = key;
  }

  /** The distinct keys ascending, and how many pushes repeated an earlier key. */
  distinct(): { keys: Float64Array; duplicates: number } {
    const sorted = this.keys.slice(0, this.count).sort();
    let unique = 0;
    for (let i = 0; i < sorted.length; i++) {
      if (i === 0 || sorted[i] !== sorted[unique - 1]) sorted[unique++] = sorted[i] as number;
    }
    return { keys: sorted.slice(0, unique), duplicates: this.count - unique };
  }

  private resize(capacity: number): void {
    const next = new Float64Array(capacity);
    next.set(this.keys.subarray(0, this.count));
    this.keys = next;
  }
}
