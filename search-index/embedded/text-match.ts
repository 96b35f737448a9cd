/**
 * The free-text search on the embedded index (free-text.ts gives the rules): which records match every word of a
 * TextQuery, and each one's relevance score.
 *
 * Names, addresses and people are postings of the entity's one word index, addresses and people under a field tag
 * (FIELD_TAGS), so each field's whole word and prefix are ranges of the sorted dictionary. Industries and places are
 * reference codes: a word's matching SNI nodes are found in the record's SNI column (every code and its ancestors),
 * its counties and municipalities in the record's municipality column; for the first word, whose records are listed,
 * the columns are inverted once per isolate into position lists per node (codePostings).
 *
 * Words run from the cheapest: the first enumerates its records (postings and the nodes' lists), each later one only
 * tests the records still in play. `best` holds a word's best score per position and is all zeros between words.
 */
import { fuzzyScore, MAX_WORD_SCORE, TEXT_SCORES, type TextQuery, type TextWord, variantScores } from "../free-text";
import type { CompanyIndex, Csr, EntityIndex, SearchIndex } from "./index-types";
import { postingsOf } from "./postings";
import { codeToNodeMap, type TreeIndex } from "./tree-index";
import { fuzzyWordRange } from "../fuzzy";
import { FIELD_TAGS, prefixRange } from "./word-index";

export interface TextMatch {
  /** Matching positions, ascending. */
  positions: Uint32Array;
  /** Score by position, valid at `positions` (a scratch array: read it before the next search of this entity). */
  scores: Uint16Array;
}

interface PostingRange {
  /** The word index's postings, or a node's list of codePostings. */
  list: Uint32Array;
  from: number;
  to: number;
  score: number;
}

interface WordPlan {
  /** Name, address and people postings. */
  ranges: PostingRange[];
  /** The industry and place nodes' position lists (the first word reads these instead of the columns). */
  codeRanges: PostingRange[];
  /** Score per SNI node (tree size + 1), null when no industry matches. */
  industry: Uint8Array | null;
  /** Score per location node (tree size + 1), counties' scores passed down to their municipalities; null when none. */
  place: Uint8Array | null;
  orgNo: { from: number; to: number; score: number } | null;
  cost: number;
}

const scratch = new WeakMap<EntityIndex, { best: Uint8Array; scores: Uint16Array; found: Uint32Array }>();
const inverted = new WeakMap<EntityIndex, { sni: Csr<Uint32Array>; municipality: Csr<Uint32Array> }>();
const nodeIds = new WeakMap<TreeIndex, Map<string, number>>();

function scratchOf(entity: EntityIndex) {
  let arrays = scratch.get(entity);
  if (!arrays)
    scratch.set(
      entity,
      (arrays = {
        // best[] is also read 4 bytes at a time (collectDense): its own buffer, a multiple of 4 bytes long.
        best: new Uint8Array(new ArrayBuffer((entity.count + 3) & ~3), 0, entity.count),
        scores: new Uint16Array(entity.count),
        found: new Uint32Array(entity.count),
      }),
    );
  return arrays;
}

/** node → ascending positions of the records that have it (values[offsets[node] .. offsets[node + 1])). */
function invert(nodes: number, count: number, valuesOf: (i: number, visit: (node: number) => void) => void): Csr<Uint32Array> {
  const offsets = new Uint32Array(nodes + 1);
  for (let i = 0; i < count; i++) valuesOf(i, (node) => (offsets[node + 1] = (offsets[node + 1] as number) + 1));
  for (let n = 0; n < nodes; n++) offsets[n + 1] = (offsets[n + 1] as number) + (offsets[n] as number);
  const cursor = offsets.slice(0, nodes);
  const values = new Uint32Array(offsets[nodes] as number);
  for (let i = 0; i < count; i++) valuesOf(i, (node) => (values[(cursor[node] as number)++] = i));
  return { offsets, values };
}

/** The SNI and municipality columns inverted, built on first use (about a tenth of a second at full Sweden). */
function codePostings(index: SearchIndex, entity: EntityIndex) {
  let lists = inverted.get(entity);
  if (!lists) {
    const { offsets, values } = entity.sniAll;
    const sni = invert(index.sni.codes.length + 1, entity.count, (i, visit) => {
      for (let k = offsets[i] as number; k < (offsets[i + 1] as number); k++) visit(values[k] as number);
    });
    // The municipality column's positions are shared with the facet pass (postings.ts).
    const municipality = postingsOf(entity.municipality, index.location.codes.length + 1);
    inverted.set(entity, (lists = { sni, municipality }));
  }
  return lists;
}

