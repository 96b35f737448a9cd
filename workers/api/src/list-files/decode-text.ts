/**
 * Text files of any common Windows/Mac/Linux origin: UTF-8 (with or without BOM), UTF-16 LE/BE (BOM, or recognised by
 * the zero bytes of mostly-ASCII text) and Windows-1252 (what Excel's "CSV" writes on Swedish Windows).
 */

export type TextEncoding = "utf-8" | "utf-8-bom" | "utf-16le" | "utf-16be" | "windows-1252";

export interface DecodedText {
  encoding: TextEncoding;
  text: string;
}

/** Windows-1252 code points for bytes 0x80–0x9F (undefined slots map to themselves, as browsers do). */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8d, 0x017d, 0x8f, 0x90, 0x2018,
  0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x9d, 0x017e, 0x0178,
];

const SAMPLE_BYTES = 4096;

/** Guesses UTF-16 without a BOM: in mostly-ASCII text every other byte is zero. */
export function sniffUtf16(bytes: Uint8Array): "utf-16le" | "utf-16be" | null {
  const n = Math.min(bytes.length, SAMPLE_BYTES) & ~1;
  if (n < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const pairs = n / 2;
  if (oddZeros > pairs * 0.4 && evenZeros < pairs * 0.05) return "utf-16le";
  if (evenZeros > pairs * 0.4 && oddZeros < pairs * 0.05) return "utf-16be";
  return null;
}

function decodeCp1252(bytes: Uint8Array): string {
  const chunks: string[] = [];
  const CHUNK = 8192;
  const codes = new Uint16Array(CHUNK);
  for (let start = 0; start < bytes.length; start += CHUNK) {
    const end = Math.min(start + CHUNK, bytes.length);
    for (let i = start; i < end; i++) {
      const b = bytes[i] as number;
      codes[i - start] = b >= 0x80 && b < 0xa0 ? (CP1252_HIGH[b - 0x80] as number) : b;
    }
    chunks.push(String.fromCharCode(...codes.subarray(0, end - start)));
  }
  return chunks.join("");
}

function decodeUtf16(bytes: Uint8Array, bigEndian: boolean): string {
  const even = bytes.subarray(0, bytes.length & ~1);
  if (!bigEndian) return new TextDecoder("utf-16le").decode(even);
  const swapped = new Uint8Array(even.length);
  for (let i = 0; i < even.length; i += 2) {
    swapped[i] = even[i + 1] as number;
    swapped[i + 1] = even[i] as number;
  }
  return new TextDecoder("utf-16le").decode(swapped);
}

/** Decodes a text file; strict UTF-8 first, Windows-1252 when the bytes are not valid UTF-8. */
export function decodeText(bytes: Uint8Array): DecodedText {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { encoding: "utf-8-bom", text: new TextDecoder("utf-8").decode(bytes.subarray(3)) };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: "utf-16le", text: decodeUtf16(bytes.subarray(2), false) };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: "utf-16be", text: decodeUtf16(bytes.subarray(2), true) };
  const utf16 = sniffUtf16(bytes);
  if (utf16) return { encoding: utf16, text: decodeUtf16(bytes, utf16 === "utf-16be") };
  try {
    return { encoding: "utf-8", text: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
  } catch {
    return { encoding: "windows-1252", text: decodeCp1252(bytes) };
  }
}

/** True when a decoded sample looks like binary data rather than text (NULs or many control characters). */
export function looksBinary(text: string): boolean {
  const n = Math.min(text.length, SAMPLE_BYTES * 4);
  let controls = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) return true;
    if (c < 32 && c !== 9 && c !== 10 && c !== 13 && c !== 12) controls++;
    else if (c === 0xfffd) controls++;
  }
  return controls > Math.max(2, n * 0.01);
}
