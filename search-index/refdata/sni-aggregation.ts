/** Company count per top-level SNI group (section) for the start page, from source records (tests and tooling). */
import { sniSectionOf, sniTree } from "./sni";

export interface SniAggregationEntry {
  code: string;
  text: string;
  count: number;
}

/** Counts each company once under the section of its main (first) SNI code; every section is listed. */
export function computeSniAggregation(companies: Iterable<{ sniCodes: readonly string[] }>): SniAggregationEntry[] {
  const counts = new Map<string, number>();
  for (const company of companies) {
    const main = company.sniCodes[0];
    const section = main === undefined ? null : sniSectionOf(main);
    if (section) counts.set(section, (counts.get(section) ?? 0) + 1);
  }
  return sniTree.map((node) => ({ code: node.code, text: node.text, count: counts.get(node.code) ?? 0 }));
}
