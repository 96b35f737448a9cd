/**
 * Bevakning's change set (issue 16, docs/decisions/0024): one 53-bit hash per company of an index version (its own
 * document's hash mixed with the sum of its worksites' document hashes, document-hash.ts), stored beside the version
 * (R2 search-index/v<N>/hashes.bin), and the diff of two versions' hashes: the ids added, removed and changed. Only
 * ids travel further; field diffs are made later for the few ids someone watches. 1.3 M companies: 21 MB of hashes
 * per version, a linear merge of two sorted arrays.
 */
import { addToSum, companyChangeHash } from "./document-hash";
import { Growable } from "../embedded/growable";
import { lowerBound } from "../embedded/ranks";

export { documentHash } from "./document-hash";

/** Ids ascending with their hashes (parallel arrays). */
export interface DocumentHashes {
  ids: Float64Array;
  hashes: Float64Array;
}

/**
 * Collects the companies' (id, document hash) pairs and their worksites' (company id, document hash) pairs, each in
 * any order; finish() sorts the companies by id and gives each its change hash (companyChangeHash of its document's
 * hash and the sum of its worksites' hashes). A worksite whose company is not there is ignored.
 */
export class HashCollector {
  private readonly ids = new Growable(Float64Array, 1 << 16);
  private readonly hashes = new Growable(Float64Array, 1 << 16);
  private readonly worksites = new Growable(Float64Array, 1 << 16);

  /** Companies: `pairs` = orgSeqNo, hash of its document, orgSeqNo, hash, … */
  add(pairs: Float64Array): void {
    for (let i = 0; i + 1 < pairs.length; i += 2) {
      this.ids.push(pairs[i] ?? 0);
      this.hashes.push(pairs[i + 1] ?? 0);
    }
  }

  /** Worksites: `pairs` = the company's orgSeqNo, hash of the worksite's document, … */
  addWorksites(pairs: Float64Array): void {
    for (let i = 0; i + 1 < pairs.length; i += 2) {
      this.worksites.push(pairs[i] ?? 0);
      this.worksites.push(pairs[i + 1] ?? 0);
    }
  }

  finish(): DocumentHashes {
    const ids = this.ids.toArray();
    const hashes = this.hashes.toArray();
    const order = Uint32Array.from(ids.keys()).sort((a, b) => (ids[a] ?? 0) - (ids[b] ?? 0));
    const sorted = Float64Array.from(order, (p) => ids[p] ?? 0);
    const own = Float64Array.from(order, (p) => hashes[p] ?? 0);
    // The worksites' sums by the companies' sorted position (a binary search each: no second sort, no map).
    const sums = new Float64Array(sorted.length);
    const worksites = this.worksites;
    for (let i = 0; i + 1 < worksites.length; i += 2) {
      const at = lowerBound(sorted, worksites.get(i));
      if (sorted[at] === worksites.get(i)) sums[at] = addToSum(sums[at] as number, worksites.get(i + 1));
    }
    return { ids: sorted, hashes: own.map((hash, i) => companyChangeHash(hash, sums[i] as number)) };
  }
}

/**
 * "urh2": company hashes that include the worksites. "urh1" files (company documents only) are stale: their hashes
 * are not comparable with these (every company with a worksite would look changed), so they are never decoded as
 * current; the live version's hashes are then recomputed from its D1 documents (version-changes.ts).
 */
const MAGIC = 0x75726832; // "urh2"
const STALE_MAGICS: readonly number[] = [0x75726831]; // "urh1"

/** Thrown by decodeHashes for a hash file of an earlier format: recompute the hashes instead. */
export class StaleHashesError extends Error {
  constructor() {
    super("document-hash file of an earlier format");
    this.name = "StaleHashesError";
  }
}

/** [magic u32, count u32][ids f64 × n][hashes f64 × n] */
export function encodeHashes({ ids, hashes }: DocumentHashes): Uint8Array {
  const bytes = new Uint8Array(8 + ids.length * 16);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, ids.length, true);
  new Float64Array(bytes.buffer, 8, ids.length).set(ids);
  new Float64Array(bytes.buffer, 8 + ids.length * 8, ids.length).set(hashes);
  return bytes;
}

export function decodeHashes(buffer: ArrayBuffer): DocumentHashes {
  const view = new DataView(buffer);
  const magic = buffer.byteLength < 8 ? 0 : view.getUint32(0, true);
  if (STALE_MAGICS.includes(magic)) throw new StaleHashesError();
  if (magic !== MAGIC) throw new Error("not a document-hash file");
  const count = view.getUint32(4, true);
  if (buffer.byteLength !== 8 + count * 16) throw new Error("document-hash file has the wrong length");
  return { ids: new Float64Array(buffer, 8, count), hashes: new Float64Array(buffer, 8 + count * 8, count) };
}

export interface ChangeSet {
  added: number[];
  removed: number[];
  changed: number[];
}

/** Linear merge of two id-sorted hash lists. */
export function diffHashes(before: DocumentHashes, after: DocumentHashes): ChangeSet {
  const changes: ChangeSet = { added: [], removed: [], changed: [] };
  let i = 0;
  let j = 0;
  while (i < before.ids.length || j < after.ids.length) {
    const a = i < before.ids.length ? (before.ids[i] as number) : Infinity;
    const b = j < after.ids.length ? (after.ids[j] as number) : Infinity;
    if (a === b) {
      if (before.hashes[i] !== after.hashes[j]) changes.changed.push(a);
      i++;
      j++;
    } else if (a < b) {
      changes.removed.push(a);
      i++;
    } else {
      changes.added.push(b);
      j++;
    }
  }
  return changes;
}

export const hashesKey = (version: number) => `search-index/v${version}/hashes.bin`;
