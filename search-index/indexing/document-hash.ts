/**
 * Bevakning's document hash (docs/decisions/0024): cyrb53 (public domain), a fast 53-bit string hash of a company's
 * packed source document, good enough to tell documents apart (not cryptographic). Both backends hash the same text
 * (the D1 `doc` column, the Elasticsearch `source` field), so they find the same change set. A worksite's document
 * (its D1 `doc`, packedWorksiteText) is hashed the same way and summed into its company's change hash
 * (companyChangeHash).
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

/** 2^53: hashes are below it, and so are the worksite sums (addToSum). */
const HASH_RANGE = 2 ** 53;

/**
 * `sum + hash` modulo 2^53, exact in a double (both are below 2^53; the sum is never formed above it): the running
 * sum of a company's worksite hashes, the same whatever the order the worksites come in.
 */
export function addToSum(sum: number, hash: number): number {
  const room = HASH_RANGE - sum;
  return hash >= room ? hash - room : sum + hash;
}

/**
 * A company's hash in Bevakning's change set: its own document's hash (`companyHash`) and the sum of its worksites'
 * (each worksite's D1 `doc` text hashed with documentHash, summed with addToSum). A company without worksites (sum 0)
 * keeps its document's hash; otherwise both are mixed, so a change to a worksite alone (a move to another
 * municipality, say) changes the company's hash too.
 */
export function companyChangeHash(companyHash: number, worksitesSum: number): number {
  return worksitesSum === 0 ? companyHash : documentHash(`${companyHash}:${worksitesSum}`);
}