/** One list range per node with a score. */
function nodeRanges(lists: Csr<Uint32Array>, scores: Uint8Array | null): PostingRange[] {
  const ranges: PostingRange[] = [];
  scores?.forEach((score, node) => {
    const from = lists.offsets[node] as number;
    const to = lists.offsets[node + 1] as number;
    if (score > 0 && to > from) ranges.push({ list: lists.values, from, to, score });
  });
  return ranges;
}

function nodeMap(tree: TreeIndex): Map<string, number> {
  let map = nodeIds.get(tree);
  if (!map) nodeIds.set(tree, (map = codeToNodeMap(tree)));
  return map;
}

/** Posting ranges of one field's tagged word: the whole word, and (for a prefix) the longer words after it. */
function fieldRanges(
  entity: EntityIndex,
  tag: string,
  word: string,
  prefix: boolean,
  scores: { exact: number; prefix: number },
): PostingRange[] {
  const { words, offsets, postings: list } = entity.words;
  const tagged = tag + word;
  const [from, to] = prefixRange(words, tagged);
  if (from === to) return [];
  const exactEnd = words[from] === tagged ? from + 1 : from;
  const ranges: PostingRange[] = [];
  if (exactEnd > from) ranges.push({ list, from: offsets[from] ?? 0, to: offsets[exactEnd] ?? 0, score: scores.exact });
  if (prefix && to > exactEnd) ranges.push({ list, from: offsets[exactEnd] ?? 0, to: offsets[to] ?? 0, score: scores.prefix });
  return ranges;
}

/** Posting ranges of one field's dictionary words within `edits` of the word (the name field's words have no tag). */
function fuzzyRanges(entity: EntityIndex, tag: string, word: string, edits: number, score: number): PostingRange[] {
  const { words, offsets, postings: list } = entity.words;
  const [from, to] = tag === FIELD_TAGS.name ? [prefixRange(words, FIELD_TAGS.person)[1], words.length] : prefixRange(words, tag);
  return fuzzyWordRange(words, from, to, tag.length, word, edits).map((w) => ({
    list,
    from: offsets[w] ?? 0,
    to: offsets[w + 1] ?? 0,
    score,
  }));
}

function codeScores(tree: TreeIndex, codes: TextWord["industries"], passDown: boolean): Uint8Array | null {
  if (codes.length === 0) return null;
  const ids = nodeMap(tree);
  const mask = new Uint8Array(tree.codes.length + 1);
  for (const { code, score } of codes) {
    const id = ids.get(code);
    if (id !== undefined && score > (mask[id] ?? 0)) mask[id] = score;
  }
  if (passDown) {
    // Pre-order ids: a parent comes before its children.
    for (let id = 0; id < tree.codes.length; id++) {
      const parent = tree.parent[id] ?? -1;
      if (parent >= 0 && (mask[parent] ?? 0) > (mask[id] ?? 0)) mask[id] = mask[parent] ?? 0;
    }
  }
  return mask;
}

function planWord(index: SearchIndex, entity: EntityIndex, word: TextWord): WordPlan {
  const ranges: PostingRange[] = [];
  if (word.word !== null) {
    ranges.push(...fieldRanges(entity, FIELD_TAGS.name, word.word, word.prefix, TEXT_SCORES.name));
    ranges.push(...fieldRanges(entity, FIELD_TAGS.address, word.word, word.prefix, TEXT_SCORES.address));
    ranges.push(...fieldRanges(entity, FIELD_TAGS.person, word.word, word.prefix, TEXT_SCORES.person));
  }
  // A forgiving retry's other spellings (forgiving.ts), at the field's prefix score; overlapping ranges keep the best.
  for (const variant of word.variants ?? []) {
    ranges.push(...fieldRanges(entity, FIELD_TAGS.name, variant, word.prefix, variantScores(TEXT_SCORES.name)));
    ranges.push(...fieldRanges(entity, FIELD_TAGS.address, variant, word.prefix, variantScores(TEXT_SCORES.address)));
    ranges.push(...fieldRanges(entity, FIELD_TAGS.person, variant, word.prefix, variantScores(TEXT_SCORES.person)));
  }
  // Its typing errors (fuzzy.ts): every dictionary word of the field within the edits, whole words, at fuzzyScore.
  if (word.word !== null && (word.fuzzy ?? 0) > 0) {
    ranges.push(...fuzzyRanges(entity, FIELD_TAGS.name, word.word, word.fuzzy as number, fuzzyScore(TEXT_SCORES.name)));
    ranges.push(...fuzzyRanges(entity, FIELD_TAGS.address, word.word, word.fuzzy as number, fuzzyScore(TEXT_SCORES.address)));
    ranges.push(...fuzzyRanges(entity, FIELD_TAGS.person, word.word, word.fuzzy as number, fuzzyScore(TEXT_SCORES.person)));
  }
  const industry = codeScores(index.sni, word.industries, false);
  const place = codeScores(index.location, word.places, true);
  const orgNo = word.orgNo && { ...word.orgNo, score: word.word === null ? TEXT_SCORES.orgNo.exact : TEXT_SCORES.orgNo.prefix };
  const lists = industry || place ? codePostings(index, entity) : null;
  const codeRanges = lists ? [...nodeRanges(lists.sni, industry), ...nodeRanges(lists.municipality, place)] : [];
  const length = (list: PostingRange[]) => list.reduce((sum, r) => sum + (r.to - r.from), 0);
  const cost = length(ranges) + length(codeRanges) + (orgNo ? 1000 : 0);
  return { ranges, codeRanges, industry, place, orgNo, cost };
}

