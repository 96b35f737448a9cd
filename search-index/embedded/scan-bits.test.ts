import { describe, expect, it } from "vitest";
import type { EntityIndex } from "./index-types";
import { postingBits, postingsOf, selectedCount } from "./postings";
import { classifyBits, hardList, type FacetLists, type SoftFacets } from "./scan-bits";

/** A small deterministic generator (the tests must fail the same way every run). */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return { next, int: (n: number) => Math.floor(next() * n) };
}

type Random = ReturnType<typeof generator>;

/** A record count that is not a multiple of 32, so the last word is partly used. */
const COUNT = 32 * 40 + 13;
const NODES = 12;

function entityOf(random: Random): EntityIndex {
  const offsets = new Uint32Array(COUNT + 1);
  const values: number[] = [];
  for (let i = 0; i < COUNT; i++) {
    const row = new Set(Array.from({ length: random.int(3) }, () => random.int(NODES)));
    values.push(...[...row].sort((a, b) => a - b));
    offsets[i + 1] = values.length;
  }
  return {
    count: COUNT,
    ids: Float64Array.from({ length: COUNT }, (_, i) => i + 1),
    flags: Uint16Array.from({ length: COUNT }, () => random.int(16)),
    mainSni: Uint16Array.from({ length: COUNT }, () => random.int(NODES)),
    sniAll: { offsets, values: Uint16Array.from(values) },
    municipality: Uint16Array.from({ length: COUNT }, () => random.int(NODES)),
    locationAll: null,
    codes: {},
    ranks: {},
    ownerAges: null,
    company: null,
    words: { words: [], offsets: new Uint32Array(1), postings: new Uint32Array(0) },
  };
}

/** A node mask selecting about `share` of the nodes (sometimes one node, so the posting path runs too). */
function maskOf(random: Random, size: number): Uint8Array | null {
  const kind = random.int(4);
  if (kind === 0) return null;
  const mask = new Uint8Array(size + 1);
  if (kind === 1) mask[random.int(size)] = 1;
  else for (let v = 0; v < size; v++) mask[v] = +(random.next() < (kind === 2 ? 0.3 : 0.8));
  return mask;
}

/** A rows mask (scan-plan.ts nodeFilter): some nodes excluded (2), and a base of 1 when nothing is chosen. */
function rowsMaskOf(random: Random, size: number): { mask: Uint8Array | null; base: number } {
  const mask = maskOf(random, size);
  if (mask === null || random.next() < 0.5) return { mask, base: 0 };
  const base = random.int(2);
  for (let v = 0; v < size; v++) if (random.next() < 0.1) mask[v] = 2;
  return { mask, base };
}

function facetsOf(random: Random, entity: EntityIndex): SoftFacets {
  const col0 = Uint8Array.from({ length: COUNT }, () => random.int(5));
  const col1 = Uint8Array.from({ length: COUNT }, () => random.int(5));
  const lo = random.int(8);
  const softMask = random.next() < 0.5 ? 0 : random.int(16);
  const useMainSni = random.next() < 0.5;
  const locationRows = random.next() < 0.3 ? entity.sniAll : null;
  const sni = useMainSni ? { mask: maskOf(random, NODES), base: 0 } : rowsMaskOf(random, NODES);
  const location = locationRows === null ? { mask: maskOf(random, NODES), base: 0 } : rowsMaskOf(random, NODES);
  return {
    entity,
    sni: sni.mask,
    sniBase: sni.base,
    useMainSni,
    location: location.mask,
    locationBase: location.base,
    locationRows,
    col0,
    col1,
    sel0: maskOf(random, 5),
    sel1: maskOf(random, 5),
    // Sometimes an empty range (hi below lo): every record fails it.
    own: random.next() < 0.5 ? null : { ranks: Uint32Array.from({ length: COUNT }, () => random.int(10)), lo, hi: lo + random.int(6) - 1 },
    softMask,
    softWant: random.int(16) & softMask,
  };
}

