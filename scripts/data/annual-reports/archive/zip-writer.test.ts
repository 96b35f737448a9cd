import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { crc32 } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { u16, u32 } from "./zip-format";
import { ZipReader } from "./zip-reader";
import { ZipFileWriter, zipBytes } from "./zip-writer";

const work = mkdtempSync(path.join(tmpdir(), "urval-zip-writer-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const text = (s: string) => new TextEncoder().encode(s);
const xhtml = text(`<html xmlns="http://www.w3.org/1999/xhtml"><body>${"<p>Årsredovisning</p>".repeat(500)}</body></html>`);

const hasUnzip = spawnSync("unzip", ["-v"]).status === 0;
const hasPython = spawnSync("python3", ["-c", "import zipfile"]).status === 0;

/**
 * Tests the archive with Info-ZIP's unzip and Python's zipfile, two readers that share no code with ours (each check
 * is left out where its tool is missing). Returns Python's "<testzip result> <entry count> <first name>"; with
 * `quick`, Python only lists the entries and reads the last one (its testzip takes seconds for 65 536 entries).
 */
function testWithIndependentReaders(file: string, quick = false): string {
  if (hasUnzip) expect(execFileSync("unzip", ["-tq", file], { encoding: "utf8" })).toContain("No errors detected");
  if (!hasPython) return "";
  const test = quick ? "z.read(z.infolist()[-1]) and None" : "z.testzip()";
  const script = `import zipfile,sys; z=zipfile.ZipFile(sys.argv[1]); print(${test}, len(z.infolist()), z.namelist()[0])`;
  const env = { ...process.env, PYTHONIOENCODING: "utf-8" };
  return execFileSync("python3", ["-c", script, file], { encoding: "utf8", env }).trim();
}

describe("zipBytes", () => {
  it.skipIf(!hasUnzip && !hasPython)("writes a ZIP that Info-ZIP and Python read, with UTF-8 names, deflate and store", () => {
    const file = path.join(work, "nested.zip");
    writeFileSync(
      file,
      zipBytes([
        { name: "årsredovisning.xhtml", data: xhtml },
        { name: "revisionsberättelse.xhtml", data: xhtml, method: "store" },
        { name: "empty.txt", data: new Uint8Array(0) },
      ]),
    );
    const python = testWithIndependentReaders(file);
    if (hasPython) expect(python).toBe("None 3 årsredovisning.xhtml");
  });

  it("is deterministic and sets the UTF-8 flag, the fixed date and the real CRC", () => {
    const entries = [{ name: "a.xhtml", data: xhtml }];
    const zip = zipBytes(entries);
    expect(zipBytes(entries)).toEqual(zip);
    expect(u16(zip, 6) & 0x0800).toBe(0x0800);
    expect(u16(zip, 12)).toBe(((2025 - 1980) << 9) | (1 << 5) | 1);
    expect(u32(zip, 14)).toBe(crc32(xhtml));
    expect(u32(zip, 22)).toBe(xhtml.length);
  });

  it("writes declared sizes and CRCs instead of the real ones for hostile fixtures, ZIP64 above 4 GiB", async () => {
    const zip = zipBytes([{ name: "a.xhtml", data: xhtml, declaredSize: 10_000_000_000, declaredCrc: 0x12345678 }]);
    const [entry] = (await ZipReader.fromBytes(zip)).entries;
    expect(entry).toMatchObject({ uncompressedSize: 10_000_000_000, crc: 0x12345678, name: "a.xhtml" });
    expect(u32(zip, 22)).toBe(0xffffffff);
  });
});

describe("ZipFileWriter", () => {
  it("writes an outer archive entry by entry and reports its size", async () => {
    const file = path.join(work, "outer.zip");
    const writer = await ZipFileWriter.open(file);
    for (let i = 0; i < 20; i++) await writer.add({ name: `n${i}.zip`, data: zipBytes([{ name: "a.xhtml", data: xhtml }]) });
    const result = await writer.close();
    expect(result).toEqual({ entries: 20, bytes: readFileSync(file).length });
    testWithIndependentReaders(file);
    await expect(writer.add({ name: "late", data: xhtml })).rejects.toThrow(/after close/);
  });

  it("writes ZIP64 end records above 65 535 entries, read back by unzip, Python and our reader", async () => {
    const file = path.join(work, "zip64.zip");
    const writer = await ZipFileWriter.open(file);
    const count = 65_537;
    for (let i = 0; i < count; i++) await writer.add({ name: `f${i}.txt`, data: text(String(i)), method: "store" });
    await writer.close();
    const bytes = readFileSync(file);
    // The classic end record is saturated; the ZIP64 locator sits just before it.
    expect(u16(bytes, bytes.length - 22 + 10)).toBe(0xffff);
    expect(u32(bytes, bytes.length - 22 - 20)).toBe(0x07064b50);
    const python = testWithIndependentReaders(file, true);
    if (hasPython) expect(python).toBe(`None ${count} f0.txt`);
    const reader = await ZipReader.openFile(file);
    try {
      expect(reader.entries).toHaveLength(count);
      const last = reader.entries[count - 1];
      expect(last?.name).toBe(`f${count - 1}.txt`);
      expect(new TextDecoder().decode(await reader.readEntry(last!, 100))).toBe(String(count - 1));
    } finally {
      await reader.close();
    }
  }, 30_000);
});
