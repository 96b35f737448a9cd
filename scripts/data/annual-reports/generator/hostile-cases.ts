/**
 * Hostile nested zips for the annual-report loader, each with the refusal reason a correct loader gives it: zip
 * bombs, a zip inside the nested zip, entry names that escape the archive, a DTD with entity expansion, a document
 * over 50 MiB, bytes that are not UTF-8, a document of another company than the zip's name says, and badly named
 * zips. Each case is built from an ordinary generated report (`ReportJob`), so only the hostile part is unusual.
 */
import { constants, crc32, deflateRawSync } from "node:zlib";
import { writeZip } from "#scripts/fixtures/zip-writer";
import { Rng } from "../../generator/random";
import { zipBytes, type ZipEntryInput } from "../archive/zip-writer";
import { renderAnnualReport } from "./ixbrl-document";
import { documentName, type ReportJob } from "./report-plan";

const MIB = 1024 * 1024;
/** The bomb's document: 256 MiB of spaces, about 256 kB deflated (past every cap, and small enough for git). */
export const BOMB_BYTES = 256 * MIB;
/** Under the document and nested-zip caps, but a thousand to one: refused for its ratio alone. */
const RATIO_BOMB_BYTES = 40 * MIB;
/** Over the 50 MiB document cap, at a ratio below the bomb's. */
const LARGE_DOCUMENT_BYTES = 51 * MIB;

export interface HostileCase {
  /** The outer archive's entry: the nested zip's name. */
  inner: string;
  /** The file inside the nested zip at fault, or null when the nested zip as a whole is. */
  file: string | null;
  reason: string;
  description: string;
  /** The outer archive entry to write. */
  entry: ZipEntryInput;
  /** "outer": the case is about the outer archive's entry, and goes into an archive of its own. */
  level: "nested" | "outer";
}

const encode = (text: string) => new TextEncoder().encode(text);
const reportName = (job: ReportJob) => documentName(job, "arsredovisning");
const reportBytes = (job: ReportJob) => encode(renderAnnualReport(job.input));
const nested = (entries: ZipEntryInput[]) => zipBytes(entries);

/**
 * A nested zip whose document inflates to `size` bytes of one repeated byte: a 1 MiB block deflated once with a sync
 * flush (byte-aligned, no final bit) repeated, then an empty final block. Nothing of `size` bytes is ever allocated.
 */
