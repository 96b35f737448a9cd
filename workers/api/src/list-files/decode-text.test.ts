import { describe, expect, it } from "vitest";
import { decodeText, looksBinary, sniffUtf16 } from "./decode-text";

const SAMPLE = "Örebro Åkeri AB;556016-0680\n";

function utf16(text: string, bigEndian: boolean, bom: boolean): Uint8Array {
  const bytes: number[] = bom ? (bigEndian ? [0xfe, 0xff] : [0xff, 0xfe]) : [];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    bytes.push(...(bigEndian ? [code >> 8, code & 0xff] : [code & 0xff, code >> 8]));
  }
  return Uint8Array.from(bytes);
}

describe("decodeText", () => {
  it("reads UTF-8 with and without a BOM", () => {
    const plain = new TextEncoder().encode(SAMPLE);
    expect(decodeText(plain)).toEqual({ encoding: "utf-8", text: SAMPLE });
    expect(decodeText(Uint8Array.from([0xef, 0xbb, 0xbf, ...plain]))).toEqual({ encoding: "utf-8-bom", text: SAMPLE });
  });

  it("reads UTF-16 in both byte orders, with a BOM or recognised by its zero bytes", () => {
    expect(decodeText(utf16(SAMPLE, false, true))).toEqual({ encoding: "utf-16le", text: SAMPLE });
    expect(decodeText(utf16(SAMPLE, true, true))).toEqual({ encoding: "utf-16be", text: SAMPLE });
    expect(decodeText(utf16(SAMPLE, false, false))).toEqual({ encoding: "utf-16le", text: SAMPLE });
    expect(decodeText(utf16(SAMPLE, true, false))).toEqual({ encoding: "utf-16be", text: SAMPLE });
  });

  it("falls back to Windows-1252 for bytes that are not UTF-8, including the 0x80–0x9F range", () => {
    const bytes = Uint8Array.from([0xd6, 0x72, 0x65, 0x62, 0x72, 0x6f, 0x20, 0x80, 0x96, 0x20, 0xe5]);
    expect(decodeText(bytes)).toEqual({ encoding: "windows-1252", text: "Örebro €– å" });
  });

  it("does not take ordinary text for UTF-16", () => {
    expect(sniffUtf16(new TextEncoder().encode(SAMPLE.repeat(10)))).toBeNull();
  });

  it("tells binary data from text", () => {
    expect(looksBinary(SAMPLE)).toBe(false);
    expect(looksBinary("abc\u0000def")).toBe(true);
    expect(looksBinary(String.fromCharCode(...Array.from({ length: 400 }, (_, i) => (i * 7) % 32)))).toBe(true);
  });
});
