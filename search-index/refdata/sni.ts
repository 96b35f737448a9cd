/** SNI 2007 (Swedish Standard Industrial Classification), Källa: SCB. Codes are stored without dots. */
import sniRows from "./data/sni.json" with { type: "json" };
import { buildAncestors, buildForest, type RefNode } from "./ref-node";

const rows = sniRows as [string, string, string][];

/** Sections A–U → divisions "01" → groups "011" → classes "0111" → detail groups "01110". */
export const sniTree: RefNode[] = buildForest(rows);

/** Swedish title of every SNI code at every level. */
export const sniCodeToText: Readonly<Record<string, string>> = Object.fromEntries(rows.map(([code, , text]) => [code, text]));

const ancestors = buildAncestors(rows);

/** Ancestors from the top: "01110" → ["A", "01", "011", "0111"]; [] for a section or an unknown code. */
export function sniCodeToAncestors(code: string): string[] {
  return [...(ancestors.get(code) ?? [])];
}

/** All 821 detail-group codes (5 digits), in classification order. */
export const sniDetailGroupCodes: readonly string[] = rows.filter(([code]) => code.length === 5).map(([code]) => code);

export function isSniCode(code: string): boolean {
  return ancestors.has(code);
}

/** The section letter (top-level group) of any SNI code, or null when unknown. */
export function sniSectionOf(code: string): string | null {
  if (!ancestors.has(code)) return null;
  return ancestors.get(code)?.[0] ?? code;
}

/** Official notation with a dot after two digits: "01110" → "01.110", "0111" → "01.11", "011" → "01.1". */
export function formatSniCode(code: string): string {
  return /^\d{3,5}$/.test(code) ? `${code.slice(0, 2)}.${code.slice(2)}` : code;
}

/** Accepts "01.110", "01110", " 01.11 " and returns the stored form ("01110", "0111"). */
export function parseSniCode(input: string): string {
  return input.trim().replace(/\./g, "").toUpperCase();
}
