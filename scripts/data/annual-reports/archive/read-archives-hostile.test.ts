/**
 * Every refusal of one nested zip: each hostile nested zip sits in an outer archive between two good ones, is refused
 * within a second with its stable reason, and the good one after it is still read. The second is the refusal's CPU
 * time: its wall time on a loaded machine also counts the other processes' turns (1.34 s once, for 1 GiB of zeros,
 * beside a full-Sweden benchmark), so the wall time is held only to a runaway bound of 5 s.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { type ArchiveLimits, type ArchiveRefusal, DEFAULT_ARCHIVE_LIMITS, type FiledReport, readArchive } from "./read-archives";
import { patchZip, withFlags, withLocalOffset, withMethod, withNameBytes, zeroBomb } from "#tests/support/annual-reports/zip-fixtures";
import { type ZipEntryInput, ZipFileWriter, zipBytes } from "./zip-writer";

const work = mkdtempSync(path.join(tmpdir(), "urval-hostile-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const text = (s: string) => new TextEncoder().encode(s);
const page = text(`<html xmlns="http://www.w3.org/1999/xhtml"><body>${"<p>Resultaträkning</p>".repeat(300)}</body></html>`);
/** Incompressible "documents" for the size caps (random bytes as hex: deflates to about half). */
const noise = (bytes: number) => text(randomBytes(bytes / 2).toString("hex"));
const GOOD = zipBytes([{ name: "arsredovisning.xhtml", data: page }]);
const HOSTILE_INNER = "5560360793_2024-12-31.zip";
const SMALL: ArchiveLimits = { ...DEFAULT_ARCHIVE_LIMITS, maxDocumentBytes: 48 * 1024, maxNestedTotalBytes: 64 * 1024 };

interface Case {
  name: string;
  nested: () => Uint8Array;
  reason: ArchiveRefusal["reason"];
  file: string | null;
  limits?: ArchiveLimits;
  message?: RegExp;
}

const twoPages = (second: Partial<ZipEntryInput>) =>
  zipBytes([
    { name: "a.xhtml", data: page },
    { name: "b.xhtml", data: page, ...second },
  ]);