/** The record's best industry and place score for a word. */
function codeScore(entity: EntityIndex, plan: WordPlan, i: number): number {
  let best = 0;
  const { industry, place } = plan;
  if (place !== null) best = place[entity.municipality[i] as number] as number;
  if (industry !== null) {
    const { offsets, values } = entity.sniAll;
    for (let k = offsets[i] as number, end = offsets[i + 1] as number; k < end; k++) {
      const s = industry[values[k] as number] as number;
      if (s > best) best = s;
    }
  }
  return best;
}

/** The organisation number of a record (a worksite's is its company's), as a 10-digit number. */
function orgNoAt(companies: CompanyIndex, entity: EntityIndex, i: number): number {
  return entity.company === null ? (companies.orgNo[i] as number) : (companies.orgNo[entity.company[i] as number] as number);
}

/** Positions whose organisation number lies in [from, to] (ascending by position not guaranteed). */
function orgNoPositions(companies: CompanyIndex, entity: EntityIndex, from: number, to: number): number[] {
  const { orgNo, orgNoOrder } = companies;
  let lo = 0;
  let hi = orgNoOrder.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((orgNo[orgNoOrder[mid] as number] as number) < from) lo = mid + 1;
    else hi = mid;
  }
  const out: number[] = [];
  for (let k = lo; k < orgNoOrder.length && (orgNo[orgNoOrder[k] as number] as number) <= to; k++) {
    const c = orgNoOrder[k] as number;
    if (entity.company === null) out.push(c);
    else {
      const { offsets, values } = companies.worksites;
      for (let w = offsets[c] as number; w < (offsets[c + 1] as number); w++) out.push(values[w] as number);
    }
  }
  return out;
}

/** Raises best[] by the ranges' positions. */
function markPostings(ranges: readonly PostingRange[], best: Uint8Array): void {
  for (const { list, from, to, score } of ranges) {
    for (let k = from; k < to; k++) {
      const i = list[k] as number;
      if ((best[i] as number) < score) best[i] = score;
    }
  }
}

function clearPostings(ranges: readonly PostingRange[], best: Uint8Array): void {
  for (const { list, from, to } of ranges) for (let k = from; k < to; k++) best[list[k] as number] = 0;
}

/**
 * Positions with a score in best[], ascending, by one pass (cheaper than sorting many postings); clears best[]. Reads
 * best[] 4 bytes at a time and skips the zero words; within a word, every position is written to `found` and the
 * length advances only for a score, without a branch (a branch per record mispredicts at these densities).
 */
function collectDense(best: Uint8Array, scores: Uint16Array, found: Uint32Array): Uint32Array {
  const words = new Uint32Array(best.buffer, best.byteOffset, (best.length + 3) >>> 2);
  const count = best.length;
  let n = 0;
  for (let w = 0; w < words.length; w++) {
    // Four words (16 records) tested at once: most are zero.
    if (
      (w & 3) === 0 &&
      w + 4 <= words.length &&
      ((words[w] as number) | (words[w + 1] as number) | (words[w + 2] as number) | (words[w + 3] as number)) === 0
    ) {
      w += 3;
      continue;
    }
    if (words[w] === 0) continue;
    const base = w << 2;
    const end = Math.min(count, base + 4);
    for (let i = base; i < end; i++) {
      const s = best[i] as number;
      scores[i] = s;
      found[n] = i;
      n += +(s > 0);
    }
    words[w] = 0;
  }
  return found.slice(0, n);
}

