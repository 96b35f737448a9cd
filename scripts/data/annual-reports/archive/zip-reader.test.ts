import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { u32 } from "./zip-format";
import { decodeCp437 } from "./zip-names";
import {
  patchZip,
  withDirectoryOffset,
  withFlags,
  withLocalOffset,
  withMethod,
  withNameBytes,
  zeroBomb,
  zipLayout,
} from "#tests/support/annual-reports/zip-fixtures";
import { ZipError, ZipReader } from "./zip-reader";
import { zipBytes } from "./zip-writer";

const work = mkdtempSync(path.join(tmpdir(), "urval-zip-reader-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const text = (s: string) => new TextEncoder().encode(s);
const page = text("<html><body>" + "<p>Förvaltningsberättelse</p>".repeat(200) + "</body></html>");
const two = zipBytes([
  { name: "a.xhtml", data: page },
  { name: "b.xhtml", data: text("short"), method: "store" },
]);

/** The ZipError `promise` rejects with (fails the test when it resolves or rejects with something else). */
async function zipError(promise: Promise<unknown>): Promise<ZipError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ZipError)) throw new Error(`expected a ZipError, got ${String(error)}`);
  return error;
}

async function readFirst(zip: Uint8Array, maxBytes = 1 << 20): Promise<Uint8Array> {
  const reader = await ZipReader.fromBytes(zip);
  return reader.readEntry(reader.entries[0]!, maxBytes);
}

/** The same ZIP with ZIP64 end records (record, locator, saturated classic record), as writers of big archives do. */
function withZip64End(zip: Uint8Array): Uint8Array {
  const eocd = zip.length - 22;
  const count = zip[eocd + 10]!;
  const out = new Uint8Array(eocd + 56 + 20 + 22);
  out.set(zip.subarray(0, eocd));
  const view = new DataView(out.buffer);
  view.setUint32(eocd, 0x06064b50, true);
  view.setBigUint64(eocd + 4, 44n, true);
  view.setBigUint64(eocd + 24, BigInt(count), true);
  view.setBigUint64(eocd + 32, BigInt(count), true);
  view.setBigUint64(eocd + 40, BigInt(u32(zip, eocd + 12)), true);
  view.setBigUint64(eocd + 48, BigInt(u32(zip, eocd + 16)), true);
  view.setUint32(eocd + 56, 0x07064b50, true);
  view.setBigUint64(eocd + 64, BigInt(eocd), true);
  view.setUint32(eocd + 72, 1, true);
  const end = eocd + 76;
  view.setUint32(end, 0x06054b50, true);
  view.setUint16(end + 8, 0xffff, true);
  view.setUint16(end + 10, 0xffff, true);
  view.setUint32(end + 12, 0xffffffff, true);
  view.setUint32(end + 16, 0xffffffff, true);
  return out;
}