const CASES: Case[] = [
  {
    name: "a ratio above the cap (20 MiB of zeros, honestly declared)",
    nested: () => zipBytes([{ name: "a.xhtml", data: new Uint8Array(20 << 20) }]),
    reason: "ZIP_BOMB",
    file: "a.xhtml",
    message: /declares 20971520 bytes from \d+ compressed/,
  },
  { name: "10 GB declared from a few KiB", nested: () => twoPages({ declaredSize: 10_000_000_000 }), reason: "ZIP_BOMB", file: "b.xhtml" },
  {
    name: "1 GiB of zeros declared as 1 000 bytes (stops at the cap)",
    nested: () => withMethod(zipBytes([{ name: "a.xhtml", data: zeroBomb(1024), method: "store", declaredSize: 1000 }]), 0, 8),
    reason: "ZIP_BOMB",
    file: "a.xhtml",
    message: /inflates past 52428800 bytes/,
  },
  {
    name: "declared total above the cap",
    nested: () => zipBytes([1, 2, 3].map((i) => ({ name: `${i}.xhtml`, data: noise(30_000) }))),
    reason: "ZIP_BOMB",
    file: "3.xhtml",
    limits: SMALL,
    message: /declare more than 65536 bytes in all/,
  },
  {
    name: "inflated total past the cap under a lying size",
    nested: () =>
      zipBytes([
        { name: "1.xhtml", data: noise(40_000) },
        { name: "2.xhtml", data: noise(40_000), declaredSize: 10_000 },
      ]),
    reason: "ZIP_BOMB",
    file: "2.xhtml",
    limits: SMALL,
    message: /inflates past 25536 bytes/,
  },
  {
    name: "a document above maxDocumentBytes",
    nested: () => zipBytes([{ name: "a.xhtml", data: noise(50_000) }]),
    reason: "TOO_LARGE",
    file: "a.xhtml",
    limits: SMALL,
  },
  {
    name: "a zip inside the nested zip",
    nested: () =>
      zipBytes([
        { name: "a.xhtml", data: page },
        { name: "deeper.zip", data: GOOD },
      ]),
    reason: "NESTED_TOO_DEEP",
    file: "deeper.zip",
  },
  { name: "a zip named .xhtml", nested: () => zipBytes([{ name: "a.xhtml", data: GOOD }]), reason: "NESTED_TOO_DEEP", file: "a.xhtml" },
  ...["../a.xhtml", "x/../../a.xhtml", "/etc/a.xhtml", "a\\b.xhtml", "C:a.xhtml", "a\u0000.xhtml", "a\n.xhtml"].map((name): Case => ({
    name: `path ${JSON.stringify(name)}`,
    nested: () => zipBytes([{ name, data: page }]),
    reason: "PATH_TRAVERSAL",
    file: name,
  })),
  {
    name: "an entry name that is not UTF-8 under the UTF-8 flag",
    nested: () => withNameBytes(zipBytes([{ name: "a_.xhtml", data: page }]), 0, Uint8Array.from([0x61, 0xc3]), "both"),
    reason: "BAD_NAME",
    file: "a\ufffd.xhtml",
  },
  { name: "an encrypted entry", nested: () => withFlags(twoPages({}), 1, 0x0801), reason: "ENCRYPTED", file: "b.xhtml" },
  { name: "compression method 12 (bzip2)", nested: () => withMethod(twoPages({}), 1, 12), reason: "UNSUPPORTED_METHOD", file: "b.xhtml" },
  { name: "a wrong CRC", nested: () => twoPages({ declaredCrc: 0xdeadbeef }), reason: "CRC_MISMATCH", file: "b.xhtml" },
  {
    name: "a wrong uncompressed size",
    nested: () => twoPages({ declaredSize: page.length + 7 }),
    reason: "SIZE_MISMATCH",
    file: "b.xhtml",
  },
  {
    name: "entries overlapping",
    nested: () => withLocalOffset(twoPages({}), 1, 0),
    reason: "CORRUPT_ZIP",
    file: "a.xhtml",
    message: /overlaps the next entry/,
  },
  {
    name: "an entry pointing outside the file",
    nested: () => withLocalOffset(twoPages({}), 1, 0x7fff_0000),
    reason: "CORRUPT_ZIP",
    file: "b.xhtml",
    message: /runs into the central directory/,
  },
  {
    name: "no local header where the directory points",
    nested: () => patchZip(twoPages({}), (view, { local }) => view.setUint32(local[1]!, 0, true)),
    reason: "CORRUPT_ZIP",
    file: "b.xhtml",
    message: /no local header/,
  },
  {
    name: "a local header naming another file",
    nested: () => withNameBytes(twoPages({}), 1, text("c.xhtml"), "local"),
    reason: "CORRUPT_ZIP",
    file: "b.xhtml",
  },
  {
    name: "data that do not inflate",
    nested: () => withMethod(zipBytes([{ name: "a.xhtml", data: Uint8Array.from([7, 0, 0]), method: "store" }]), 0, 8),
    reason: "CORRUPT_ZIP",
    file: "a.xhtml",
  },
  { name: "not a zip", nested: () => page, reason: "CORRUPT_ZIP", file: null },
  { name: "a truncated zip", nested: () => twoPages({}).subarray(0, 400), reason: "CORRUPT_ZIP", file: null },
  {
    name: "two entries with one name",
    nested: () =>
      zipBytes([
        { name: "a.xhtml", data: page },
        { name: "a.xhtml", data: text("<html/>") },
      ]),
    reason: "DUPLICATE_NAME",
    file: "a.xhtml",
  },
  { name: "no .xhtml", nested: () => zipBytes([{ name: "readme.txt", data: page }]), reason: "NO_DOCUMENT", file: null },
  { name: "an empty zip", nested: () => zipBytes([]), reason: "NO_DOCUMENT", file: null },
];

let archives = 0;

/** The results of an outer archive [good, hostile, good], and how long the hostile one took (wall and CPU). */
async function readBetweenGoodOnes(nested: Uint8Array, limits: ArchiveLimits) {
  const file = path.join(work, `0${++archives}_1.zip`);
  const writer = await ZipFileWriter.open(file);
  await writer.add({ name: "5560187493_2025-06-30.zip", data: GOOD });
  // Stored: deflating the outer entry could make the outer archive's own ratio check refuse it first.
  await writer.add({ name: HOSTILE_INNER, data: nested, method: "store" });
  await writer.add({ name: "5566778899_2025-06-30.zip", data: GOOD });
  await writer.close();
  const results: (FiledReport | ArchiveRefusal)[] = [];
  const iterator = readArchive(file, limits);
  let hostileMs = 0;
  let hostileCpuMs = 0;
  for (;;) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const step = await iterator.next();
    if (results.length === 1) {
      hostileMs = performance.now() - started;
      const used = process.cpuUsage(cpu);
      hostileCpuMs = (used.user + used.system) / 1000;
    }
    if (step.done) break;
    results.push(step.value);
  }
  return { results, hostileMs, hostileCpuMs };
}

describe("refusing a hostile nested zip, then going on", () => {
  it.each(CASES)("$name → $reason", async ({ nested, reason, file, limits, message }) => {
    const { results, hostileMs, hostileCpuMs } = await readBetweenGoodOnes(nested(), limits ?? DEFAULT_ARCHIVE_LIMITS);
    expect(results).toHaveLength(3);
    expect(results[1]).toMatchObject({ refused: true, inner: HOSTILE_INNER, reason, file });
    expect((results[1] as ArchiveRefusal).message).toMatch(message ?? /./);
    expect(results[0]).toMatchObject({ orgNoFromName: "556018-7493" });
    expect(results[2]).toMatchObject({ orgNoFromName: "556677-8899", documents: [{ file: "arsredovisning.xhtml" }] });
    expect(hostileCpuMs).toBeLessThan(1000);
    expect(hostileMs).toBeLessThan(5000);
  });
});
