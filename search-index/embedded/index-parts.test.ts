import { describe, expect, it } from "vitest";
import { NULL_RANK, type SearchIndex } from "./index-types";
import { denseRanks, lowerBound, permute, permuteCsr, sortOrder, stringRanks, upperBound } from "./ranks";
import { concatSnapshot, decodeSnapshot, encodeSnapshot } from "./snapshot";
import { buildTreeIndex, countsByCode, rollUp, selectionMask } from "./tree-index";
import { prefixRange, WordIndexBuilder } from "./word-index";

describe("ranks", () => {
  it("ranks values densely with missing values last", () => {
    const { values, ranks } = denseRanks(Float64Array.from([30, Number.NaN, 10, 30, -5]));
    expect([...values]).toEqual([-5, 10, 30]);
    expect([...ranks]).toEqual([2, NULL_RANK, 1, 2, 0]);
    expect([lowerBound(values, 10), upperBound(values, 10), lowerBound(values, 11), upperBound(values, 100)]).toEqual([1, 2, 2, 3]);
    expect([...stringRanks(["b", null, "a", "b"])]).toEqual([1, NULL_RANK, 0, 1]);
  });

  it("reorders columns and CSR rows into final positions", () => {
    const order = sortOrder(Float64Array.from([3, 1, 2]));
    expect([...(order ?? [])]).toEqual([1, 2, 0]);
    expect(sortOrder(Float64Array.from([1, 2, 2]))).toBeNull();
    expect([...permute(Uint8Array.from([30, 10, 20]), order)]).toEqual([10, 20, 30]);
    const csr = permuteCsr({ offsets: Uint32Array.from([0, 2, 2, 3]), values: Uint16Array.from([7, 8, 9]) }, order);
    expect([...csr.offsets]).toEqual([0, 0, 1, 3]);
    expect([...csr.values]).toEqual([9, 7, 8]);
  });
});

describe("trees and words", () => {
  const tree = buildTreeIndex([
    { code: "A", text: "", children: [{ code: "01", text: "", children: [{ code: "011", text: "", children: [] }] }] },
    { code: "B", text: "", children: [] },
  ]);

  it("selects everything below a code and rolls counts up", () => {
    expect([...selectionMask(tree, [1])]).toEqual([0, 1, 1, 0]);
    expect(countsByCode(tree, rollUp(tree, Float64Array.from([0, 0, 5, 2])))).toEqual({ A: 5, "01": 5, "011": 5, B: 2 });
  });

  it("finds records by word prefix", () => {
    const words = new WordIndexBuilder();
    words.add(["alfa", "ab"]);
    words.add(["beta", "ab"]);
    words.add(["alfabet"]);
    const index = words.build(null);
    expect(index.words).toEqual(["ab", "alfa", "alfabet", "beta"]);
    const [from, to] = prefixRange(index.words, "alf");
    expect([...index.postings.subarray(index.offsets[from], index.offsets[to])]).toEqual([0, 2]);
  });
});

describe("snapshot", () => {
  it("round-trips typed arrays (aligned, zero-copy) and plain values", () => {
    const index = {
      format: 1,
      version: 3,
      words: ["å", "b"],
      columns: {
        a: Uint8Array.from([1, 2, 3]),
        b: Uint16Array.from([65535]),
        c: Float64Array.from([1.5, Number.NaN]),
        d: Int32Array.from([-1]),
      },
    } as unknown as SearchIndex;
    const decoded = decodeSnapshot(concatSnapshot(encodeSnapshot(index))) as unknown as typeof index & {
      columns: Record<string, ArrayLike<number>>;
    };
    expect(decoded).toEqual(index);
    expect(decoded.columns.c).toBeInstanceOf(Float64Array);
    expect(() => decodeSnapshot(new ArrayBuffer(16))).toThrow(/not an Urval index snapshot/);
  });
});
