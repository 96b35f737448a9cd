/**
 * Decodes a document's bytes strictly: UTF-8 unless the XML declaration names ISO-8859-1 / Latin-1 / windows-1252.
 * A UTF-8 byte order mark wins over a declaration and must not contradict it. Broken bytes, another declared
 * encoding or a BOM of UTF-16 refuse the document (BAD_ENCODING); no replacement characters are ever produced.
 */
import { ReportRefusal } from "../types";

const UTF8_LABELS = new Set(["utf-8", "utf8"]);
const LATIN1_LABELS = new Set(["iso-8859-1", "iso8859-1", "latin1", "latin-1", "l1", "windows-1252", "cp1252"]);
/** The XML declaration must sit within the first bytes; 200 is ample for `<?xml version="1.0" encoding="…"?>`. */
const DECLARATION_WINDOW = 200;

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
// WHATWG maps ISO-8859-1 to windows-1252 (its superset); every byte decodes, so `fatal` never fires there.
const latin1 = new TextDecoder("windows-1252", { fatal: true });

export function decodeDocument(bytes: Uint8Array): string {
  const hasUtf8Bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  if ((bytes[0] === 0xfe && bytes[1] === 0xff) || (bytes[0] === 0xff && bytes[1] === 0xfe)) {
    throw new ReportRefusal("BAD_ENCODING", "UTF-16 is not accepted");
  }
  const declared = declaredEncoding(bytes, hasUtf8Bom ? 3 : 0);
  if (declared !== null && !UTF8_LABELS.has(declared) && (hasUtf8Bom || !LATIN1_LABELS.has(declared))) {
    throw new ReportRefusal("BAD_ENCODING", `unsupported encoding "${declared}"${hasUtf8Bom ? " after a UTF-8 byte order mark" : ""}`);
  }
  const decoder = declared !== null && LATIN1_LABELS.has(declared) ? latin1 : utf8;
  try {
    return decoder.decode(bytes);
  } catch {
    throw new ReportRefusal("BAD_ENCODING", "the bytes are not valid UTF-8");
  }
}

/** The lower-cased `encoding` pseudo-attribute of an XML declaration at `start`, or null. */
function declaredEncoding(bytes: Uint8Array, start: number): string | null {
  const head = String.fromCharCode(...bytes.subarray(start, start + DECLARATION_WINDOW));
  if (!head.startsWith("<?xml")) return null;
  const end = head.indexOf("?>");
  if (end === -1) return null;
  const match = /\sencoding\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(head.slice(0, end));
  return match ? (match[1] ?? match[2] ?? "").trim().toLowerCase() : null;
}
