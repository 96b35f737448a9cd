/**
 * A small, safe, namespace-aware XML tokenizer: one pass with indexOf and character codes, no regular expression
 * over the input, no DOM. It refuses what could make a parser unsafe or slow: any document type declaration
 * ("DTD", so no entity can be declared or expanded), any entity reference other than the five predefined ones and
 * numeric character references ("ENTITY", see xml-references.ts), and elements nested deeper than MAX_DEPTH
 * ("TOO_DEEP": no page needs it, and it would let a small document build a large stack). Anything not well-formed
 * (mismatched or unclosed tags, no root element, text or a second element outside the root, an undeclared prefix,
 * a broken tag) is refused as "NOT_XML". Comments and processing instructions are skipped; CDATA sections are text.
 */
import { ReportRefusal } from "../types";
import { decodeReferences, notXml } from "./xml-references";

export interface QName {
  /** The namespace URI the prefix is bound to ("" for none). */
  ns: string;
  local: string;
}

export interface NamespaceScope {
  /** Resolves a QName written in content or an attribute value (e.g. "iso4217:SEK") with the bindings in scope. */
  resolve(qname: string): QName | null;
}

/** The start tag being reported: valid only during the startElement call. */
export interface StartTag extends NamespaceScope {
  readonly ns: string;
  readonly local: string;
  /** The value (references decoded) of the attribute with this namespace ("" for none) and local name, or null. */
  attribute(ns: string, local: string): string | null;
}

export interface XmlHandler {
  startElement(tag: StartTag): void;
  /** Called while the element's own namespace bindings are still in scope. */
  endElement(scope: NamespaceScope): void;
  text(text: string): void;
  /** Whether text is wanted now; when false, text is only checked, never sliced out. */
  readonly wantsText: boolean;
}

const XML_NS = "http://www.w3.org/XML/1998/namespace";
export const MAX_DEPTH = 1000;

const LT = 60;
const GT = 62;
const SLASH = 47;
const EQUALS = 61;
const QUOTE = 34;
const APOSTROPHE = 39;

function isSpace(code: number): boolean {
  return code === 32 || code === 10 || code === 13 || code === 9;
}

/** Reads `source` as XML, reporting elements and text to `handler`. Runs in time linear in the input. */
export function readXml(source: string, handler: XmlHandler): void {
  new XmlReader(source, handler).read();
}

type Undo = [prefix: string, previous: string | undefined][];

class XmlReader implements StartTag {
  ns = "";
  local = "";
  private pos = 0;
  /** Position of the next '&' at or after the text being read: -1 before the first look, Infinity when none. */
  private nextAmp = -1;
  private readonly bindings = new Map<string, string>([["xml", XML_NS]]);
  /** Per open element: its name as written and the bindings it replaced (restored at its end). */
  private readonly openNames: string[] = [];
  private readonly openUndo: (Undo | null)[] = [];
  private sawRoot = false;
  /** The attributes of the start tag being read (namespace declarations excluded). */
  private readonly attrNames: string[] = [];
  private readonly attrValues: string[] = [];
  private attrCount = 0;

  constructor(
    private readonly s: string,
    private readonly handler: XmlHandler,
  ) {}

  read(): void {
    const s = this.s;
    if (s.charCodeAt(0) === 0xfeff) this.pos = 1;
    while (this.pos < s.length) {
      const lt = s.indexOf("<", this.pos);
      if (lt === -1) {
        this.text(this.pos, s.length);
        break;
      }
      if (lt > this.pos) this.text(this.pos, lt);
      const next = s.charCodeAt(lt + 1);
      if (next === SLASH) this.endTag(lt);
      else if (next === 33) this.markup(lt);
      else if (next === 63) this.pos = this.after("?>", lt + 2, "processing instruction");
      else this.startTag(lt);
    }
    if (this.openNames.length > 0) throw notXml(`<${this.openNames[this.openNames.length - 1]}> is not closed`);
    if (!this.sawRoot) throw notXml("no root element");
  }

  resolve(qname: string): QName | null {
    const colon = qname.indexOf(":");
    const prefix = colon === -1 ? "" : qname.slice(0, colon);
    const ns = this.bindings.get(prefix);
    if (ns === undefined && colon !== -1) return null;
    return { ns: ns ?? "", local: colon === -1 ? qname : qname.slice(colon + 1) };
  }

  attribute(ns: string, local: string): string | null {
    for (let k = 0; k < this.attrCount; k++) {
      const name = this.attrNames[k] as string;
      if (!name.endsWith(local)) continue;
      const colon = name.length - local.length - 1;
      if (colon === -1 ? ns === "" : name.charCodeAt(colon) === 58 && this.bindings.get(name.slice(0, colon)) === ns) {
        return this.attrValues[k] as string;
      }
    }
    return null;
  }

  private after(terminator: string, from: number, what: string): number {
    const end = this.s.indexOf(terminator, from);
    if (end === -1) throw notXml(`unterminated ${what}`);
    return end + terminator.length;
  }

  private text(from: number, to: number): void {
    const s = this.s;
    if (this.openNames.length === 0) {
      for (let i = from; i < to; i++) if (!isSpace(s.charCodeAt(i))) throw notXml("text outside the root element");
      return;
    }
    if (this.nextAmp !== Infinity && this.nextAmp < from) {
      const amp = s.indexOf("&", from);
      this.nextAmp = amp === -1 ? Infinity : amp;
    }
    if (this.nextAmp < to) {
      const decoded = decodeReferences(s.slice(from, to));
      if (this.handler.wantsText) this.handler.text(decoded);
    } else if (this.handler.wantsText) {
      this.handler.text(s.slice(from, to));
    }
  }

