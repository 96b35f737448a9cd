/**
 * Streaming, regex-only reading of OOXML parts: no XML parser and no DTD. Inflated bytes arrive in chunks; the text is
 * cut after each closing tag of one unit (a sheet row, a shared string, a paragraph), each complete unit is handed on,
 * and only the unfinished tail is kept. Any DOCTYPE or ENTITY declaration refuses the file outright (XXE, billion laughs).
 */
import { LIST_FILE_LIMITS } from "./limits";

export class XmlRefusal extends Error {
  constructor(
    readonly reason: "dtd" | "unreadable",
    detail: string,
  ) {
    super(detail);
    this.name = "XmlRefusal";
  }
}

const DECLARATION = /<!\s*(?:DOCTYPE|ENTITY)/i;
/** Longest text that can straddle a chunk boundary and still need to be seen whole ("<!DOCTYPE", a closing tag). */
const OVERLAP = 64;

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** Replaces the five predefined entities and numeric character references; anything else is left as written. */
export function decodeXmlText(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|amp|lt|gt|quot|apos);/g, (whole, ref: string) => {
    if (ref[0] !== "#") return NAMED_ENTITIES[ref] ?? whole;
    const code = ref[1] === "x" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** Splits a part's XML into units ending with `</prefix:localName>` (any namespace prefix). */
export class XmlUnitSplitter {
  private readonly decoder = new TextDecoder("utf-8");
  private readonly closing: RegExp;
  private buffer = "";

  constructor(
    localName: string,
    private readonly onUnit: (xml: string) => void,
  ) {
    this.closing = new RegExp(`</(?:[\\w.-]+:)?${localName}\\s*>`, "g");
  }

  push(bytes: Uint8Array): void {
    this.feed(this.decoder.decode(bytes, { stream: true }));
  }

  end(): void {
    this.feed(this.decoder.decode());
    if (DECLARATION.test(this.buffer)) throw new XmlRefusal("dtd", "DOCTYPE or ENTITY declaration");
    this.buffer = "";
  }

  private feed(text: string): void {
    if (text.length === 0) return;
    const from = Math.max(0, this.buffer.length - OVERLAP);
    this.buffer += text;
    const window = this.buffer.slice(from);
    if (DECLARATION.test(window)) throw new XmlRefusal("dtd", "DOCTYPE or ENTITY declaration");
    this.closing.lastIndex = from;
    let cut = 0;
    for (let m = this.closing.exec(this.buffer); m !== null; m = this.closing.exec(this.buffer)) {
      const end = m.index + m[0].length;
      this.onUnit(this.buffer.slice(cut, end));
      cut = end;
    }
    if (cut > 0) this.buffer = this.buffer.slice(cut);
    if (this.buffer.length > LIST_FILE_LIMITS.maxUnitChars) throw new XmlRefusal("unreadable", "unit too long");
  }
}
