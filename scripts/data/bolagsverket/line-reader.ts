/**
 * Reads a `;`-separated, `"`-quoted text file record by record with 1-based line numbers: strips a UTF-8 BOM,
 * decodes every line strictly (broken UTF-8 is reported, not replaced), joins lines inside an open quote.
 */
import { createReadStream } from "node:fs";

export type LineResult = { lineNo: number; text: string } | { lineNo: number; error: string };

const NEWLINE = 0x0a;

async function* rawLines(file: string, onBytes?: (bytes: number) => void): AsyncGenerator<Buffer> {
  let rest: Buffer = Buffer.alloc(0);
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    onBytes?.(chunk.length);
    let data = rest.length > 0 ? Buffer.concat([rest, chunk]) : chunk;
    let start = 0;
    for (let i = data.indexOf(NEWLINE); i !== -1; i = data.indexOf(NEWLINE, start)) {
      yield data.subarray(start, i);
      start = i + 1;
    }
    rest = Buffer.from(data.subarray(start));
    data = Buffer.alloc(0);
  }
  if (rest.length > 0) yield rest;
}

function countQuotes(text: string): number {
  let n = 0;
  for (let i = text.indexOf('"'); i !== -1; i = text.indexOf('"', i + 1)) n++;
  return n;
}

/** Yields logical records; a record whose quotes stay open continues on the next physical line. */
export async function* readRecords(file: string, onBytes?: (bytes: number) => void): AsyncGenerator<LineResult> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let physical = 0;
  let pending: { lineNo: number; text: string } | null = null;
  for await (const raw of rawLines(file, onBytes)) {
    physical++;
    let text: string;
    try {
      text = decoder.decode(raw).replace(/\r$/, "");
    } catch {
      pending = null;
      yield { lineNo: physical, error: "ogiltig teckenkodning (inte UTF-8)" };
      continue;
    }
    if (physical === 1) text = text.replace(/^\uFEFF/, "");
    const current: { lineNo: number; text: string } = pending
      ? { lineNo: pending.lineNo, text: `${pending.text}\n${text}` }
      : { lineNo: physical, text };
    if (countQuotes(current.text) % 2 === 1) {
      pending = current;
      continue;
    }
    pending = null;
    if (current.text.trim() !== "") yield current;
  }
  if (pending) yield { lineNo: pending.lineNo, error: "citattecken stängs aldrig" };
}

/** Splits one record into fields: `;` separated, fields optionally quoted with `"`, `""` inside quotes. */
export function splitFields(text: string): string[] | null {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    let field = "";
    if (text[i] === '"') {
      i++;
      for (;;) {
        const close = text.indexOf('"', i);
        if (close === -1) return null;
        field += text.slice(i, close);
        if (text[close + 1] === '"') {
          field += '"';
          i = close + 2;
        } else {
          i = close + 1;
          break;
        }
      }
    } else {
      const end = text.indexOf(";", i);
      field = end === -1 ? text.slice(i) : text.slice(i, end);
      if (field.includes('"')) return null;
      i = end === -1 ? text.length : end;
    }
    fields.push(field);
    if (i >= text.length) return fields;
    if (text[i] !== ";") return null;
    i++;
  }
}
