import { describe, expect, it } from "vitest";
import { decodeHashes, diffHashes, documentHash, encodeHashes, HashCollector } from "./change-set";

const collect = (pairs: [number, string][]) => {
  const collector = new HashCollector();
  collector.add(Float64Array.from(pairs.flatMap(([id, doc]) => [id, documentHash(doc)])));
  return collector.finish();
};

describe("document hashes and the change set", () => {
  it("hashes to 53-bit integers that tell documents apart", () => {
    const hash = documentHash('["Byggbolaget AB",1]');
    expect(Number.isSafeInteger(hash)).toBe(true);
    expect(hash).toBe(documentHash('["Byggbolaget AB",1]'));
    expect(hash).not.toBe(documentHash('["Byggbolaget AB",2]'));
  });

  it("finds added, removed and changed ids whatever the input order", () => {
    const before = collect([
      [5, "e"],
      [1, "a"],
      [3, "c"],
      [2, "b"],
    ]);
    const after = collect([
      [7, "g"],
      [3, "c2"],
      [1, "a"],
      [5, "e"],
      [4, "d"],
    ]);
    expect(Array.from(after.ids)).toEqual([1, 3, 4, 5, 7]);
    expect(diffHashes(before, after)).toEqual({ added: [4, 7], removed: [2], changed: [3] });
    expect(diffHashes(after, after)).toEqual({ added: [], removed: [], changed: [] });
  });

  it("round-trips through its binary form and refuses anything else", () => {
    const hashes = collect([
      [10, "x"],
      [2, "y"],
    ]);
    const bytes = encodeHashes(hashes);
    const decoded = decodeHashes(bytes.slice().buffer);
    expect(Array.from(decoded.ids)).toEqual([2, 10]);
    expect(Array.from(decoded.hashes)).toEqual(Array.from(hashes.hashes));
    expect(() => decodeHashes(new Uint8Array(12).buffer)).toThrow("not a document-hash file");
  });
});
