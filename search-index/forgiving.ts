/**
 * The forgiving retry of a free text that found nothing (issue 38, docs/decisions/0043): its words again with å, ä and
 * ö folded ("frisor" also as "frisör"), a Swedish genitive -s removed ("Göteborgs" also as "Göteborg") and typing
 * errors forgiven as Elasticsearch's `fuzziness: AUTO` forgives them ("restarang" also as "restaurang"; fuzzy.ts,
 * issue 48 point 7), offered to the user as "Menade du …?" with the text it stands for.
 *
 * The index keeps å, ä and ö as letters of their own (decision 0033), so the retry does not fold the index: it spells
 * each word the ways the user may have meant it (TextWord.variants) and both backends match those spellings as they
 * match any word, at the field's prefix score, so a record found by the words as typed still ranks first. The retry
 * is a second search run only when the first found nothing: the normal path does not change and costs nothing more.
 *
 * The offered text names one spelling per word: the first, in order of fewest changes, that the best record of the
 * retry has where the search looks for it. That record therefore matches the offered text as typed, so running it
 * finds at least that record on either backend.
 */
import type { CompanyRecord, WorksiteRecord } from "#shared/search/result-schemas";
import type { SearchBackend, SearchOptions } from "./backend";
import {
  fuzzyIndustryWords,
  fuzzyPlaceWords,
  fuzzyScore,
  indexWords,
  matchIndustries,
  matchPlaces,
  TEXT_SCORES,
  type ScoredCode,
  type TextQuery,
  type TextWord,
} from "./free-text";
import { autoEdits, editDistance } from "./fuzzy";
import { locationCodeToAncestors, sniCodeToAncestors } from "./refdata";
import type { ValidSearch } from "./search-model";
import { normalizeWord } from "./text";

/** Each letter the user may have typed without its ring or dots, and what it may stand for (the typed one first). */
const SPELLINGS: Readonly<Record<string, readonly string[]>> = {
  a: ["a", "å", "ä"],
  å: ["å", "a", "ä"],
  ä: ["ä", "a", "å"],
  o: ["o", "ö"],
  ö: ["ö", "o"],
};
/** Letters of a word that take part in spelling variants (later ones stay as typed): at most 3^6 spellings. */
const MAX_SPELLING_LETTERS = 6;
/** The most variants one word gets (fewest changes first). */
export const MAX_VARIANTS = 24;
/** Shorter words get no variants: "ö" or "na" would match too much that was not meant. */
const MIN_VARIANT_LETTERS = 3;
/** A genitive -s after these letters is not one: Swedish writes "Lars", "Max", "Fritz" for the genitive too. */
const NO_GENITIVE_BEFORE = /[sxz]$/;

/** A word's other spellings with å, ä and ö: the fewest changed letters first, then alphabetically; not the word itself. */
function spellingsOf(word: string): string[] {
  const letters = [...word];
  const slots = letters.map((ch, i) => ({ i, options: SPELLINGS[ch] })).filter((slot) => slot.options !== undefined);
  let spellings: { text: string[]; changes: number }[] = [{ text: letters, changes: 0 }];
  for (const { i, options } of slots.slice(0, MAX_SPELLING_LETTERS)) {
    spellings = spellings.flatMap(({ text, changes }) =>
      (options as readonly string[]).map((ch, k) => ({ text: text.map((c, j) => (j === i ? ch : c)), changes: changes + (k > 0 ? 1 : 0) })),
    );
  }
  return spellings
    .filter(({ changes }) => changes > 0)
    .map(({ text, changes }) => ({ text: text.join(""), changes }))
    .sort((a, b) => a.changes - b.changes || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0))
    .map(({ text }) => text);
}

/**
 * The other ways a normalised word may have been meant: its spellings with å, ä and ö, then without a genitive -s
 * (as typed, then its spellings). Empty for short words and for words with digits.
 */
export function wordVariants(word: string): string[] {
  if ([...word].length < MIN_VARIANT_LETTERS || /\d/.test(word)) return [];
  const variants = spellingsOf(word).slice(0, MAX_VARIANTS);
  const base = word.slice(0, -1);
  if (word.endsWith("s") && [...base].length >= MIN_VARIANT_LETTERS && !NO_GENITIVE_BEFORE.test(base)) {
    variants.push(base, ...spellingsOf(base).slice(0, MAX_VARIANTS - 1));
  }
  return [...new Set(variants)].filter((variant) => variant !== word);
}

