/**
 * The ZIP record layouts shared by the writer and the reader (APPNOTE 6.3.10): signatures, fixed sizes, the limits
 * past which ZIP64 records take over, and the little-endian field readers.
 */

export const LOCAL_HEADER_SIGNATURE = 0x04034b50;
export const CENTRAL_HEADER_SIGNATURE = 0x02014b50;
export const EOCD_SIGNATURE = 0x06054b50;
export const ZIP64_EOCD_SIGNATURE = 0x06064b50;
export const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;

export const LOCAL_HEADER_SIZE = 30;
export const CENTRAL_HEADER_SIZE = 46;
export const EOCD_SIZE = 22;
export const ZIP64_EOCD_SIZE = 56;
export const ZIP64_LOCATOR_SIZE = 20;
/** The extra field that carries 64-bit sizes and offsets. */
export const ZIP64_EXTRA_ID = 0x0001;

/** A 32-bit size or offset field holding this value means "see the ZIP64 extra field". */
export const MAX_32 = 0xffffffff;
/** A 16-bit entry count holding this value means "see the ZIP64 end of central directory". */
export const MAX_16 = 0xffff;

export const FLAG_ENCRYPTED = 0x0001;
export const FLAG_DATA_DESCRIPTOR = 0x0008;
export const FLAG_UTF8 = 0x0800;
/** Strong encryption (bit 6); bit 13 hides the local headers' values. Both are refused like bit 0. */
export const FLAG_STRONG_ENCRYPTION = 0x0040;
export const FLAG_MASKED_HEADERS = 0x2000;

export const METHOD_STORE = 0;
export const METHOD_DEFLATE = 8;

export const u16 = (b: Uint8Array, at: number): number => (b[at] as number) | ((b[at + 1] as number) << 8);
export const u32 = (b: Uint8Array, at: number): number => (u16(b, at) | (u16(b, at + 2) << 16)) >>> 0;
/** A 64-bit field as a number; null when it is past Number.MAX_SAFE_INTEGER (no real file is that large). */
export function u64(b: Uint8Array, at: number): number | null {
  const high = u32(b, at + 4);
  if (high > 0x1fffff) return null;
  return high * 0x1_0000_0000 + u32(b, at);
}
