import { crc32 as zlibCrc32, inflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { zipStream, type ZipEntry } from "./zip-stream";

const MODIFIED = { year: 2026, month: 11, day: 21, hour: 14, minute: 7, second: 30 };

async function collect(chunks: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}

/** An independent reader: end record → central directory → local headers → data descriptors, checked against zlib. */
function readZip(zip: Buffer): Map<string, Buffer> {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(eocd).toBe(zip.length - 22);
  const count = zip.readUInt16LE(eocd + 10);
  let p = zip.readUInt32LE(eocd + 16);
  expect(p + zip.readUInt32LE(eocd + 12)).toBe(eocd);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(p)).toBe(0x02014b50);
    const [crc, compressed, size, nameLength, offset] = [
      zip.readUInt32LE(p + 16),
      zip.readUInt32LE(p + 20),
      zip.readUInt32LE(p + 24),
      zip.readUInt16LE(p + 28),
      zip.readUInt32LE(p + 42),
    ];
    const name = zip.subarray(p + 46, p + 46 + nameLength).toString("utf8");
    expect(zip.readUInt32LE(offset)).toBe(0x04034b50);
    expect(zip.readUInt16LE(offset + 6) & 0x0808).toBe(0x0808);
    const dataStart = offset + 30 + zip.readUInt16LE(offset + 26) + zip.readUInt16LE(offset + 28);
    const descriptor = dataStart + compressed;
    expect([zip.readUInt32LE(descriptor), zip.readUInt32LE(descriptor + 4), zip.readUInt32LE(descriptor + 8)]).toEqual([
      0x08074b50,
      crc,
      compressed,
    ]);
    const content = inflateRawSync(zip.subarray(dataStart, descriptor));
    expect(content.length).toBe(size);
    expect(zlibCrc32(content)).toBe(crc);
    files.set(name, content);
    p += 46 + nameLength;
  }
  return files;
}

const encode = (text: string) => new TextEncoder().encode(text);

describe.each(["native", "fflate"] as const)("zipStream with %s deflate", (engine) => {
  it("writes entries an independent reader inflates byte for byte", async () => {
    const big = Buffer.alloc(3_000_000);
    for (let i = 0; i < big.length; i++) big[i] = (i * 7919) % 251;
    const entries: ZipEntry[] = [
      { name: "tom.txt", content: () => [] },
      { name: "svenska/åäö.xml", content: () => [encode("<r>Åsa Öberg</r>")] },
      {
        name: "stor.bin",
        content: async function* () {
          for (let i = 0; i < big.length; i += 65_536) yield big.subarray(i, i + 65_536);
        },
      },
    ];
    const files = readZip(await collect(zipStream(entries, { engine, modified: MODIFIED })));
    expect([...files.keys()]).toEqual(["tom.txt", "svenska/åäö.xml", "stor.bin"]);
    expect(files.get("tom.txt")?.length).toBe(0);
    expect(files.get("svenska/åäö.xml")?.toString("utf8")).toBe("<r>Åsa Öberg</r>");
    expect(files.get("stor.bin")?.equals(big)).toBe(true);
  }, 20_000);

  it("produces an entry's content only when its turn comes", async () => {
    const order: string[] = [];
    const entry = (name: string): ZipEntry => ({ name, content: () => (order.push(name), [encode(name)]) });
    const chunks = zipStream([entry("a"), entry("b")], { engine, modified: MODIFIED });
    await chunks.next(); // a's local header
    expect(order).toEqual([]);
    await chunks.next(); // a's data
    expect(order).toEqual(["a"]);
    await collect(chunks);
    expect(order).toEqual(["a", "b"]);
  });
});