/** Codes matched by any of the variants, at most at the field's prefix score, merged into the word's own (best per code). */
function withVariantCodes(own: readonly ScoredCode[], variants: readonly ScoredCode[][], cap: number): ScoredCode[] {
  const best = new Map(own.map(({ code, score }) => [code, score]));
  for (const { code, score } of variants.flat()) best.set(code, Math.max(best.get(code) ?? 0, Math.min(score, cap)));
  return [...best].map(([code, score]) => ({ code, score })).sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}

/** Whether an industry text prefix applies to the word (free-text.ts: the last word, from three letters). */
const industryPrefix = (word: string, prefix: boolean) => prefix && [...word].length >= MIN_VARIANT_LETTERS;

/** The edits a word may have in a forgiving retry (fuzzy.ts): none for numbers and words with digits. */
export const wordEdits = (word: string) => (/\d/.test(word) ? 0 : autoEdits(word));

/** Codes whose words lie within the edits, each once, at the field's fuzzy score (free-text.ts fuzzyScore). */
const fuzzyCodes = (words: readonly { code: string }[], score: number): ScoredCode[] =>
  [...new Set(words.map(({ code }) => code))].map((code) => ({ code, score }));

/**
 * The text's words with their variants and their allowed typing errors (issue 48 point 7); null when no word has
 * either (the retry could find nothing new).
 */
export function forgivingTextQuery(query: TextQuery | null): TextQuery | null {
  if (!query) return null;
  let any = false;
  const words = query.words.map((word): TextWord => {
    if (word.word === null) return word;
    const variants = wordVariants(word.word);
    const fuzzy = wordEdits(word.word);
    if (variants.length === 0 && fuzzy === 0) return word;
    any = true;
    const industries = variants.map((v) => matchIndustries(v, industryPrefix(v, word.prefix)));
    const places = variants.map((v) => matchPlaces(v, word.prefix));
    if (fuzzy > 0) {
      industries.push(fuzzyCodes(fuzzyIndustryWords(word.word, fuzzy), fuzzyScore(TEXT_SCORES.industry)));
      places.push(fuzzyCodes(fuzzyPlaceWords(word.word, fuzzy), fuzzyScore(TEXT_SCORES.place)));
    }
    return {
      ...word,
      ...(variants.length > 0 ? { variants } : {}),
      ...(fuzzy > 0 ? { fuzzy } : {}),
      industries: withVariantCodes(word.industries, industries, TEXT_SCORES.industry.prefix),
      places: withVariantCodes(word.places, places, TEXT_SCORES.place.prefix),
    };
  });
  return any ? { text: query.text, words } : null;
}

/**
 * Whether an index word (a name, address or person word) answers a word of the text: as typed or in one of its
 * spellings, the last word also as a prefix, or within the word's typing errors as a whole word.
 */
export function indexWordMatches(indexWord: string, word: TextWord): boolean {
  if (word.word === null) return false;
  for (const spelling of [word.word, ...(word.variants ?? [])]) {
    if (indexWord === spelling || (word.prefix && indexWord.startsWith(spelling))) return true;
  }
  return (word.fuzzy ?? 0) > 0 && editDistance(indexWord, word.word) <= (word.fuzzy as number);
}

/** Where a record is searched, as far as the record shows it (free-text.ts TextFields, industries and places). */
function recordTexts(record: CompanyRecord | WorksiteRecord) {
  const isWorksite = "cfarNo" in record;
  const names = isWorksite ? [record.name, record.companyName] : [record.name];
  const addresses = isWorksite
    ? [record.streetAddress, record.city, record.visitingStreetAddress, record.visitingCity]
    : [record.streetAddress, record.city];
  const people = isWorksite ? [] : [record.managerName];
  const words = new Set([...names, ...addresses, ...people].flatMap((text) => indexWords(text)));
  const sni = new Set(record.sniCodes.flatMap((code) => [code, ...sniCodeToAncestors(code)]));
  const places = new Set([record.municipalityCode, record.countyCode, ...locationCodeToAncestors(record.municipalityCode)]);
  return { words: [...words], sni, places };
}