/** The classification record by record, as the rule states it. */
function reference(facets: SoftFacets, domain: number[]) {
  const { entity } = facets;
  // Some node chosen (or none chosen: base 1) and none excluded (2).
  const inRow = (row: { offsets: Uint32Array; values: Uint16Array }, mask: Uint8Array, base: number, i: number) => {
    const values = Array.from(row.values.subarray(row.offsets[i], row.offsets[i + 1])).map((v) => mask[v] ?? 0);
    return (base === 1 || values.includes(1)) && !values.includes(2);
  };
  const lists: number[][] = [[], [], [], [], [], []];
  const boolOnly = new Array<number>(32).fill(0);
  for (const i of domain) {
    const fails = [
      facets.sni !== null &&
        !(facets.useMainSni ? facets.sni[entity.mainSni[i] ?? 0] === 1 : inRow(entity.sniAll, facets.sni, facets.sniBase, i)),
      facets.location !== null &&
        !(facets.locationRows
          ? inRow(facets.locationRows, facets.location, facets.locationBase, i)
          : facets.location[entity.municipality[i] ?? 0] === 1),
      facets.sel0 !== null && facets.sel0[facets.col0[i] ?? 0] !== 1,
      facets.sel1 !== null && facets.sel1[facets.col1[i] ?? 0] !== 1,
      facets.own !== null && !((facets.own.ranks[i] ?? 0) >= facets.own.lo && (facets.own.ranks[i] ?? 0) <= facets.own.hi),
    ];
    const f = entity.flags[i] ?? 0;
    const failedBits = Array.from({ length: 16 }, (_, bit) => bit).filter(
      (bit) => (facets.softMask >> bit) & 1 && ((f >> bit) & 1) !== ((facets.softWant >> bit) & 1),
    );
    const failed = fails.flatMap((fail, j) => (fail ? [j] : []));
    if (failed.length === 0 && failedBits.length === 0) lists[0]?.push(i);
    else if (failed.length === 1 && failedBits.length === 0) lists[(failed[0] ?? 0) + 1]?.push(i);
    else if (failed.length === 0 && failedBits.length === 1) {
      const bit = failedBits[0] ?? 0;
      const slot = bit * 2 + ((f >> bit) & 1);
      boolOnly[slot] = (boolOnly[slot] ?? 0) + 1;
    }
  }
  return { lists, boolOnly };
}

describe("the bitset facet pass", () => {
  it("classifies like the rule, record by record, over every record or a list of positions", () => {
    const random = generator(39);
    for (let round = 0; round < 300; round++) {
      const entity = entityOf(random);
      const facets = facetsOf(random, entity);
      const listed = random.next() < 0.5;
      const domain = Array.from({ length: COUNT }, (_, i) => i).filter(() => !listed || random.next() < 0.4);
      const lists = Array.from({ length: 6 }, () => new Uint32Array(COUNT)) as unknown as FacetLists;
      const lengths = new Uint32Array(6);
      const boolOnly = new Uint32Array(32);
      classifyBits(facets, listed ? Uint32Array.from(domain) : null, domain.length, lists, lengths, boolOnly);
      const want = reference(facets, domain);
      const got = lists.map((list, j) => Array.from(list.subarray(0, lengths[j])));
      expect(got).toEqual(want.lists);
      expect(Array.from(boolOnly)).toEqual(want.boolOnly);
    }
    // 300 random rounds take about 2 s alone and went past vitest's default 5 s under npm test's load (a fresh-check run).
  }, 60_000);

  it("sets a column's bits from its values' positions", () => {
    const random = generator(7);
    const column = Uint16Array.from({ length: COUNT }, () => random.int(NODES));
    const postings = postingsOf(column, NODES + 1);
    expect(postingsOf(column, NODES + 1)).toBe(postings);
    const mask = new Uint8Array(NODES + 1);
    mask[3] = 1;
    mask[8] = 1;
    const out = new Int32Array(Math.ceil(COUNT / 32)).fill(-1);
    postingBits(postings, mask, out);
    const set = Array.from({ length: COUNT }, (_, i) => i).filter((i) => ((out[i >>> 5] ?? 0) >>> (i & 31)) & 1);
    expect(set).toEqual(Array.from({ length: COUNT }, (_, i) => i).filter((i) => column[i] === 3 || column[i] === 8));
    expect(selectedCount(postings, mask)).toBe(set.length);
  });

  it("keeps the records passing the hard flags and every range, in order", () => {
    const random = generator(11);
    const flags = Uint16Array.from({ length: COUNT }, () => random.int(4));
    const ranges = Array.from({ length: 3 }, () => ({ ranks: Uint32Array.from({ length: COUNT }, () => random.int(10)), lo: 2, hi: 7 }));
    for (const [mask, count] of [
      [0, 0],
      [0, 1],
      [2, 1],
      [2, 3],
      [3, 0],
    ] as const) {
      const want = Array.from({ length: COUNT }, (_, i) => i).filter(
        (i) =>
          ((flags[i] ?? 0) & mask) === mask && ranges.slice(0, count).every((r) => (r.ranks[i] ?? 0) >= r.lo && (r.ranks[i] ?? 0) <= r.hi),
      );
      const out = new Uint32Array(COUNT);
      const n = hardList(flags, mask, mask, ranges.slice(0, count), COUNT, out);
      expect(Array.from(out.subarray(0, n))).toEqual(want);
    }
  });
});