/** Positions marked in best[] by `ranges` and `extra`, ascending, with their scores; clears best[]. */
function collect(
  entity: EntityIndex,
  ranges: readonly PostingRange[],
  extra: number[],
  best: Uint8Array,
  scores: Uint16Array,
): Uint32Array {
  const total = ranges.reduce((sum, r) => sum + (r.to - r.from), extra.length);
  if (total > entity.count >>> 7) return collectDense(best, scores, scratchOf(entity).found);
  const hits: number[] = extra;
  for (const { list, from, to } of ranges) for (let k = from; k < to; k++) hits.push(list[k] as number);
  const sorted = Uint32Array.from(hits).sort();
  let n = 0;
  for (let k = 0; k < sorted.length; k++) {
    const i = sorted[k] as number;
    if (k > 0 && sorted[k - 1] === i) continue;
    scores[i] = best[i] as number;
    best[i] = 0;
    sorted[n++] = i;
  }
  return sorted.slice(0, n);
}

/** The first word: every record it matches, with its score. */
function firstWord(index: SearchIndex, entity: EntityIndex, plan: WordPlan, best: Uint8Array, scores: Uint16Array): Uint32Array {
  const ranges = [...plan.ranges, ...plan.codeRanges];
  markPostings(ranges, best);
  let orgNoHits: number[] = [];
  if (plan.orgNo) {
    orgNoHits = orgNoPositions(index.companies, entity, plan.orgNo.from, plan.orgNo.to);
    for (const i of orgNoHits) if ((best[i] as number) < plan.orgNo.score) best[i] = plan.orgNo.score;
  }
  return collect(entity, ranges, orgNoHits, best, scores);
}

/** A later word: keeps the candidates it matches, adding its score. */
function nextWord(
  index: SearchIndex,
  entity: EntityIndex,
  plan: WordPlan,
  candidates: Uint32Array,
  best: Uint8Array,
  scores: Uint16Array,
): Uint32Array {
  markPostings(plan.ranges, best);
  const hasCodes = plan.industry !== null || plan.place !== null;
  const orgNo = plan.orgNo;
  let n = 0;
  for (let c = 0; c < candidates.length; c++) {
    const i = candidates[c] as number;
    let s = best[i] as number;
    if (hasCodes) {
      const code = codeScore(entity, plan, i);
      if (code > s) s = code;
    }
    if (orgNo !== null && orgNo.score > s) {
      const value = orgNoAt(index.companies, entity, i);
      if (value >= orgNo.from && value <= orgNo.to) s = orgNo.score;
    }
    if (s > 0) {
      scores[i] = (scores[i] as number) + s;
      candidates[n++] = i;
    }
  }
  clearPostings(plan.ranges, best);
  return candidates.subarray(0, n);
}

/** The records matching every word of the query, ascending, with their scores. No words: no records. */
export function matchText(index: SearchIndex, entity: EntityIndex, query: TextQuery): TextMatch {
  const { best, scores } = scratchOf(entity);
  const plans = query.words.map((word) => planWord(index, entity, word)).sort((a, b) => a.cost - b.cost);
  const [first, ...rest] = plans;
  if (!first) return { positions: new Uint32Array(0), scores };
  let candidates = firstWord(index, entity, first, best, scores);
  for (const plan of rest) {
    if (candidates.length === 0) break;
    candidates = nextWord(index, entity, plan, candidates, best, scores);
  }
  return { positions: candidates.slice(), scores };
}

/**
 * The records that can be among the best `k` of a one-word text (the suggestions), with their scores. A record scores
 * its best field, so the fields are taken from the highest score down, and once k records have a score no lower field
 * can reach, the rest are skipped: "p" reads the names starting with p, not every street and person as well.
 */
export function matchOneWordTop(index: SearchIndex, entity: EntityIndex, query: TextQuery, k: number): TextMatch | null {
  const [word] = query.words;
  if (!word || query.words.length !== 1) return null;
  const { best, scores } = scratchOf(entity);
  const plan = planWord(index, entity, word);
  const ranges = [...plan.ranges, ...plan.codeRanges];
  const orgNoHits = plan.orgNo ? orgNoPositions(index.companies, entity, plan.orgNo.from, plan.orgNo.to) : [];
  const used: PostingRange[] = [];
  let orgNoUsed = false;
  let found = 0;
  for (let score = MAX_WORD_SCORE; score > 0 && found < k; score--) {
    for (const range of ranges) {
      if (range.score !== score) continue;
      used.push(range);
      for (let p = range.from; p < range.to; p++) {
        const i = range.list[p] as number;
        if (best[i] === 0) {
          best[i] = score;
          found++;
        }
      }
    }
    if (plan.orgNo?.score === score) {
      orgNoUsed = true;
      for (const i of orgNoHits) {
        if (best[i] === 0) {
          best[i] = score;
          found++;
        }
      }
    }
  }
  return { positions: collect(entity, used, orgNoUsed ? orgNoHits : [], best, scores), scores };
}
