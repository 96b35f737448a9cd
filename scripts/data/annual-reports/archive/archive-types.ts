/**
 * What reading the bulk archives gives the annual-report loader: filed reports (one per nested ZIP, with its
 * .xhtml documents) and refusals (a report, or a whole outer archive, that could not be read safely), and the caps
 * that bound what one report may cost.
 */

export interface ArchiveLimits {
  /** Uncompressed bytes of any one entry of a nested zip (the .xhtml documents). */
  maxDocumentBytes: number;
  /** Bytes of one nested zip (an outer archive's entry uncompressed, or a loose nested zip's file). */
  maxNestedZipBytes: number;
  /** Uncompressed total of one nested zip's entries. */
  maxNestedTotalBytes: number;
  /** Uncompressed/compressed per entry, checked only above RATIO_GRACE_BYTES uncompressed. */
  maxRatio: number;
}

const MIB = 1024 * 1024;

/**
 * A filed annual report is a few hundred KiB of XHTML at most (about 30 KiB typical); embedded images as data URLs
 * can make one a few MiB. The caps are two orders of magnitude above that and low enough that a report at the caps
 * costs well under a second and 200 MiB of memory. XHTML deflates 5-15×, so a ratio of 200 flags only crafted data.
 */
export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = {
  maxDocumentBytes: 50 * MIB,
  maxNestedZipBytes: 64 * MIB,
  maxNestedTotalBytes: 128 * MIB,
  maxRatio: 200,
};

/** Entries smaller than this are never refused for their ratio (a page of repeated markup can deflate 300×). */
export const RATIO_GRACE_BYTES = MIB;

export interface FiledReport {
  /** The outer archive's file name (basename). */
  archive: string;
  /** The nested zip's name as stored, e.g. "5560187493_2025-06-30.zip" (the file name for a loose nested zip). */
  inner: string;
  /** "556018-7493" */
  orgNoFromName: string;
  /** "2025-06-30" */
  periodEndFromName: string;
  /** The .xhtml files, in archive order. */
  documents: { file: string; bytes: Uint8Array }[];
}

export type ArchiveRefusalReason =
  /** A declared ratio or total above the caps, or inflated output past a cap (the header lied about the size). */
  | "ZIP_BOMB"
  /** An entry, or a nested zip, larger than its cap. */
  | "TOO_LARGE"
  /** A zip inside the nested zip. */
  | "NESTED_TOO_DEEP"
  /** An entry name with "..", an absolute path, a backslash, a drive letter or a control character. */
  | "PATH_TRAVERSAL"
  /** A nested zip not named <orgnr>_<YYYY-MM-DD>.zip with a valid number and date, or an undecodable entry name. */
  | "BAD_NAME"
  | "ENCRYPTED"
  /** A compression method other than store (0) and deflate (8). */
  | "UNSUPPORTED_METHOD"
  | "CRC_MISMATCH"
  /** Inflated size different from the declared one. */
  | "SIZE_MISMATCH"
  /** Unreadable ZIP structure: no end record, directory out of range, overlapping entries, lying local header. */
  | "CORRUPT_ZIP"
  /** Two entries of one nested zip with the same name. */
  | "DUPLICATE_NAME"
  /** A nested zip without any .xhtml. */
  | "NO_DOCUMENT"
  /** The file could not be read (file system error). */
  | "UNREADABLE";

export interface ArchiveRefusal {
  refused: true;
  archive: string;
  /** null when the outer archive itself is unreadable. */
  inner: string | null;
  /** The inner file at fault, when one is. */
  file: string | null;
  reason: ArchiveRefusalReason;
  /** English, for the operator's load report. */
  message: string;
}
