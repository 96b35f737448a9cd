import { describe, expect, it } from "vitest";
import { addToSum, companyChangeHash } from "./document-hash";
import { decodeHashes, diffHashes, documentHash, encodeHashes, HashCollector, StaleHashesError } from "./change-set";

const pairsOf = (pairs: [number, string][]) => Float64Array.from(pairs.flatMap(([id, doc]) => [id, documentHash(doc)]));

/** Companies (id, document) and worksites (company id, document), each in the order given. */
const collect = (pairs: [number, string][], worksites: [number, string][] = []) => {
  const collector = new HashCollector();
  collector.add(pairsOf(pairs));
  collector.addWorksites(pairsOf(worksites));
  return collector.finish();
};

const hashOf = (hashes: { ids: Float64Array; hashes: Float64Array }, id: number) => hashes.hashes[hashes.ids.indexOf(id)];

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

  it("refuses a file of the earlier format (company documents only) as stale, never as current hashes", () => {
    const bytes = encodeHashes(collect([[1, "a"]]));
    new DataView(bytes.buffer).setUint32(0, 0x75726831, true); // "urh1"
    expect(() => decodeHashes(bytes.slice().buffer)).toThrow(StaleHashesError);
    expect(() => decodeHashes(bytes.slice().buffer)).toThrow("earlier format");
  });
});

describe("worksites in the change set", () => {
  const companies: [number, string][] = [
    [1, "a"],
    [2, "b"],
    [3, "c"],
  ];
  const worksites: [number, string][] = [
    [1, "w1-stockholm"],
    [2, "w2-uppsala"],
    [1, "w1-malmo"],
  ];

  it("changes a company's hash when only one of its worksites changes, and no other company's", () => {
    const before = collect(companies, worksites);
    const moved = worksites.map(([id, doc]): [number, string] => [id, doc === "w1-malmo" ? "w1-goteborg" : doc]);
    const after = collect(companies, moved);
    expect(diffHashes(before, after)).toEqual({ added: [], removed: [], changed: [1] });
    // A worksite added or removed is a change of its company too.
    expect(diffHashes(before, collect(companies, [...worksites, [3, "w3-lund"]]))).toEqual({ added: [], removed: [], changed: [3] });
    expect(diffHashes(before, collect(companies, worksites.slice(1)))).toEqual({ added: [], removed: [], changed: [1] });
  });

  it("does not depend on the order of the worksites (nor of the companies)", () => {
    const before = collect(companies, worksites);
    const after = collect([...companies].reverse(), [worksites[2], worksites[0], worksites[1]] as [number, string][]);
    expect(Array.from(after.hashes)).toEqual(Array.from(before.hashes));
    expect(diffHashes(before, after)).toEqual({ added: [], removed: [], changed: [] });
  });

  it("keeps a company's plain document hash when it has no worksites, and mixes in the sum when it has", () => {
    const hashes = collect(companies, worksites);
    expect(hashOf(hashes, 3)).toBe(documentHash("c"));
    expect(hashOf(hashes, 2)).not.toBe(documentHash("b"));
    expect(hashOf(hashes, 2)).toBe(companyChangeHash(documentHash("b"), documentHash("w2-uppsala")));
    const sum = addToSum(documentHash("w1-stockholm"), documentHash("w1-malmo"));
    expect(hashOf(hashes, 1)).toBe(companyChangeHash(documentHash("a"), sum));
    // A worksite whose company is not there changes nothing.
    expect(collect(companies, [...worksites, [9, "w9"]])).toEqual(hashes);
  });

  it("sums modulo 2^53 exactly, whatever the order", () => {
    const top = 2 ** 53 - 1;
    expect(addToSum(top, 1)).toBe(0);
    expect(addToSum(top, top)).toBe(top - 1);
    expect(addToSum(2 ** 52, 2 ** 52 + 3)).toBe(3);
    const values = [top, 2 ** 52 + 7, 12_345, top - 10, 2 ** 40];
    const forward = values.reduce(addToSum, 0);
    const backward = [...values].reverse().reduce(addToSum, 0);
    expect(backward).toBe(forward);
    expect(Number.isSafeInteger(forward)).toBe(true);
    // The same sum by BigInt arithmetic.
    expect(BigInt(forward)).toBe(values.reduce((sum, v) => (sum + BigInt(v)) % 2n ** 53n, 0n));
  });
});
