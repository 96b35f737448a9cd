/**
 * Compact storage of a list file's numbers: ascending ten-digit keys as deltas in unsigned LEB128 varints (about
 * 2–4 bytes a number instead of 11 characters), split into chunks that stay well below D1's 2 MB value limit.
 */

/** Bytes per stored chunk. */
export const CHUNK_BYTES = 512 * 1024;

export interface EncodedChunk {
  keyCount: number;
  bytes: Uint8Array;
}

/** Splits ascending keys into delta-varint chunks; each chunk starts from 0, so chunks decode independently. */
export function encodeKeys(keys: Float64Array): EncodedChunk[] {
  const chunks: EncodedChunk[] = [];
  const buffer = new Uint8Array(CHUNK_BYTES);
  let length = 0;
  let count = 0;
  let previous = 0;
  const flush = () => {
    chunks.push({ keyCount: count, bytes: buffer.slice(0, length) });
    [length, count, previous] = [0, 0, 0];
  };
  for (const key of keys) {
    if (length > CHUNK_BYTES - 8) flush();
    let delta = key - previous;
    if (delta < 0 || !Number.isInteger(delta)) throw new Error("keys must be ascending integers");
    while (delta >= 128) {
      buffer[length++] = (delta % 128) | 128;
      delta = Math.floor(delta / 128);
    }
    buffer[length++] = delta;
    previous = key;
    count++;
  }
  if (count > 0) flush();
  return chunks;
}

/** Appends the keys of one chunk to `out` starting at `at`; returns the next free index. */
export function decodeChunk(bytes: Uint8Array, out: Float64Array, at: number): number {
  let previous = 0;
  let i = 0;
  while (i < bytes.length) {
    let delta = 0;
    let scale = 1;
    let byte: number;
    do {
      byte = bytes[i++] as number;
      delta += (byte & 127) * scale;
      scale *= 128;
    } while (byte >= 128 && i < bytes.length);
    previous += delta;
    out[at++] = previous;
  }
  return at;
}