  private markup(lt: number): void {
    const s = this.s;
    if (s.startsWith("<!--", lt)) {
      this.pos = this.after("-->", lt + 4, "comment");
    } else if (s.startsWith("<![CDATA[", lt)) {
      if (this.openNames.length === 0) throw notXml("CDATA outside the root element");
      const end = s.indexOf("]]>", lt + 9);
      if (end === -1) throw notXml("unterminated CDATA section");
      if (this.handler.wantsText) this.handler.text(s.slice(lt + 9, end));
      this.pos = end + 3;
    } else if (s.slice(lt + 2, lt + 9).toUpperCase() === "DOCTYPE") {
      throw new ReportRefusal("DTD", "the document has a document type declaration");
    } else {
      throw notXml("unexpected markup declaration");
    }
  }

  private endTag(lt: number): void {
    const gt = this.s.indexOf(">", lt + 2);
    if (gt === -1) throw notXml("unterminated end tag");
    const name = this.s.slice(lt + 2, gt).trimEnd();
    const open = this.openNames.pop();
    if (open !== name) throw notXml(`</${name}> does not close ${open === undefined ? "any element" : `<${open}>`}`);
    this.close(this.openUndo.pop() ?? null);
    this.pos = gt + 1;
  }

  private close(undo: Undo | null): void {
    this.handler.endElement(this);
    if (undo === null) return;
    for (const [prefix, previous] of undo) {
      if (previous === undefined) this.bindings.delete(prefix);
      else this.bindings.set(prefix, previous);
    }
  }

  private startTag(lt: number): void {
    const s = this.s;
    if (this.openNames.length === 0 && this.sawRoot) throw notXml("a second root element");
    let i = this.nameEnd(lt + 1);
    const name = s.slice(lt + 1, i);
    if (name.length === 0) throw notXml("a '<' that starts no tag");
    let undo: Undo | null = null;
    let selfClosing = false;
    this.attrCount = 0;
    for (;;) {
      const before = i;
      while (isSpace(s.charCodeAt(i))) i++;
      const code = s.charCodeAt(i);
      if (code === GT) {
        i++;
        break;
      }
      if (code === SLASH && s.charCodeAt(i + 1) === GT) {
        selfClosing = true;
        i += 2;
        break;
      }
      if (i === before || Number.isNaN(code)) throw notXml(`broken tag <${name}>`);
      const nameStart = i;
      i = this.nameEnd(i);
      const attrName = s.slice(nameStart, i);
      while (isSpace(s.charCodeAt(i))) i++;
      if (attrName.length === 0 || s.charCodeAt(i) !== EQUALS) throw notXml(`broken attribute in <${name}>`);
      i++;
      while (isSpace(s.charCodeAt(i))) i++;
      const quote = s.charCodeAt(i);
      if (quote !== QUOTE && quote !== APOSTROPHE) throw notXml(`unquoted attribute ${attrName} in <${name}>`);
      const close = s.indexOf(quote === QUOTE ? '"' : "'", i + 1);
      if (close === -1) throw notXml(`unterminated attribute ${attrName} in <${name}>`);
      const rawValue = s.slice(i + 1, close);
      if (rawValue.includes("<")) throw notXml(`'<' in attribute ${attrName} of <${name}>`);
      const value = decodeReferences(rawValue);
      i = close + 1;
      if (attrName === "xmlns" || attrName.startsWith("xmlns:")) {
        const prefix = attrName.length === 5 ? "" : attrName.slice(6);
        (undo ??= []).push([prefix, this.bindings.get(prefix)]);
        this.bindings.set(prefix, value);
      } else {
        this.attrNames[this.attrCount] = attrName;
        this.attrValues[this.attrCount++] = value;
      }
    }
    this.startElement(name);
    this.pos = i;
    if (selfClosing) {
      this.close(undo);
    } else {
      this.openUndo.push(undo);
      if (this.openNames.push(name) > MAX_DEPTH) throw new ReportRefusal("TOO_DEEP", `elements nested deeper than ${MAX_DEPTH}`);
    }
  }

  /** Resolves the element and attribute prefixes, then reports the element. */
  private startElement(name: string): void {
    const colon = name.indexOf(":");
    const ns = this.bindings.get(colon === -1 ? "" : name.slice(0, colon));
    if (ns === undefined && colon !== -1) throw notXml(`undeclared prefix in <${name}>`);
    for (let k = 0; k < this.attrCount; k++) {
      const attrName = this.attrNames[k] as string;
      const attrColon = attrName.indexOf(":");
      if (attrColon !== -1 && !this.bindings.has(attrName.slice(0, attrColon))) throw notXml(`undeclared prefix in attribute ${attrName}`);
    }
    this.ns = ns ?? "";
    this.local = colon === -1 ? name : name.slice(colon + 1);
    this.sawRoot = true;
    this.handler.startElement(this);
  }

  /** The index just past a name starting at `i`: a name ends at white space, '/', '>', '=' or a quote. */
  private nameEnd(i: number): number {
    const s = this.s;
    for (; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c === GT || c === SLASH || c === EQUALS || isSpace(c)) return i;
      if (c === LT || c === QUOTE || c === APOSTROPHE) throw notXml("a broken tag");
    }
    return i;
  }
}
