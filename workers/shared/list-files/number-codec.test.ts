import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CHUNK_BYTES, decodeChunk, encodeKeys } from "./number-codec";

function roundTrip(keys: Float64Array): Float64Array {
  const out = new Float64Array(keys.length);
  let at = 0;
  for (const chunk of encodeKeys(keys)) {
    const before = at;
    at = decodeChunk(chunk.bytes, out, at);
    expect(at - before).toBe(chunk.keyCount);
  }
  expect(at).toBe(keys.length);
  return out;
}

describe("number codec", () => {
  it("round-trips ascending ten-digit keys, including the extremes", () => {
    const keys = Float64Array.from([0, 1, 127, 128, 16383, 16384, 5560160680, 9999999999]);
    expect(Array.from(roundTrip(keys))).toEqual(Array.from(keys));
  });

  it("round-trips any ascending set of keys (property)", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 9_999_999_999 }), { maxLength: 500 }), (values) => {
        const keys = Float64Array.from(values).sort();
        expect(Array.from(roundTrip(keys))).toEqual(Array.from(keys));
      }),
    );
  });

  it("stores a million numbers in about 2–3 bytes each, in chunks below D1's value limit", () => {
    const keys = new Float64Array(1_000_000);
    for (let i = 0; i < keys.length; i++) keys[i] = 1_000_000_000 + i * 8_999 + (i % 7);
    const chunks = encodeKeys(keys);
    const bytes = chunks.reduce((sum, c) => sum + c.bytes.length, 0);
    expect(bytes / keys.length).toBeLessThan(3);
    expect(Math.max(...chunks.map((c) => c.bytes.length))).toBeLessThanOrEqual(CHUNK_BYTES);
    expect(roundTrip(keys)[999_999]).toBe(keys[999_999]);
  });

  it("refuses keys that are not ascending", () => {
    expect(() => encodeKeys(Float64Array.from([5, 3]))).toThrow();
  });
});