/** Whether the record has the spelling where the search looks for it (the last word also as a prefix). */
function recordHas(texts: ReturnType<typeof recordTexts>, spelling: string, prefix: boolean): boolean {
  if (texts.words.some((w) => w === spelling || (prefix && w.startsWith(spelling)))) return true;
  if (matchIndustries(spelling, industryPrefix(spelling, prefix)).some(({ code }) => texts.sni.has(code))) return true;
  return matchPlaces(spelling, prefix).some(({ code }) => texts.places.has(code));
}

/**
 * The record's word closest to a mistyped one, within its edits (fewest edits, then alphabetically): among its name,
 * address and people words and the words of its industries and places. Undefined when none is within reach.
 */
function closestWord(texts: ReturnType<typeof recordTexts>, word: string, edits: number): string | undefined {
  if (edits === 0) return undefined;
  const candidates = [
    ...texts.words,
    ...fuzzyIndustryWords(word, edits).flatMap(({ token, code }) => (texts.sni.has(code) ? [token] : [])),
    ...fuzzyPlaceWords(word, edits).flatMap(({ token, code }) => (texts.places.has(code) ? [token] : [])),
  ];
  let best: { word: string; edits: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(candidate, word);
    if (distance > edits) continue;
    if (!best || distance < best.edits || (distance === best.edits && candidate < best.word)) best = { word: candidate, edits: distance };
  }
  return best?.word;
}

/** "göteborg" written as the user wrote "Goteborgs": capitals kept. */
function likeTyped(typed: string, spelling: string): string {
  if (typed.length > 1 && typed === typed.toUpperCase()) return spelling.toUpperCase();
  const first = typed.charAt(0);
  return first !== first.toLowerCase() ? spelling.charAt(0).toUpperCase() + spelling.slice(1) : spelling;
}

/**
 * The text to offer for a forgiving query's best record: each word in the spelling the record has, the rest of the
 * text as typed; null when the record does not show one of the words (then the offer could find nothing) or when no
 * word changes.
 */
export function correctedText(text: string, query: TextQuery, best: CompanyRecord | WorksiteRecord): string | null {
  const texts = recordTexts(best);
  const chosen = new Map<string, string>();
  for (const word of query.words) {
    if (word.word === null) continue;
    const spelling =
      [word.word, ...(word.variants ?? [])].find((candidate) => recordHas(texts, candidate, word.prefix)) ??
      closestWord(texts, word.word, word.fuzzy ?? 0);
    if (spelling === undefined) return null;
    chosen.set(word.word, spelling);
  }
  let changed = false;
  const out = text
    .trim()
    .split(/([^\p{L}\p{N}]+)/u)
    .map((token) => {
      const spelling = chosen.get(normalizeWord(token));
      if (spelling === undefined || spelling === normalizeWord(token)) return token;
      changed = true;
      return likeTyped(token, spelling);
    })
    .join("");
  return changed ? out : null;
}

/** What the retry offers: the text to run instead, and the best records of the retry (for the suggestions). */
export interface ForgivingOffer {
  text: string;
  records: CompanyRecord[] | WorksiteRecord[];
  /** The retry's words (spellings and typing errors), for whatever else reads the records by them. */
  query: TextQuery;
}

/**
 * The forgiving retry of a search whose text found nothing: null when the text has no variants, the retry finds
 * nothing, or its best record cannot name the text to offer. `limit`: how many records to return (at least 1 is read).
 */
export async function forgivingOffer(
  backend: SearchBackend,
  search: ValidSearch,
  limit: number,
  options?: Pick<SearchOptions, "listFiles">,
): Promise<ForgivingOffer | null> {
  const textQuery = forgivingTextQuery(search.textQuery);
  if (!textQuery || !search.normalised.text) return null;
  const retry: ValidSearch = { ...search, textQuery };
  const records = options?.listFiles?.size
    ? (await backend.search(retry, { ...options })).records.slice(0, Math.max(1, limit))
    : await backend.suggestRecords(retry, Math.max(1, limit));
  const [best] = records;
  if (!best) return null;
  const text = correctedText(search.normalised.text, textQuery, best);
  return text === null ? null : { text, records: records.slice(0, limit) as CompanyRecord[] | WorksiteRecord[], query: textQuery };
}
