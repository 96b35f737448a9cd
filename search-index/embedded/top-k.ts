/**
 * Sort keys and a bounded heap that keeps the best k positions of a scan. Keys are unsigned 32-bit numbers compared
 * ascending (descending sorts invert ranks); missing values sort last in both directions; ties break by position,
 * which is id order.
 */
import type { SortEntry } from "../../workers/shared/search/search-schema";
import { NULL_RANK, type EntityIndex } from "./index-types";

export type KeyFn = (position: number) => number;

const INVERT = 0xfffffffe;

/** A stable 32-bit hash of an id and a seed (the same mix as the Elasticsearch random sort script). */
export function randomKey(id: number, seed: number): number {
  let h = (Math.imul((id % 0x100000000) ^ seed, 0x9e3779b1) ^ Math.floor(id / 0x100000000)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

export function sortKeyFns(entity: EntityIndex, sort: readonly SortEntry[], seed: number): KeyFn[] {
  return sort.map(({ field, ascending }): KeyFn => {
    if (field === "random") {
      const ids = entity.ids;
      return ascending ? (p) => randomKey(ids[p] ?? 0, seed) : (p) => NULL_RANK - randomKey(ids[p] ?? 0, seed);
    }
    const ranks = entity.ranks[field];
    if (!ranks) throw new Error(`no sort column ${field}`);
    if (ascending) return (p) => ranks[p] ?? NULL_RANK;
    return (p) => {
      const r = ranks[p] ?? NULL_RANK;
      return r === NULL_RANK ? NULL_RANK : INVERT - r;
    };
  });
}

/** Keeps the k best positions; the worst kept one sits at the root. */
export class TopK {
  private readonly positions: Uint32Array;
  private readonly primary: Float64Array;
  size = 0;

  constructor(
    readonly k: number,
    private readonly keys: KeyFn[],
  ) {
    this.positions = new Uint32Array(Math.max(1, k));
    this.primary = new Float64Array(Math.max(1, k));
  }

  /** a sorts after b. */
  private after(pa: number, ka: number, pb: number, kb: number): boolean {
    if (ka !== kb) return ka > kb;
    for (let i = 1; i < this.keys.length; i++) {
      const key = this.keys[i] as KeyFn;
      const x = key(pa);
      const y = key(pb);
      if (x !== y) return x > y;
    }
    return pa > pb;
  }

  offer(position: number): void {
    if (this.k === 0) return;
    const key = (this.keys[0] as KeyFn)(position);
    if (this.size < this.k) {
      this.positions[this.size] = position;
      this.primary[this.size] = key;
      this.siftUp(this.size++);
    } else if (!this.after(position, key, this.positions[0] ?? 0, this.primary[0] ?? 0)) {
      this.positions[0] = position;
      this.primary[0] = key;
      this.siftDown(0);
    }
  }

  private swap(i: number, j: number): void {
    const p = this.positions[i] ?? 0;
    const k = this.primary[i] ?? 0;
    this.positions[i] = this.positions[j] ?? 0;
    this.primary[i] = this.primary[j] ?? 0;
    this.positions[j] = p;
    this.primary[j] = k;
  }

  private worse(i: number, j: number): boolean {
    return this.after(this.positions[i] ?? 0, this.primary[i] ?? 0, this.positions[j] ?? 0, this.primary[j] ?? 0);
  }

  private siftUp(i: number): void {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.worse(i, parent)) return;
      this.swap(i, parent);
      i = parent;
    }
  }

  private siftDown(i: number): void {
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let worst = i;
      if (left < this.size && this.worse(left, worst)) worst = left;
      if (right < this.size && this.worse(right, worst)) worst = right;
      if (worst === i) return;
      this.swap(i, worst);
      i = worst;
    }
  }

  /** The kept positions, best first. */
  sorted(): number[] {
    const order = Array.from({ length: this.size }, (_, i) => i);
    order.sort((a, b) => (this.worse(a, b) ? 1 : this.worse(b, a) ? -1 : 0));
    return order.map((i) => this.positions[i] ?? 0);
  }
}
