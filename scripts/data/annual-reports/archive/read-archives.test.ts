import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  type ArchiveLimits,
  type ArchiveRefusal,
  DEFAULT_ARCHIVE_LIMITS,
  type FiledReport,
  readArchive,
  readArchives,
} from "./read-archives";
import { withFlags, withLocalOffset, withMethod, zeroBomb } from "#tests/support/annual-reports/zip-fixtures";
import { type ZipEntryInput, ZipFileWriter, zipBytes } from "./zip-writer";

const work = mkdtempSync(path.join(tmpdir(), "urval-read-archives-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const text = (s: string) => new TextEncoder().encode(s);
const xhtml = (title: string) => text(`<html xmlns="http://www.w3.org/1999/xhtml"><body><h1>${title}</h1></body></html>`);
const report = (title: string) => zipBytes([{ name: `${title}.xhtml`, data: xhtml(title) }]);

let dirs = 0;
const freshDir = () => {
  const dir = path.join(work, `dir-${++dirs}`);
  mkdirSync(dir);
  return dir;
};

async function writeOuter(file: string, entries: ZipEntryInput[]): Promise<void> {
  const writer = await ZipFileWriter.open(file);
  for (const entry of entries) await writer.add(entry);
  await writer.close();
}

async function collect(items: AsyncGenerator<FiledReport | ArchiveRefusal>) {
  const out: (FiledReport | ArchiveRefusal)[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** Times `read` and checks it took less than a second. */
async function within1s<T>(read: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await read();
  expect(performance.now() - started).toBeLessThan(1000);
  return result;
}

const text1 = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe("readArchives", () => {
  it("reads every report of the outer archives and loose nested zips, in publication order", async () => {
    const dir = freshDir();
    await writeOuter(path.join(dir, "01_10.zip"), [{ name: "5591234561_2023-08-31.zip", data: report("late") }]);
    await writeOuter(path.join(dir, "01_2.zip"), [
      { name: "README.txt", data: text("Bolagsverket") },
      { name: "2025/", data: new Uint8Array(0) },
      {
        name: "5560187493_2025-06-30.zip",
        data: zipBytes([
          { name: "arsredovisning.xhtml", data: xhtml("annual") },
          { name: "revisionsberattelse.xhtml", data: xhtml("audit"), method: "store" },
        ]),
      },
      { name: "2025/5560360793_2024-12-31.zip", data: report("in a folder"), method: "store" },
    ]);
    writeFileSync(path.join(dir, "5566778899_2024-12-31.zip"), report("loose"));
    writeFileSync(path.join(dir, "notes.txt"), "not an archive");
    const results = await collect(readArchives(dir));
    expect(results.map((r) => ("refused" in r ? r : [r.archive, r.inner, r.orgNoFromName, r.periodEndFromName]))).toEqual([
      ["01_2.zip", "5560187493_2025-06-30.zip", "556018-7493", "2025-06-30"],
      ["01_2.zip", "2025/5560360793_2024-12-31.zip", "556036-0793", "2024-12-31"],
      ["01_10.zip", "5591234561_2023-08-31.zip", "559123-4561", "2023-08-31"],
      ["5566778899_2024-12-31.zip", "5566778899_2024-12-31.zip", "556677-8899", "2024-12-31"],
    ]);
    const first = results[0] as FiledReport;
    expect(first.documents.map((d) => [d.file, text1(d.bytes)])).toEqual([
      ["arsredovisning.xhtml", text1(xhtml("annual"))],
      ["revisionsberattelse.xhtml", text1(xhtml("audit"))],
    ]);
  });

  it("refuses a corrupt outer archive as a whole and goes on with the next", async () => {
    const dir = freshDir();
    writeFileSync(path.join(dir, "01_1.zip"), "PK\x03\x04 this is not a zip");
    const overlapping = withLocalOffset(
      zipBytes([
        { name: "5560187493_2025-06-30.zip", data: report("a") },
        { name: "5560360793_2024-12-31.zip", data: report("b") },
      ]),
      1,
      0,
    );
    writeFileSync(path.join(dir, "01_2.zip"), overlapping);
    await writeOuter(path.join(dir, "01_3.zip"), [{ name: "5560187493_2025-06-30.zip", data: report("good") }]);
    const results = await within1s(() => collect(readArchives(dir)));
    expect(results).toMatchObject([
      { refused: true, archive: "01_1.zip", inner: null, file: null, reason: "CORRUPT_ZIP" },
      { refused: true, archive: "01_2.zip", inner: null, reason: "CORRUPT_ZIP", message: expect.stringMatching(/overlap/) },
      { archive: "01_3.zip", orgNoFromName: "556018-7493" },
    ]);
  });

  it("throws for a directory that does not exist (a mistake of the operator, not of the data)", async () => {
    await expect(collect(readArchives(path.join(work, "nowhere")))).rejects.toThrow(/ENOENT/);
  });
});

describe("readArchive: the outer archive's entries", () => {
  const limits: ArchiveLimits = { ...DEFAULT_ARCHIVE_LIMITS, maxNestedZipBytes: 4096 };
  const big = zipBytes([{ name: "a.xhtml", data: text(Array.from({ length: 2000 }, (_, i) => i * 7919).join(",")), method: "store" }]);
  interface OuterCase {
    name: string;
    entry: ZipEntryInput;
    reason: ArchiveRefusal["reason"];
    patch?: (zip: Uint8Array) => Uint8Array;
    message?: RegExp;
  }
  const cases: OuterCase[] = [
    { name: "a path out of the archive", entry: { name: "../5560187493_2025-06-30.zip", data: report("x") }, reason: "PATH_TRAVERSAL" },
    { name: "a .zip not named for a report", entry: { name: "report.zip", data: report("x") }, reason: "BAD_NAME" },
    { name: "a wrong check digit", entry: { name: "5560187490_2025-06-30.zip", data: report("x") }, reason: "BAD_NAME" },
    { name: "a date that does not exist", entry: { name: "5560187493_2025-02-30.zip", data: report("x") }, reason: "BAD_NAME" },
    {
      name: "an encrypted nested zip",
      entry: { name: "5560187493_2025-06-30.zip", data: report("x") },
      reason: "ENCRYPTED",
      patch: (zip) => withFlags(zip, 0, 0x0801),
    },
    { name: "a nested zip above maxNestedZipBytes", entry: { name: "5560187493_2025-06-30.zip", data: big }, reason: "TOO_LARGE" },
    {
      name: "a nested zip with a bomb's ratio",
      entry: { name: "5560187493_2025-06-30.zip", data: new Uint8Array(4 << 20) },
      reason: "ZIP_BOMB",
      message: /declares 4194304 bytes from/,
    },
    {
      name: "a nested zip inflating past its declared size",
      entry: { name: "5560187493_2025-06-30.zip", data: zeroBomb(64), method: "store", declaredSize: 10 },
      reason: "ZIP_BOMB",
      patch: (zip) => withMethod(zip, 0, 8),
      message: /inflates past \d+ bytes/,
    },
    { name: "a nested zip that is not a zip", entry: { name: "5560187493_2025-06-30.zip", data: xhtml("x") }, reason: "CORRUPT_ZIP" },
  ];

  it.each(cases)("$name → $reason", async ({ entry, reason, patch, message }) => {
    const file = path.join(freshDir(), "01_1.zip");
    const zip = zipBytes([entry, { name: "5566778899_2024-12-31.zip", data: report("next") }]);
    writeFileSync(file, patch ? patch(zip) : zip);
    const results = await within1s(() => collect(readArchive(file, reason === "TOO_LARGE" ? limits : DEFAULT_ARCHIVE_LIMITS)));
    expect(results).toMatchObject([
      { refused: true, archive: "01_1.zip", inner: entry.name, reason, file: null, message: expect.stringMatching(message ?? /./) },
      { inner: "5566778899_2024-12-31.zip", documents: [{ file: "next.xhtml" }] },
    ]);
  });

  it("refuses a loose nested zip above maxNestedZipBytes or with a bad name", async () => {
    const dir = freshDir();
    writeFileSync(path.join(dir, "5560187493_2025-06-30.zip"), big);
    writeFileSync(path.join(dir, "5560187490_2025-06-30.zip"), report("x"));
    expect(await collect(readArchives(dir, limits))).toMatchObject([
      { refused: true, inner: "5560187490_2025-06-30.zip", reason: "BAD_NAME" },
      { refused: true, inner: "5560187493_2025-06-30.zip", reason: "TOO_LARGE" },
    ]);
  });

  it("refuses a file that cannot be read as UNREADABLE", async () => {
    expect(await collect(readArchive(path.join(work, "missing.zip")))).toMatchObject([
      { refused: true, archive: "missing.zip", inner: null, reason: "UNREADABLE" },
    ]);
  });
});
