/**
 * Bevakning's document hash (docs/decisions/0024): cyrb53 (public domain), a fast 53-bit string hash of a company's
 * packed source document, good enough to tell documents apart (not cryptographic). Both backends hash the same text
 * (the D1 `doc` column, the Elasticsearch `source` field), so they find the same change set.
 */
export function documentHash(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
