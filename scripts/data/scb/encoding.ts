/**
 * Strict character decoding of SCB's bulk file. SCB delivers it in ISO-8859-1 (read as Windows-1252, its superset),
 * but a file that went through other tools may be UTF-8: the bytes decide. A BOM means UTF-8; otherwise the lines
 * with non-ASCII bytes vote (valid UTF-8 or not) and the majority wins. A line that disagrees with the file's
 * encoding, carries control characters (broken bytes) or shows double-encoded text ("Ã¥") is an error on that line;
 * nothing is ever replaced silently.
 */
import { isAscii, isUtf8 } from "node:buffer";
import { readByteLines } from "./byte-lines";

export type ScbEncoding = "utf-8" | "windows-1252";

export interface EncodingVerdict {
  encoding: ScbEncoding;
  hasBom: boolean;
  /** Lines with non-ASCII bytes that are valid UTF-8. */
  utf8Lines: number;
  /** Lines with non-ASCII bytes that are not valid UTF-8 (single-byte text). */
  singleByteLines: number;
}

export const ENCODING_NAMES: Record<ScbEncoding, string> = { "utf-8": "UTF-8", "windows-1252": "ISO-8859-1/Windows-1252" };

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
/** C0 controls except TAB, DEL and C1 controls: never in register text, the mark of broken bytes. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/;
/** UTF-8 text decoded once as Windows-1252 and stored again: "Ã¥" for "å", "Ã–" for "Ö". */
const DOUBLE_ENCODED = /[ÃÂ][\u00a0-\u00bf\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc\u2013-\u203a\u20ac\u2122]/;

export const hasBom = (bytes: Buffer) => bytes.subarray(0, 3).equals(BOM);

/** Pass over the bytes only: which encoding the file is in. */
export async function detectEncoding(file: string, onBytes?: (bytes: number) => void): Promise<EncodingVerdict> {
  const verdict = { hasBom: false, utf8Lines: 0, singleByteLines: 0 };
  for await (const { lineNo, bytes } of readByteLines(file, onBytes)) {
    if (lineNo === 1) verdict.hasBom = hasBom(bytes);
    if (isAscii(bytes)) continue;
    if (isUtf8(bytes)) verdict.utf8Lines++;
    else verdict.singleByteLines++;
  }
  const isUtf8File = verdict.hasBom || verdict.utf8Lines > verdict.singleByteLines;
  return { ...verdict, encoding: isUtf8File ? "utf-8" : "windows-1252" };
}

const decoders: Record<ScbEncoding, TextDecoder> = {
  "utf-8": new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }),
  "windows-1252": new TextDecoder("windows-1252"),
};

function misfit(bytes: Buffer, encoding: ScbEncoding): string | null {
  if (isAscii(bytes)) return null;
  if (encoding === "utf-8" && !isUtf8(bytes)) return "ogiltig teckenkodning: raden är inte UTF-8 som resten av filen";
  if (encoding === "windows-1252" && isUtf8(bytes))
    return "blandad teckenkodning: raden är UTF-8 men resten av filen är ISO-8859-1/Windows-1252";
  return null;
}

/** One line's text, or what is wrong with its bytes. The first line loses a UTF-8 BOM. */
export function decodeLine(bytes: Buffer, lineNo: number, encoding: ScbEncoding): { text: string } | { error: string } {
  const body = lineNo === 1 && encoding === "utf-8" && hasBom(bytes) ? bytes.subarray(3) : bytes;
  const problem = misfit(body, encoding);
  if (problem) return { error: problem };
  const text = decoders[encoding].decode(body);
  const control = CONTROL.exec(text);
  if (control)
    return { error: `otillåtet styrtecken U+${control[0].charCodeAt(0).toString(16).padStart(4, "0").toUpperCase()} (trasiga byte?)` };
  const doubled = DOUBLE_ENCODED.exec(text);
  if (doubled) return { error: `dubbelkodad text "${doubled[0]}" (UTF-8 som lästs som ISO-8859-1 och sparats igen)` };
  return { text };
}
