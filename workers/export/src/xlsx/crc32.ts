/**
 * CRC-32 (IEEE 802.3, the ZIP checksum), slicing-by-8 for throughput: the sheet XML of a large export is hundreds of
 * megabytes, so a byte-at-a-time table would cost about as much as the deflate itself.
 */
const TABLES = buildTables();

function buildTables(): Uint32Array {
  const tables = new Uint32Array(256 * 8);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    tables[n] = c >>> 0;
  }
  for (let n = 0; n < 256; n++) {
    let c = tables[n]!;
    for (let t = 1; t < 8; t++) {
      c = tables[c & 0xff]! ^ (c >>> 8);
      tables[t * 256 + n] = c >>> 0;
    }
  }
  return tables;
}

/** Continues a CRC-32 over `data`; start with `crc32(data)` and feed the result back as `previous`. */
export function crc32(data: Uint8Array, previous = 0): number {
  const t = TABLES;
  let crc = ~previous >>> 0;
  let i = 0;
  const end8 = data.length - (data.length % 8);
  for (; i < end8; i += 8) {
    const lo = (crc ^ (data[i]! | (data[i + 1]! << 8) | (data[i + 2]! << 16) | (data[i + 3]! << 24))) >>> 0;
    crc =
      t[1792 + (lo & 0xff)]! ^
      t[1536 + ((lo >>> 8) & 0xff)]! ^
      t[1280 + ((lo >>> 16) & 0xff)]! ^
      t[1024 + (lo >>> 24)]! ^
      t[768 + data[i + 4]!]! ^
      t[512 + data[i + 5]!]! ^
      t[256 + data[i + 6]!]! ^
      t[data[i + 7]!]!;
  }
  for (; i < data.length; i++) crc = t[(crc ^ data[i]!) & 0xff]! ^ (crc >>> 8);
  return ~crc >>> 0;
}
