/** Append-only typed arrays and CSR builders for the index builder (amortised doubling, trimmed on finish). */
type TypedArray = Uint8Array | Uint16Array | Uint32Array | Float64Array;
type TypedArrayConstructor<T extends TypedArray> = { new (length: number): T };

export class Growable<T extends TypedArray> {
  private data: T;
  length = 0;

  constructor(
    private readonly Type: TypedArrayConstructor<T>,
    capacity = 1024,
  ) {
    this.data = new Type(capacity);
  }

  push(value: number): void {
    if (this.length === this.data.length) {
      const next = new this.Type(this.data.length * 2);
      next.set(this.data as never);
      this.data = next;
    }
    this.data[this.length++] = value;
  }

  /** Appends every value of `values`. */
  pushAll(values: ArrayLike<number>): void {
    const needed = this.length + values.length;
    if (needed > this.data.length) {
      let capacity = Math.max(1, this.data.length);
      while (capacity < needed) capacity *= 2;
      const next = new this.Type(capacity);
      next.set(this.data as never);
      this.data = next;
    }
    this.data.set(values as never, this.length);
    this.length = needed;
  }

  get(index: number): number {
    return this.data[index] ?? 0;
  }

  /** The filled part as an exact-length array (a copy). */
  toArray(): T {
    return this.data.slice(0, this.length) as T;
  }
}

export class CsrBuilder<T extends Uint8Array | Uint16Array | Uint32Array> {
  private readonly offsets = new Growable(Uint32Array);
  private readonly values: Growable<T>;

  constructor(Type: TypedArrayConstructor<T>) {
    this.values = new Growable(Type);
    this.offsets.push(0);
  }

  /** Appends the next record's values. */
  add(values: Iterable<number>): void {
    for (const value of values) this.values.push(value);
    this.offsets.push(this.values.length);
  }

  /** Appends the rows of another CSR (offsets from 0). */
  addAll(csr: { offsets: Uint32Array; values: ArrayLike<number> }): void {
    const base = this.values.length;
    this.values.pushAll(csr.values);
    for (let r = 1; r < csr.offsets.length; r++) this.offsets.push(base + (csr.offsets[r] ?? 0));
  }

  get rows(): number {
    return this.offsets.length - 1;
  }

  row(index: number): number[] {
    const out: number[] = [];
    for (let k = this.offsets.get(index); k < this.offsets.get(index + 1); k++) out.push(this.values.get(k));
    return out;
  }

  build(): { offsets: Uint32Array; values: T } {
    return { offsets: this.offsets.toArray(), values: this.values.toArray() };
  }
}
