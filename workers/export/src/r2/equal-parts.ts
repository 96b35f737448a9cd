/**
 * Re-chunks a byte stream into parts of exactly `partSize` bytes (the last one may be shorter), as an R2 multipart
 * upload requires: every part but the last must have the same size, at least 5 MiB. One part buffer is reused: a part
 * is valid until the next one is requested (uploadMultipart awaits each upload first; copy a part to keep it). Fresh
 * 5 MiB buffers per part piled up as garbage outside the JavaScript heap until a collection and lifted the peak memory
 * of large exports (measured: 105 MB at 250 000 rows).
 */
export const MIN_PART_SIZE = 5 * 1024 * 1024;

export async function* equalParts(chunks: AsyncIterable<Uint8Array>, partSize = MIN_PART_SIZE): AsyncGenerator<Uint8Array> {
  if (!Number.isInteger(partSize) || partSize <= 0) throw new RangeError(`Invalid part size ${partSize}`);
  const part = new Uint8Array(partSize);
  let filled = 0;
  for await (const chunk of chunks) {
    let offset = 0;
    while (offset < chunk.length) {
      const take = Math.min(partSize - filled, chunk.length - offset);
      part.set(chunk.subarray(offset, offset + take), filled);
      filled += take;
      offset += take;
      if (filled === partSize) {
        yield part;
        filled = 0;
      }
    }
  }
  if (filled > 0) yield part.subarray(0, filled);
}
