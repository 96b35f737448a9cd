import { crc32 as zlibCrc32 } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { crc32 } from "./crc32";

describe("crc32", () => {
  it("matches the known check value of '123456789'", () => {
    expect(crc32(new TextEncoder().encode("123456789"))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array(0))).toBe(0);
  });

  it("agrees with zlib for any bytes, however they are split into chunks", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.nat(300), (bytes, cut) => {
        const at = Math.min(cut, bytes.length);
        const chunked = crc32(bytes.subarray(at), crc32(bytes.subarray(0, at)));
        expect(crc32(bytes)).toBe(zlibCrc32(bytes));
        expect(chunked).toBe(zlibCrc32(bytes));
      }),
    );
  });
});
