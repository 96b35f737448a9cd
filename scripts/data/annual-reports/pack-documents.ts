/**
 * The filed documents in packs for R2 (docs/decisions/0050): the annual-report loader's gzip members copied, in report
 * order and once per document, into files of at most 64 MiB, each named by the SHA-256 of its own bytes. A report
 * names its document by the document's SHA-256 and where it lies: pack, offset and length. Storing 300 000 documents
 * one object each took the local R2 about 13 minutes (374 objects/s, measured); a few dozen packs take seconds, and
 * a pack whose bytes did not change since the last load is already stored under its name.
 */
import { createHash } from "node:crypto";
import { closeSync, mkdirSync, openSync, readSync, renameSync, writeSync } from "node:fs";
import path from "node:path";
import { readAnnualReportLines } from "./load-annual-reports";

export interface PackedDocument {
  /** SHA-256 (hex) of the pack's bytes: its file name, and its R2 key annual-reports/packs/<pack>.bin. */
  pack: string;
  offset: number;
  length: number;
}

export const MAX_PACK_BYTES = 64 * 2 ** 20;

/** Packs the documents of the loader's output `annualDir` into `packsDir`; where each document (by SHA-256) went. */
export async function packDocuments(
  annualDir: string,
  packsDir: string,
  maxPackBytes = MAX_PACK_BYTES,
): Promise<Map<string, PackedDocument>> {
  mkdirSync(packsDir, { recursive: true });
  const source = openSync(path.join(annualDir, "documents.bin"), "r");
  const placed = new Map<string, PackedDocument>();
  let pending: { sha256: string; offset: number; length: number }[] = [];
  const seen = new Set<string>();
  let hash = createHash("sha256");
  let size = 0;
  let file = -1;
  const tmp = path.join(packsDir, "pack.partial");
  const close = () => {
    if (file < 0) return;
    closeSync(file);
    file = -1;
    const pack = hash.digest("hex");
    renameSync(tmp, path.join(packsDir, `${pack}.bin`));
    for (const document of pending) placed.set(document.sha256, { pack, offset: document.offset, length: document.length });
    pending = [];
    hash = createHash("sha256");
    size = 0;
  };
  try {
    for await (const line of readAnnualReportLines(annualDir)) {
      const { sha256, offset, length } = line.document;
      if (seen.has(sha256)) continue;
      seen.add(sha256);
      if (size > 0 && size + length > maxPackBytes) close();
      if (file < 0) file = openSync(tmp, "w");
      const bytes = Buffer.allocUnsafe(length);
      if (readSync(source, bytes, 0, length, offset) !== length) throw new Error(`${annualDir}/documents.bin ends before ${sha256}`);
      writeSync(file, bytes);
      hash.update(bytes);
      pending.push({ sha256, offset: size, length });
      size += length;
    }
    close();
  } finally {
    closeSync(source);
    if (file >= 0) closeSync(file);
  }
  return placed;
}
