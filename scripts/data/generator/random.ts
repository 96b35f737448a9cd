/** Deterministic pseudo-random numbers (sfc32 seeded through splitmix32) and weighted choice. */

function splitmix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    const mix = splitmix32(seed);
    this.a = mix();
    this.b = mix();
    this.c = mix();
    this.d = mix();
    for (let i = 0; i < 12; i++) this.next();
  }

  /** Uniform in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error("pick from an empty list");
    return item;
  }

  /** Standard normal (Box–Muller). */
  normal(): number {
    const u = 1 - this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }

  /** Log-normal around a median with a spread sigma (natural-log scale). */
  logNormal(median: number, sigma: number): number {
    return median * Math.exp(sigma * this.normal());
  }
}

/** Weighted choice by binary search over cumulative weights. */
export class WeightedPicker<T> {
  private readonly cumulative: Float64Array;
  private readonly total: number;

  constructor(
    private readonly items: readonly T[],
    weights: readonly number[],
  ) {
    if (items.length === 0 || items.length !== weights.length) throw new Error("WeightedPicker needs one weight per item");
    this.cumulative = new Float64Array(items.length);
    let sum = 0;
    weights.forEach((w, i) => {
      sum += Math.max(0, w);
      this.cumulative[i] = sum;
    });
    if (sum <= 0) throw new Error("WeightedPicker needs a positive total weight");
    this.total = sum;
  }

  static fromPairs<T>(pairs: readonly (readonly [T, number])[]): WeightedPicker<T> {
    return new WeightedPicker(
      pairs.map(([item]) => item),
      pairs.map(([, weight]) => weight),
    );
  }

  pick(rng: Rng): T {
    const target = rng.next() * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.cumulative[mid] ?? 0) > target) hi = mid;
      else lo = mid + 1;
    }
    return this.items[lo] as T;
  }
}
