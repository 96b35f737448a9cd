/** Search words per SNI detail group and the tree search behind "Redigera bransch". */
import keywordData from "./data/sni-keywords.json" with { type: "json" };
import { parseSniCode, sniCodeToText } from "./sni";

/**
 * Swedish search words per detail group: a curated list of everyday trade words (frisör, snickare, åkeri, …; see
 * sources/curated-trade-words.csv) followed by the meaningful words of the detail group's own title.
 */
export const sniDetailGroupToKeywords: Readonly<Record<string, readonly string[]>> = keywordData as Record<string, string[]>;

const KEEP = new Set(["å", "ä", "ö"]);

/** Lower-case (Swedish rules) and strip accents except on å, ä, ö, which are letters of their own. */
export function normalizeSearchText(text: string): string {
  let out = "";
  for (const ch of text.toLocaleLowerCase("sv").normalize("NFC")) {
    out += KEEP.has(ch) ? ch : ch.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  }
  return out.replace(/\s+/g, " ").trim();
}

interface Searchable {
  code: string;
  title: string;
  keywords: readonly string[];
}

const searchables: Searchable[] = Object.entries(sniCodeToText).map(([code, text]) => ({
  code,
  title: normalizeSearchText(text),
  keywords: (sniDetailGroupToKeywords[code] ?? []).map(normalizeSearchText),
}));
const order = new Map(Object.keys(sniCodeToText).map((code, i) => [code, i]));
const byClassificationOrder = (a: string, b: string) => (order.get(a) ?? 0) - (order.get(b) ?? 0);

function matchesToken(item: Searchable, token: string): boolean {
  return item.title.includes(token) || item.keywords.some((k) => k.startsWith(token) || k.includes(` ${token}`));
}

/**
 * Codes matching a query, in classification order. A query of digits (with or without the dot: "01.11", "0111")
 * selects that code and everything below it; a section letter selects the section; otherwise every word of the
 * query must occur in a code's title or start one of its search words. Callers add ancestors to show context.
 */
export function searchSniTree(query: string): string[] {
  const normalized = normalizeSearchText(query);
  if (normalized === "") return [];
  if (/^\d[\d.\s]*$/.test(normalized)) {
    const prefix = parseSniCode(normalized).replace(/\s/g, "");
    return Object.keys(sniCodeToText).filter((code) => /^\d/.test(code) && code.startsWith(prefix));
  }
  const tokens = normalized.split(" ");
  const hits = new Set(searchables.filter((item) => tokens.every((t) => matchesToken(item, t))).map((i) => i.code));
  const section = normalized.toUpperCase();
  if (/^[A-U]$/.test(section)) hits.add(section);
  return [...hits].sort(byClassificationOrder);
}
