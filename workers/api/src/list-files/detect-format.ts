/**
 * What a file claims to be (its extension) and what it is (its first bytes). The content decides the reader; the
 * claim only has to belong to the same family, so a file that is not what it claims is refused before any parsing.
 */

export type ClaimedKind = "excel" | "word" | "text";
export type ContentKind = "zip" | "ole" | "binary" | "text";

const EXTENSION_KINDS: Record<string, ClaimedKind> = {
  xlsx: "excel",
  xls: "excel",
  docx: "word",
  txt: "text",
  csv: "text",
  tsv: "text",
};

/** The accepted extensions of spec §5 (.txt, .csv, .tsv, .xls, .xlsx, .docx), case-insensitive; null for anything else. */
export function claimedKind(name: string): ClaimedKind | null {
  const extension = /\.([A-Za-z0-9]{1,8})$/.exec(name.trim())?.[1]?.toLowerCase();
  return (extension && EXTENSION_KINDS[extension]) || null;
}

/** The extension as the user wrote it, for messages ("XLSX" → ".xlsx"). */
export const extensionOf = (name: string) => (/\.[A-Za-z0-9]{1,8}$/.exec(name.trim())?.[0] ?? "").toLowerCase();

const startsWith = (bytes: Uint8Array, signature: readonly number[]) => signature.every((b, i) => bytes[i] === b);

const ZIP_SIGNATURES = [
  [0x50, 0x4b, 0x03, 0x04],
  [0x50, 0x4b, 0x05, 0x06],
  [0x50, 0x4b, 0x07, 0x08],
] as const;
const OLE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] as const;
/** Common binary formats that a text decoder might otherwise accept: PDF, PNG, JPEG, GIF, gzip, RAR, 7z, ELF, PE, SQLite. */
const BINARY_SIGNATURES: readonly (readonly number[])[] = [
  [0x25, 0x50, 0x44, 0x46, 0x2d],
  [0x89, 0x50, 0x4e, 0x47],
  [0xff, 0xd8, 0xff],
  [0x47, 0x49, 0x46, 0x38],
  [0x1f, 0x8b],
  [0x52, 0x61, 0x72, 0x21],
  [0x37, 0x7a, 0xbc, 0xaf],
  [0x7f, 0x45, 0x4c, 0x46],
  [0x4d, 0x5a, 0x90, 0x00],
  [0x53, 0x51, 0x4c, 0x69, 0x74, 0x65],
];

export function sniffContent(bytes: Uint8Array): ContentKind {
  if (ZIP_SIGNATURES.some((s) => startsWith(bytes, s))) return "zip";
  if (startsWith(bytes, OLE_SIGNATURE)) return "ole";
  if (BINARY_SIGNATURES.some((s) => startsWith(bytes, s))) return "binary";
  return "text";
}
