import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { checkDeclaredSizes, checkNoOverlap, InflateBudget, readZipDirectory, ZipRefusal, type ZipEntry } from "./zip-reader";

const encode = (text: string) => new TextEncoder().encode(text);

async function inflateAll(bytes: Uint8Array, entry: ZipEntry): Promise<string> {
  const chunks: Uint8Array[] = [];
  await new InflateBudget().inflate(bytes, entry, (chunk) => chunks.push(chunk.slice()));
  return new TextDecoder().decode(Buffer.concat(chunks));
}

async function refusalOf(action: () => unknown): Promise<string> {
  try {
    await action();
  } catch (error) {
    if (error instanceof ZipRefusal) return error.reason;
    throw error;
  }
  return "accepted";
}

/** Patches the uncompressed size of the first entry in both its local header and the central directory. */
function lieAboutSize(zip: Uint8Array, size: number): Uint8Array {
  const copy = zip.slice();
  const view = new DataView(copy.buffer);
  view.setUint32(22, size, true);
  const eocd = copy.length - 22;
  view.setUint32(view.getUint32(eocd + 16, true) + 24, size, true);
  return copy;
}

describe("zip reader", () => {
  const text = "<row>5560160680</row>".repeat(2000);
  const zip = zipSync({ "xl/worksheets/sheet1.xml": encode(text), "stored.txt": [encode("hej"), { level: 0 }] });

  it("lists entries from the central directory and inflates deflated and stored entries", async () => {
    const entries = readZipDirectory(zip);
    expect(entries.map((e) => [e.name, e.method, e.uncompressedSize])).toEqual([
      ["xl/worksheets/sheet1.xml", 8, text.length],
      ["stored.txt", 0, 3],
    ]);
    checkNoOverlap(entries);
    expect(await inflateAll(zip, entries[0] as ZipEntry)).toBe(text);
    expect(await inflateAll(zip, entries[1] as ZipEntry)).toBe("hej");
  });

  it("refuses a truncated archive", async () => {
    expect(await refusalOf(() => readZipDirectory(zip.subarray(0, zip.length - 30)))).toBe("unreadable");
  });

  it("refuses a declared ratio above the limit before inflating", async () => {
    const bomb = zipSync({ "a.xml": new Uint8Array(4 * 1024 * 1024) });
    expect(await refusalOf(() => checkDeclaredSizes(readZipDirectory(bomb)))).toBe("bomb");
  });

  it("stops inflating an entry that produces more than its header declared", async () => {
    const liar = lieAboutSize(zip, 100);
    const entries = readZipDirectory(liar);
    checkDeclaredSizes(entries);
    expect(await refusalOf(() => inflateAll(liar, entries[0] as ZipEntry))).toBe("bomb");
  });

  it("refuses entries that share their compressed data", async () => {
    const entries = readZipDirectory(zip);
    const twin = { ...(entries[0] as ZipEntry), name: "xl/worksheets/sheet2.xml" };
    expect(await refusalOf(() => checkNoOverlap([...entries, twin]))).toBe("bomb");
  });

  it("refuses corrupt deflate data as unreadable", async () => {
    const broken = zip.slice();
    const entry = readZipDirectory(zip)[0] as ZipEntry;
    const dataStart = 30 + entry.nameBytes;
    for (let i = dataStart; i < dataStart + 40; i++) broken[i] = 0xff;
    expect(await refusalOf(() => inflateAll(broken, entry))).toBe("unreadable");
  });
});
