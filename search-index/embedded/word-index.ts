/**
 * Builds the sorted word dictionary with posting lists of the free-text search (text-match.ts). One dictionary holds
 * every field: name words as they are, address and people words behind a tag character that sorts before any letter.
 */
import { indexWords, type TextFields } from "../free-text";
import { CsrBuilder } from "./growable";
import type { WordIndex } from "./index-types";

export const FIELD_TAGS = { name: "", address: "\u0001", person: "\u0002" } as const;

/** A record's words for the index: its name words, then its tagged address and people words. */
export function recordWords(fields: TextFields): string[] {
  return [
    ...indexWords(fields.name),
    ...indexWords(fields.address).map((word) => FIELD_TAGS.address + word),
    ...indexWords(fields.people).map((word) => FIELD_TAGS.person + word),
  ];
}

/** Whether a dictionary word is a name word (not tagged). */
export const isNameWord = (word: string) => word.charCodeAt(0) > 2;

export class WordIndexBuilder {
  private readonly ids = new Map<string, number>();
  private readonly words: string[] = [];
  private readonly rows = new CsrBuilder(Uint32Array);

  /** The id of a word, added to the dictionary when new. */
  idOf(word: string): number {
    let id = this.ids.get(word);
    if (id === undefined) {
      id = this.words.length;
      this.ids.set(word, id);
      this.words.push(word);
    }
    return id;
  }

  /** Distinct words so far. */
  get size(): number {
    return this.words.length;
  }

  /** A word by its id. */
  wordOf(id: number): string {
    return this.words[id] ?? "";
  }

  /** Adds the next record's (distinct, normalised) words. */
  add(tokens: readonly string[]): void {
    this.rows.add(tokens.map((token) => this.idOf(token)));
  }

  /** Adds the next record's words as ids (idOf), each once. */
  addIds(ids: Iterable<number>): void {
    this.rows.add(ids);
  }

  /** Record r's word ids. */
  row(r: number): number[] {
    return this.rows.row(r);
  }

  /** order[f] = insertion position of the record at final position f (null: unchanged). */
  build(order: Uint32Array | null): WordIndex {
    const byWord = Uint32Array.from(this.words.keys()).sort((a, b) => {
      const x = this.words[a] ?? "";
      const y = this.words[b] ?? "";
      return x < y ? -1 : x > y ? 1 : 0;
    });
    const newId = new Uint32Array(this.words.length);
    byWord.forEach((oldId, rank) => (newId[oldId] = rank));
    const rows = this.rows.build();
    const offsets = new Uint32Array(this.words.length + 1);
    for (const oldId of rows.values) offsets[(newId[oldId] ?? 0) + 1] = (offsets[(newId[oldId] ?? 0) + 1] as number) + 1;
    for (let w = 0; w < this.words.length; w++) offsets[w + 1] = (offsets[w + 1] ?? 0) + (offsets[w] ?? 0);
    const cursor = offsets.slice(0, this.words.length);
    const postings = new Uint32Array(rows.values.length);
    for (let f = 0; f < this.rows.rows; f++) {
      const i = order ? (order[f] ?? 0) : f;
      for (let k = rows.offsets[i] ?? 0; k < (rows.offsets[i + 1] ?? 0); k++) {
        const w = newId[rows.values[k] ?? 0] ?? 0;
        postings[cursor[w] ?? 0] = f;
        cursor[w] = (cursor[w] ?? 0) + 1;
      }
    }
    return { words: Array.from(byWord, (oldId) => this.words[oldId] ?? ""), offsets, postings };
  }
}

/** Positions [from, to) of the words that start with a prefix. */
export function prefixRange(words: readonly string[], prefix: string): [number, number] {
  const from = lowerBoundString(words, prefix);
  const to = lowerBoundString(words, `${prefix}\uffff`);
  return [from, to];
}

function lowerBoundString(words: readonly string[], x: string): number {
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((words[mid] ?? "") < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