export function bombZip(name: string, size: number): Uint8Array {
  const chunk = Buffer.alloc(MIB, 0x20);
  const block = deflateRawSync(chunk, { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  const blocks = Math.ceil(size / MIB);
  let crc = 0;
  for (let i = 0; i < blocks; i++) crc = crc32(chunk, crc);
  const stored = Buffer.concat([...Array.from({ length: blocks }, () => block), deflateRawSync(Buffer.alloc(0))]);
  return new Uint8Array(writeZip([{ name, stored, method: 8, crc, uncompressedSize: blocks * MIB }]));
}

/** Billion laughs: ten levels of ten-fold entities, used in the company name. */
function billionLaughs(job: ReportJob): Uint8Array {
  const entities = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? "" : i};`.repeat(10)}">`);
  const dtd = `<!DOCTYPE html [\n<!ENTITY lol "lol">\n${entities.join("\n")}\n]>`;
  const xhtml = renderAnnualReport(job.input).replace("?>\n", `?>\n${dtd}\n`);
  return encode(xhtml.replace(/(name="se-cd-base:ForetagetsNamn" contextRef="[^"]+">)/, "$1&lol9;"));
}

/**
 * A real report padded to `size` bytes with a ledger specification of varied rows (deflates about 4 to 1), written
 * straight into one buffer of that size.
 */
function oversizedDocument(job: ReportJob, size: number): Uint8Array {
  const xhtml = renderAnnualReport(job.input);
  const at = xhtml.lastIndexOf("</body>");
  const head = Buffer.from(`${xhtml.slice(0, at)}<div class="ar-page"><h3>Specifikation till not 3</h3><table class="ar-table"><tbody>\n`);
  const tail = Buffer.from(`</tbody></table></div>\n${xhtml.slice(at)}`);
  const out = Buffer.alloc(size, 0x20);
  let offset = head.copy(out, 0);
  const rng = new Rng(job.input.seed);
  const words = ["Leverantörsfaktura", "Kundfaktura", "Löneutbetalning", "Hyra lokal", "Bankavgift", "Inventarier", "Moms", "Resor"];
  const row = () =>
    `<tr><td class="label">Ver ${rng.int(100000, 999999)} ${rng.pick(words)} ${rng.pick(words).toLowerCase()}</td><td>${rng.int(1, 999)} ${rng.int(100, 999)}</td><td>${rng.int(2020, 2025)}-${rng.int(10, 12)}-${rng.int(10, 28)}</td></tr>\n`;
  // A page of rows that recurs, with one new row after each: about 150:1 deflated, so the case is the document's size
  // (over the 50 MiB cap) and not its ratio (a bomb's), and the fixture stays a few hundred kilobytes.
  const page = Array.from({ length: 70 }, row).join("");
  for (;;) {
    const text = page + row();
    if (offset + Buffer.byteLength(text) + tail.length > size) break;
    offset += out.write(text, offset, "utf8");
  }
  tail.copy(out, size - tail.length);
  return new Uint8Array(out.buffer, out.byteOffset, out.length);
}

/** The report with the "ä" of "Förvaltningsberättelse" as the Latin-1 byte 0xE4, under a UTF-8 declaration. */
function brokenUtf8(job: ReportJob): Uint8Array {
  const bytes = Buffer.from(renderAnnualReport(job.input), "utf8");
  const at = bytes.indexOf(Buffer.from("<h2>Förvaltningsberättelse</h2>", "utf8"));
  const word = Buffer.from("Förvaltningsberättelse", "utf8");
  const latin1 = Buffer.from("Förvaltningsberättelse", "latin1");
  return new Uint8Array(Buffer.concat([bytes.subarray(0, at + 4), latin1, bytes.subarray(at + 4 + word.length)]));
}

const store = (inner: string, data: Uint8Array): ZipEntryInput => ({ name: inner, data, method: "store" });

/** The nested-level cases, each using one job (its company and period) from `jobs`. */
export function nestedCases(jobs: readonly ReportJob[]): HostileCase[] {
  const job = (i: number) => jobs[i] as ReportJob;
  const make = (
    i: number,
    reason: string,
    file: string | null,
    description: string,
    data: Uint8Array,
    inner = job(i).inner,
  ): HostileCase => ({
    inner,
    file,
    reason,
    description,
    entry: store(inner, data),
    level: "nested",
  });
  const doc = (i: number) => ({ name: reportName(job(i)), data: reportBytes(job(i)) });
  const deep = nested([doc(1)]);
  return [
    make(
      0,
      "ZIP_BOMB",
      reportName(job(0)),
      "zip bomb: a 256 MiB document of one repeated byte, about 256 kB deflated",
      bombZip(reportName(job(0)), BOMB_BYTES),
    ),
    make(
      1,
      "ZIP_BOMB",
      reportName(job(1)),
      "zip bomb under the size caps: 40 MiB of one byte deflated a thousand to one",
      bombZip(reportName(job(1)), RATIO_BOMB_BYTES),
    ),
    make(
      2,
      "NESTED_TOO_DEEP",
      "inner.zip",
      "a zip inside the nested zip (holding a good report)",
      nested([{ name: "inner.zip", data: deep, method: "store" }]),
    ),
    make(
      3,
      "NESTED_TOO_DEEP",
      reportName(job(3)),
      "a zip disguised as the .xhtml document",
      nested([{ name: reportName(job(3)), data: deep }]),
    ),
    make(4, "PATH_TRAVERSAL", "../../etc/x.xhtml", "entry name with .. segments", nested([{ ...doc(4), name: "../../etc/x.xhtml" }])),
    make(5, "PATH_TRAVERSAL", "/abs.xhtml", "absolute entry name", nested([{ ...doc(5), name: "/abs.xhtml" }])),
    make(6, "PATH_TRAVERSAL", "a\\..\\b.xhtml", "entry name with backslashes and ..", nested([{ ...doc(6), name: "a\\..\\b.xhtml" }])),
    make(
      7,
      "DTD",
      reportName(job(7)),
      "a DTD with billion-laughs entity expansion in the company name",
      nested([{ name: reportName(job(7)), data: billionLaughs(job(7)) }]),
    ),
    make(
      8,
      "TOO_LARGE",
      reportName(job(8)),
      "a 51 MiB document (a report with a long ledger specification), deflated about 4:1",
      nested([{ name: reportName(job(8)), data: oversizedDocument(job(8), LARGE_DOCUMENT_BYTES) }]),
    ),
    make(
      9,
      "BAD_ENCODING",
      reportName(job(9)),
      "Latin-1 bytes in a document declared UTF-8",
      nested([{ name: reportName(job(9)), data: brokenUtf8(job(9)) }]),
    ),
    make(
      10,
      "ORGNR_MISMATCH",
      reportName(job(11)),
      `the zip is named for ${job(10).orgNo} but holds the report of ${job(11).orgNo}`,
      nested([doc(11)]),
      job(10).inner,
    ),
    make(
      12,
      "BAD_NAME",
      null,
      "a nested zip not named <orgnr>_<date>.zip",
      nested([doc(12)]),
      `arsredovisning-${job(12).periodEnd.slice(0, 4)}.zip`,
    ),
    make(
      13,
      "BAD_NAME",
      null,
      "a nested zip whose organisation number fails the check digit",
      nested([doc(13)]),
      badCheckDigit(job(13).inner),
    ),
  ];
}

/** The outer-level cases: a traversing entry name in the outer archive, and a nested zip that is itself a bomb. */
export function outerCases(jobs: readonly ReportJob[]): HostileCase[] {
  const [traversing, bomb] = [jobs[0] as ReportJob, jobs[1] as ReportJob];
  const good = nested([{ name: reportName(traversing), data: reportBytes(traversing) }]);
  const padded = nested([{ name: reportName(bomb), data: new Uint8Array(RATIO_BOMB_BYTES).fill(0x20), method: "store" }]);
  return [
    {
      inner: `../../${traversing.inner}`,
      file: null,
      reason: "PATH_TRAVERSAL",
      description: "an outer archive entry named with .. segments (holding a good report)",
      entry: store(`../../${traversing.inner}`, good),
      level: "outer",
    },
    {
      inner: bomb.inner,
      file: null,
      reason: "ZIP_BOMB",
      description: "a nested zip storing 40 MiB of one byte, deflated a thousand to one in the outer archive",
      entry: { name: bomb.inner, data: padded, method: "deflate" },
      level: "outer",
    },
  ];
}

/** The same name with its check digit changed, so the organisation number is invalid. */
function badCheckDigit(inner: string): string {
  const digit = Number(inner[9]);
  return `${inner.slice(0, 9)}${(digit + 5) % 10}${inner.slice(10)}`;
}

export const NESTED_CASE_JOBS = 14;
export const OUTER_CASE_JOBS = 2;
