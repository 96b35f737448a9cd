/**
 * The free-text search (free-text.ts gives the rules) as Elasticsearch clauses: per word a dis_max over the fields,
 * each a constant score, so that a document scores its best field per word and the sum over the words, as the
 * embedded index does; a forgiving retry's spellings and typing errors (forgiving.ts, fuzzy.ts) beside them.
 */
import { CODE_SETS, type ResultType } from "#shared/search/search-fields";
import { fuzzyScore, TEXT_SCORES, type ScoredCode, type TextQuery, type TextWord } from "../free-text";

type Json = Record<string, unknown>;

const constantScore = (filter: Json, boost: number): Json => ({ constant_score: { filter, boost } });

/** A field's clauses for a word: the whole word (analysed by the field's analyzer) and, for a prefix, longer words. */
function fieldClauses(field: string, word: TextWord, scores: { exact: number; prefix: number }): Json[] {
  if (word.word === null) return [];
  const clauses = [constantScore({ match: { [field]: { query: word.word } } }, scores.exact)];
  if (word.prefix) clauses.push(constantScore({ prefix: { [field]: word.word } }, scores.prefix));
  // A forgiving retry's other spellings (forgiving.ts), at the field's prefix score: already normalised, so as terms.
  const variants = word.variants ?? [];
  if (variants.length > 0) {
    const score = scores.prefix; // free-text.ts variantScores
    clauses.push(constantScore({ terms: { [field]: [...variants] } }, score));
    if (word.prefix) for (const variant of variants) clauses.push(constantScore({ prefix: { [field]: variant } }, score));
  }
  // Its typing errors (fuzzy.ts): every indexed word within the edits, whole words, at free-text.ts fuzzyScore. The
  // constant-score rewrite takes every such word (no max_expansions cap), as the embedded index does.
  if ((word.fuzzy ?? 0) > 0) {
    const fuzzy = { value: word.word, fuzziness: word.fuzzy, transpositions: true, prefix_length: 0, rewrite: "constant_score" };
    clauses.push(constantScore({ fuzzy: { [field]: fuzzy } }, fuzzyScore(scores)));
  }
  return clauses;
}

/** Codes grouped by score, one terms clause each. */
function codeClauses(field: string, codes: readonly ScoredCode[]): Json[] {
  const byScore = new Map<number, string[]>();
  for (const { code, score } of codes) byScore.set(score, [...(byScore.get(score) ?? []), code]);
  return [...byScore].map(([score, list]) => constantScore({ terms: { [field]: list } }, score));
}

/** "5560360" → "556036-0": the digits as the start of an organisation number written with its dash. */
const orgNoPrefix = (digits: string) => (digits.length > 6 ? `${digits.slice(0, 6)}-${digits.slice(6)}` : digits);

/**
 * One clause per word of the text (free-text.ts): a dis_max over the fields, each a constant score, so a document
 * scores its best field per word and the sum over the words: the embedded index's relevance, exactly. A text without
 * searchable words matches nothing.
 */
export function textClauses(query: TextQuery, type: ResultType): Json[] {
  if (query.words.length === 0) return [{ match_none: {} }];
  return query.words.map((word) => {
    const queries = [
      ...fieldClauses("name", word, TEXT_SCORES.name),
      ...fieldClauses("address", word, TEXT_SCORES.address),
      ...(type === "COMPANY" ? fieldClauses("people", word, TEXT_SCORES.person) : []),
      // A word names an industry (any of the record's) or a place (its own).
      ...codeClauses(CODE_SETS.sni.nodes.any, word.industries),
      ...codeClauses(CODE_SETS.location.nodes.own, word.places),
    ];
    if (word.orgNo) {
      const { digits } = word.orgNo;
      queries.push(
        digits.length === 10
          ? constantScore({ term: { orgNo: `${digits.slice(0, 6)}-${digits.slice(6)}` } }, TEXT_SCORES.orgNo.exact)
          : constantScore({ prefix: { orgNo: orgNoPrefix(digits) } }, TEXT_SCORES.orgNo.prefix),
      );
    }
    return { dis_max: { queries, tie_breaker: 0 } };
  });
}
