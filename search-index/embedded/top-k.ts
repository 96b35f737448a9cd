/**
 * Sort keys and a bounded heap that keeps the best k positions of a scan. Keys are unsigned 32-bit numbers compared
 * ascending (descending sorts invert ranks); missing values sort last in both directions; ties break by position,
 * which is id order.
 */
import type { SortEntry } from "#shared/search/search-schema";
import { NULL_RANK, type EntityIndex } from "./index-types";

export type KeyFn = (position: number) => number;

/** Descending key of rank r: (INVERT - r) & NULL_RANK, which maps a missing rank to itself (last both ways). */
export const INVERT = 0x7ffffffe;

/** A stable 31-bit hash of an id and a seed (the same mix as the Elasticsearch random sort script). */
export function randomKey(id: number, seed: number): number {
  let h = Math.imul((id | 0) ^ seed, 0x9e3779b1) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 1;
}

function keyFn(entity: EntityIndex, { field, ascending }: SortEntry, seed: number): KeyFn {
  if (field === "relevance") throw new Error("relevance has its own keys (relevanceKeys)");
  if (field === "random") {
    const ids = entity.ids;
    return ascending ? (p) => randomKey(ids[p] ?? 0, seed) : (p) => NULL_RANK - randomKey(ids[p] ?? 0, seed);
  }
  const ranks = entity.ranks[field];
  if (!ranks) throw new Error(`no sort column ${field}`);
  if (ascending) return (p) => ranks[p] ?? NULL_RANK;
  return (p) => (INVERT - (ranks[p] ?? NULL_RANK)) & NULL_RANK;
}

/** 2^31: the turnover key (31 bits) below the score in one relevance key. */
const SCORE_UNIT = 0x80000000;

/**
 * Highest free-text score first (text-match.ts), then turnover, highest first: one key, the inverted score above the
 * descending turnover key (at most 16 + 31 bits, exact in a double), so the heap compares one number.
 */
function relevanceKey(entity: EntityIndex, scores: Uint16Array | null, seed: number): KeyFn {
  const turnover = keyFn(entity, { field: "turnover", ascending: false }, seed);
  if (!scores) return turnover;
  return (p) => (0xffff - (scores[p] ?? 0)) * SCORE_UNIT + turnover(p);
}

/** Keeps the k best positions; the worst kept one sits at the root. Offer positions in ascending order. */
export class TopK {
  private readonly positions: Uint32Array;
  private readonly primary: Float64Array;
  private readonly keys: KeyFn[];
  /** The primary key as a rank column, for the scan to compute inline (null for random). */
  readonly primaryRanks: Uint32Array | null;
  readonly descending: boolean;
  /** Primary key of the worst kept position once full; a candidate must not be above it (or equal, see strict). */
  limit = Infinity;
  /** With one sort key, an equal key loses to every kept position (they have lower positions). */
  readonly strict: boolean;
  size = 0;

  constructor(
    readonly k: number,
    entity: EntityIndex,
    sort: readonly SortEntry[],
    seed: number,
    /** Free-text scores by position (the scan's candidates), null without text. */
    scores: Uint16Array | null = null,
  ) {
    this.positions = new Uint32Array(Math.max(1, k));
    this.primary = new Float64Array(Math.max(1, k));
    this.keys = sort.map((entry) => (entry.field === "relevance" ? relevanceKey(entity, scores, seed) : keyFn(entity, entry, seed)));
    const first = sort[0];
    this.primaryRanks = first && first.field !== "random" && first.field !== "relevance" ? (entity.ranks[first.field] ?? null) : null;
    this.descending = first ? !first.ascending : false;
    this.strict = sort.length === 1;
    if (k === 0) this.limit = -1;
  }

  keyOf(position: number): number {
    return (this.keys[0] as KeyFn)(position);
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

  /** Offers a position whose primary key passed the limit check. */
  offer(position: number, key: number): void {
    if (this.size < this.k) {
      this.positions[this.size] = position;
      this.primary[this.size] = key;
      this.siftUp(this.size++);
    } else if (!this.after(position, key, this.positions[0] ?? 0, this.primary[0] ?? 0)) {
      this.positions[0] = position;
      this.primary[0] = key;
      this.siftDown(0);
    } else return;
    if (this.size === this.k) this.limit = this.primary[0] ?? Infinity;
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
