/**
 * Typing errors forgiven the way Elasticsearch's `fuzziness: AUTO` forgives them (issue 48 point 7, docs/decisions/0043):
 * a word of 1–2 letters must be typed right, one of 3–5 letters may have one edit, a longer one two. An edit is a
 * letter inserted, deleted or replaced, or two neighbouring letters swapped (Lucene's fuzzy query with transpositions:
 * the optimal string alignment distance). Lengths and edits count Unicode code points, as Lucene does.
 *
 * The cluster runs the `fuzzy` query itself (es-text.ts, rewritten to a constant score over every matching term, so
 * no cap on expansions differs between the backends); the embedded index walks its sorted dictionary here
 * (fuzzyWordRange), and the industry and place dictionaries of the reference data (free-text.ts) use the same walk.
 */

/** The edits a word may have under `fuzziness: AUTO` (AUTO:3,6): 0 up to 2 letters, 1 up to 5, then 2. */
export function autoEdits(word: string): number {
  let letters = 0;
  for (const _ of word) letters++;
  return letters < 3 ? 0 : letters < 6 ? 1 : 2;
}

/** The optimal string alignment distance between two words (insert, delete, replace, swap neighbours). */
export function editDistance(a: string, b: string): number {
  const s = [...a].map((ch) => ch.codePointAt(0) as number);
  const t = [...b].map((ch) => ch.codePointAt(0) as number);
  const rows: number[][] = [Array.from({ length: t.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= s.length; i++) {
    const row = [i];
    const up = rows[i - 1] as number[];
    for (let j = 1; j <= t.length; j++) {
      let d = Math.min((up[j] as number) + 1, (row[j - 1] as number) + 1, (up[j - 1] as number) + (s[i - 1] === t[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1])
        d = Math.min(d, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      row.push(d);
    }
    rows.push(row);
  }
  return (rows[s.length] as number[])[t.length] as number;
}

/** Whether a UTF-16 unit is half of a surrogate pair (a letter outside the Basic Multilingual Plane). */
const isSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdfff;

/**
 * The first position in (at, to) whose word does not start with `prefix`, given that words[at] does: galloping
 * forward, since the words under a pruned prefix are usually few.
 */
function endOfPrefix(words: readonly string[], prefix: string, at: number, to: number): number {
  let step = 1;
  while (at + step < to && (words[at + step] as string).startsWith(prefix)) step *= 2;
  let lo = at + (step >>> 1) + 1;
  let hi = Math.min(at + step, to);
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((words[mid] as string).startsWith(prefix)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Positions in words[from, to) (sorted, each starting with `skip` characters of a field tag that take no part) whose
 * rest lies within `maxEdits` of `target`, ascending.
 *
 * The walk shares the distance rows of a common prefix between neighbouring words and skips every word under a prefix
 * that can no longer come within reach: a path through the distance table passes row r, or jumps from row r − 1 to
 * r + 1 by a swap that costs one edit, so when row r's least value and row r − 1's plus one both exceed maxEdits, no
 * longer word can come within reach. Only the band of cells within maxEdits of the diagonal is computed; every value
 * above maxEdits is kept as maxEdits + 1, which decides nothing differently. Letters are UTF-16 units; a word or
 * target with a letter outside the Basic Multilingual Plane is compared by code points on its own (editDistance).
 */
export function fuzzyWordRange(
  words: readonly string[],
  from: number,
  to: number,
  skip: number,
  target: string,
  maxEdits: number,
): number[] {
  const out: number[] = [];
  const n = target.length;
  const far = maxEdits + 1;
  if ([...target].some((ch) => ch.length > 1)) {
    for (let i = from; i < to; i++) if (editDistance((words[i] as string).slice(skip), target) <= maxEdits) out.push(i);
    return out;
  }
  const t = Int32Array.from({ length: n }, (_, j) => target.charCodeAt(j));
  // A word more than maxEdits + 1 letters past the target is pruned before its end, so rows go no deeper.
  const depth = n + maxEdits + 2;
  const rows = Array.from({ length: depth + 1 }, () => new Int32Array(n + 1).fill(far));
  const mins = new Int32Array(depth + 1);
  const row0 = rows[0] as Int32Array;
  for (let j = 0; j <= n; j++) row0[j] = Math.min(j, far);
  const path = new Int32Array(depth + 1);
  // Rows 1..known hold the distances of path[0..known): the letters of the last word walked, as far as it was walked.
  let known = 0;
  for (let i = from; i < to;) {
    const word = words[i] as string;
    const length = word.length - skip;
    let common = 0;
    while (common < known && common < length && path[common] === word.charCodeAt(skip + common)) common++;
    let pruned = 0;
    let astral = false;
    for (let r = common + 1; r <= length; r++) {
      const c = word.charCodeAt(skip + r - 1);
      if (isSurrogate(c)) {
        astral = true;
        break;
      }
      const row = rows[r] as Int32Array;
      const up = rows[r - 1] as Int32Array;
      const upUp = r > 1 ? (rows[r - 2] as Int32Array) : null;
      const before = r > 1 ? (path[r - 2] as number) : -1;
      const lo = Math.max(0, r - maxEdits);
      const hi = Math.min(n, r + maxEdits);
      let min = far;
      for (let j = lo; j <= hi; j++) {
        let d: number;
        if (j === 0) d = r;
        else {
          d = Math.min((up[j] as number) + 1, (row[j - 1] as number) + 1, (up[j - 1] as number) + (c === t[j - 1] ? 0 : 1));
          if (upUp !== null && j > 1 && c === t[j - 2] && before === t[j - 1]) d = Math.min(d, (upUp[j - 2] as number) + 1);
        }
        if (d > far) d = far;
        row[j] = d;
        if (d < min) min = d;
      }
      mins[r] = min;
      path[r - 1] = c;
      known = r;
      if (min > maxEdits && (mins[r - 1] as number) + 1 > maxEdits) {
        pruned = r;
        break;
      }
    }
    if (astral) {
      if (editDistance(word.slice(skip), target) <= maxEdits) out.push(i);
      known = 0;
      i++;
      continue;
    }
    if (pruned > 0) {
      // Every word starting with this word's first `pruned` letters is out of reach.
      i = endOfPrefix(words, word.slice(0, skip + pruned), i, to);
      continue;
    }
    if (((rows[length] as Int32Array)[n] as number) <= maxEdits) out.push(i);
    i++;
  }
  return out;
}