describe("ZipReader", () => {
  it("lists and reads the entries of a ZIP in memory and on disk", async () => {
    const file = path.join(work, "two.zip");
    writeFileSync(file, two);
    for (const reader of [await ZipReader.fromBytes(two), await ZipReader.openFile(file)]) {
      expect(reader.entries.map((e) => [e.name, e.method, e.uncompressedSize, e.problem])).toEqual([
        ["a.xhtml", 8, page.length, null],
        ["b.xhtml", 0, 5, null],
      ]);
      expect(await reader.readEntry(reader.entries[0]!, page.length)).toEqual(page);
      expect(new TextDecoder().decode(await reader.readEntry(reader.entries[1]!, 5))).toBe("short");
      await reader.close();
    }
  });

  it("reads the ZIP64 end of central directory record through its locator", async () => {
    const reader = await ZipReader.fromBytes(withZip64End(two));
    expect(reader.entries.map((e) => e.name)).toEqual(["a.xhtml", "b.xhtml"]);
    expect(await reader.readEntry(reader.entries[0]!, page.length)).toEqual(page);
  });

  it("decodes names without the UTF-8 flag as code page 437", async () => {
    // "Årsredovisning.xhtml" in code page 437: Å is 0x8F.
    const cp437 = Uint8Array.from([0x8f, ...text("rsredovisning.xhtml")]);
    const zip = withFlags(withNameBytes(zipBytes([{ name: "_rsredovisning.xhtml", data: page }]), 0, cp437, "both"), 0, 0);
    expect((await ZipReader.fromBytes(zip)).entries[0]?.name).toBe("Årsredovisning.xhtml");
    expect(decodeCp437(Uint8Array.from([0x86, 0x84, 0x94, 0xe1]))).toBe("åäöß");
  });

  it("marks entries it cannot read: invalid UTF-8 name, encryption, unknown method", async () => {
    const invalid = withNameBytes(two, 0, Uint8Array.from([0xff, 0xfe, 0x2e, 0x78, 0x68, 0x74, 0x6d]), "both");
    expect((await ZipReader.fromBytes(invalid)).entries[0]?.problem?.reason).toBe("BAD_NAME");
    expect((await ZipReader.fromBytes(withFlags(two, 0, 0x0801))).entries[0]?.problem?.reason).toBe("ENCRYPTED");
    expect((await ZipReader.fromBytes(withMethod(two, 1, 12))).entries[1]?.problem?.reason).toBe("UNSUPPORTED_METHOD");
    expect((await zipError(readFirst(withMethod(two, 0, 12)))).reason).toBe("UNSUPPORTED_METHOD");
  });

  it("refuses what is not a ZIP, a truncated one and a directory outside the file", async () => {
    expect((await zipError(ZipReader.fromBytes(text("not a zip at all, not even close")))).reason).toBe("CORRUPT_ZIP");
    expect((await zipError(ZipReader.fromBytes(two.subarray(0, two.length - 10)))).reason).toBe("CORRUPT_ZIP");
    expect((await zipError(ZipReader.fromBytes(withDirectoryOffset(two, two.length)))).message).toMatch(/outside the file/);
    expect((await zipError(ZipReader.fromBytes(withDirectoryOffset(two, 3)))).reason).toBe("CORRUPT_ZIP");
  });

  it("refuses central directories whose entries overlap or point past the data", async () => {
    const overlapping = withLocalOffset(two, 1, 0);
    expect((await zipError(ZipReader.fromBytes(overlapping))).message).toMatch(/overlap/);
    const outside = withLocalOffset(two, 1, zipLayout(two).central[0]! - 10);
    expect((await zipError(ZipReader.fromBytes(outside))).message).toMatch(/central directory/);
  });

  it("refuses a directory whose entry count disagrees with its size", async () => {
    const tooMany = patchZip(two, (view, { eocd }) => view.setUint16(eocd + 10, 1000, true));
    expect((await zipError(ZipReader.fromBytes(tooMany))).message).toMatch(/more entries claimed/);
    const tooFew = patchZip(two, (view, { eocd }) => view.setUint16(eocd + 10, 1, true));
    expect((await zipError(ZipReader.fromBytes(tooFew))).message).toMatch(/does not match its records/);
  });

  it("refuses a local header that disagrees with the directory on method or encryption", async () => {
    const method = patchZip(two, (view, { local }) => view.setUint16(local[0]! + 8, 0, true));
    expect((await zipError(readFirst(method))).message).toMatch(/another compression method/);
    const encrypted = patchZip(two, (view, { local }) => view.setUint16(local[0]! + 6, 0x0801, true));
    expect((await zipError(readFirst(encrypted))).reason).toBe("ENCRYPTED");
  });

  it("refuses a local header that names another file than the central directory", async () => {
    const lying = withNameBytes(two, 0, text("z.xhtml"), "local");
    const error = await zipError(readFirst(lying));
    expect([error.reason, error.entry]).toEqual(["CORRUPT_ZIP", "a.xhtml"]);
    expect(error.message).toMatch(/names another file/);
  });

  it("checks the CRC and the declared size", async () => {
    expect((await zipError(readFirst(zipBytes([{ name: "a", data: page, declaredCrc: 1 }])))).reason).toBe("CRC_MISMATCH");
    const longer = zipBytes([{ name: "a", data: page, declaredSize: page.length + 1 }]);
    expect((await zipError(readFirst(longer))).reason).toBe("SIZE_MISMATCH");
    const shorter = zipBytes([{ name: "a", data: page, declaredSize: page.length - 1 }]);
    expect((await zipError(readFirst(shorter))).reason).toBe("SIZE_MISMATCH");
  });

  it("refuses data that do not inflate", async () => {
    // 0x07: a final block of the reserved type 3.
    const broken = withMethod(zipBytes([{ name: "a", data: Uint8Array.from([0x07, 0, 0, 0]), method: "store" }]), 0, 8);
    expect((await zipError(readFirst(broken))).message).toMatch(/does not inflate/);
  });

  it("stops inflating a bomb at the cap, whatever its header declares", async () => {
    // 1 GiB of zeros in about 1 MiB, declared as 100 bytes.
    const bomb = withMethod(zipBytes([{ name: "a", data: zeroBomb(1024), method: "store", declaredSize: 100 }]), 0, 8);
    const started = performance.now();
    const error = await zipError(readFirst(bomb, 16 << 20));
    expect(error.reason).toBe("OUTPUT_LIMIT");
    expect(performance.now() - started).toBeLessThan(1000);
    // Stored data longer than the cap are refused before they are read.
    const stored = zipBytes([{ name: "a", data: new Uint8Array(2000), method: "store" }]);
    expect((await zipError(readFirst(stored, 1000))).reason).toBe("OUTPUT_LIMIT");
  });
});
