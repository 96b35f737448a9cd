/**
 * Bevakning's change set (issue 16, docs/decisions/0024): one 53-bit hash per company document of an index version,
 * stored beside the version (R2 search-index/v<N>/hashes.bin), and the diff of two versions' hashes: the ids added,
 * removed and changed. Only ids travel further; field diffs are made later for the few ids someone watches.
 * 1.3 M companies: 21 MB of hashes per version, a linear merge of two sorted arrays.
 */
import { Growable } from "../../search-index/embedded/growable";

export { documentHash } from "../../search-index/document-hash";

/** Ids ascending with their hashes (parallel arrays). */
export interface DocumentHashes {
  ids: Float64Array;
  hashes: Float64Array;
}

/** Collects (id, hash) pairs in any order; finish() sorts them by id. */
export class HashCollector {
  private readonly ids = new Growable(Float64Array, 1 << 16);
  private readonly hashes = new Growable(Float64Array, 1 << 16);

  /** `pairs`: id, hash, id, hash, … */
  add(pairs: Float64Array): void {
    for (let i = 0; i + 1 < pairs.length; i += 2) {
      this.ids.push(pairs[i] ?? 0);
      this.hashes.push(pairs[i + 1] ?? 0);
    }
  }

  finish(): DocumentHashes {
    const ids = this.ids.toArray();
    const hashes = this.hashes.toArray();
    const order = Uint32Array.from(ids.keys()).sort((a, b) => (ids[a] ?? 0) - (ids[b] ?? 0));
    return { ids: Float64Array.from(order, (p) => ids[p] ?? 0), hashes: Float64Array.from(order, (p) => hashes[p] ?? 0) };
  }
}

const MAGIC = 0x75726831; // "urh1"

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
  if (buffer.byteLength < 8 || view.getUint32(0, true) !== MAGIC) throw new Error("not a document-hash file");
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
