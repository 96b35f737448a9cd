import { MAX_LIST_FILE_BYTES } from "#shared/api-contracts/list-files";

/** Hard limits for one uploaded list file (issue 10; see docs/decisions on list-file parsing). */
export const LIST_FILE_LIMITS = {
  /** Bytes per uploaded file. */
  maxFileBytes: MAX_LIST_FILE_BYTES,
  /** Number-shaped occurrences (valid or not) per file. */
  maxNumbers: 1_000_000,
  /** Entries in a zip container's central directory (real .xlsx/.docx files have a few dozen). */
  maxZipEntries: 2_000,
  /** Inflated bytes over all entries we read from one zip container. */
  maxInflatedBytes: 256 * 1024 * 1024,
  /** Inflated ÷ compressed bytes of one entry (Apache POI's zip-bomb default, 1 / 0.01)… */
  maxCompressionRatio: 100,
  /** …enforced once an entry has inflated past this many bytes, so tiny highly compressible entries pass. */
  ratioGraceBytes: 1024 * 1024,
  /** Value cells of a legacy .xls: SheetJS holds about 1 kB of heap per cell, and an isolate has 128 MB. */
  maxXlsCells: 40_000,
  /** Characters of one sheet row, shared string or paragraph before the file is refused. */
  maxUnitChars: 8 * 1024 * 1024,
} as const;
