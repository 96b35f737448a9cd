/**
 * References in XML text and attribute values. Only the five predefined entities (&lt; &gt; &amp; &quot; &apos;)
 * and numeric character references are expanded; any other entity reference is refused ("ENTITY"), since no
 * document type declaration is ever read that could define one. A bare '&' is not XML ("NOT_XML").
 */
import { ReportRefusal } from "../types";

const PREDEFINED = new Map([
  ["lt", "<"],
  ["gt", ">"],
  ["amp", "&"],
  ["quot", '"'],
  ["apos", "'"],
]);
/** What may start an entity name (XML allows more letters; all of them are refused as entities alike). */
const NAME_START = /^[A-Za-z_:\u00c0-\uffff]/;
/** Longest reference looked at: "&#x10FFFF;" and the predefined names fit; bounds the scan on hostile input. */
const MAX_REFERENCE = 12;

export function notXml(message: string): ReportRefusal {
  return new ReportRefusal("NOT_XML", message);
}

/** Replaces the references in text or an attribute value. */
export function decodeReferences(raw: string): string {
  let amp = raw.indexOf("&");
  if (amp === -1) return raw;
  let out = "";
  let from = 0;
  while (amp !== -1) {
    const semi = raw.indexOf(";", amp + 1);
    if (semi === -1 || semi - amp > MAX_REFERENCE) {
      const name = raw.slice(amp + 1, amp + 1 + MAX_REFERENCE);
      throw NAME_START.test(name) ? new ReportRefusal("ENTITY", `entity reference "&${name}…"`) : notXml("a bare '&'");
    }
    const name = raw.slice(amp + 1, semi);
    out += raw.slice(from, amp) + referenceText(name);
    from = semi + 1;
    amp = raw.indexOf("&", from);
  }
  return out + raw.slice(from);
}

function referenceText(name: string): string {
  const predefined = PREDEFINED.get(name);
  if (predefined !== undefined) return predefined;
  if (name.charCodeAt(0) !== 35) {
    throw NAME_START.test(name) ? new ReportRefusal("ENTITY", `entity reference "&${name};"`) : notXml(`a broken reference "&${name};"`);
  }
  const hex = name[1] === "x";
  const digits = name.slice(hex ? 2 : 1);
  const code = digits.length > 0 && (hex ? /^[0-9A-Fa-f]+$/ : /^[0-9]+$/).test(digits) ? parseInt(digits, hex ? 16 : 10) : NaN;
  const allowed = code === 9 || code === 10 || code === 13 || (code >= 32 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff));
  if (!allowed) throw notXml(`character reference "&${name};"`);
  return String.fromCodePoint(code);
}
