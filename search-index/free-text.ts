/**
 * The free-text search (issue 26, docs/decisions/0033), parsed once with the search (ValidSearch.textQuery) and run
 * alike by both backends.
 *
 * Every word of the text must match somewhere (AND across words); a word matches a record when any of its fields has
 * it (OR across fields): the name (worksites: also their company's name), the organisation number, the street and
 * postal town, the manager's and board members' names, the SNI texts and search words of the record's industries, and
 * the names of its municipality and county. The last word also matches as a prefix ("pizz" finds "pizzeria"), the
 * others as whole words. Words are normalised as everywhere in the index (text.ts: case ignored, å ä ö letters of
 * their own, other accents dropped), and common words that would block or flood a search ("AB", "aktiebolag", "i",
 * "och", …) are left out of both the index and the query.
 *
 * Relevance: per word a record scores its best field (TEXT_SCORES: name before person and address before industry and
 * place, whole words before prefixes); a record's score is the sum over the words. The index side of names, people and
 * addresses is the backends' own (postings in the embedded index, analysed text fields in Elasticsearch); industries
 * and places are reference data, resolved here to codes that both backends then match against their code fields.
 */
import type { CompanySourceRecord, WorksiteSourceRecord } from "./records";
import { counties, locationCodeToText, municipalities, sniCodeToText, sniDetailGroupToKeywords } from "./refdata";
import { MIN_ORG_NO_PREFIX } from "#shared/search/search-fields";
import { STOP_WORDS } from "#shared/search/stop-words";
import { fuzzyWordRange } from "./fuzzy";
import { normalizeWord } from "./text";

export { STOP_WORDS };

/** Words of industry texts too general to say anything about a trade ("Annan specialiserad bygg- och anläggningsverksamhet"). */
const GENERIC_INDUSTRY_WORDS: ReadonlySet<string> = new Set([
  "annan",
  "annat",
  "andra",
  "övrig",
  "övriga",
  "ej",
  "inte",
  "inklusive",
  "utom",
  "samband",
  "slag",
  "alla",
  "olika",
  "verksamhet",
]);

/** The most words of a text that take part; later ones are ignored. */
export const MAX_TEXT_WORDS = 8;

/** A word's score in each field, whole word and prefix. */
export const TEXT_SCORES = {
  orgNo: { exact: 7, prefix: 6 },
  name: { exact: 6, prefix: 5 },
  person: { exact: 4, prefix: 3 },
  address: { exact: 4, prefix: 3 },
  industry: { exact: 2, prefix: 1 },
  place: { exact: 2, prefix: 1 },
} as const;
export type TextField = keyof typeof TEXT_SCORES;

/** The scores of a word's other spellings (TextWord.variants): the field's prefix score, whole word or prefix alike. */
export const variantScores = (scores: { exact: number; prefix: number }) => ({ exact: scores.prefix, prefix: scores.prefix });
/**
 * The score of a word within a word's typing errors (TextWord.fuzzy): one below the field's prefix score (at least 1),
 * so that "frisor" finds "Frisör" (a spelling) before "Resor" (two edits).
 */
export const fuzzyScore = (scores: { exact: number; prefix: number }) => Math.max(1, scores.prefix - 1);

/** The highest score one word can give a record; the sum over MAX_TEXT_WORDS words fits in 16 bits. */
export const MAX_WORD_SCORE = TEXT_SCORES.orgNo.exact;

export interface ScoredCode {
  code: string;
  score: number;
}

export interface TextWord {
  /** The normalised word; null for an organisation number (it matches nothing but orgNo). */
  word: string | null;
  /** Whether the word also matches as a prefix (the last word of the text). */
  prefix: boolean;
  /**
   * Organisation numbers as 10-digit numbers, [from, to] inclusive, and the digits given (all 10, or the first 4–9 of
   * a prefix); null when the word is not one.
   */
  orgNo: { from: number; to: number; digits: string } | null;
  /** SNI codes (any level) whose text or search words match, with the score (TEXT_SCORES.industry). */
  industries: ScoredCode[];
  /** Counties and municipalities whose name matches, with the score (TEXT_SCORES.place). */
  places: ScoredCode[];
  /**
   * Other spellings that also match, at the field's prefix score (forgiving.ts: å/ä/ö folded, a genitive -s
   * removed); only a forgiving retry has them.
   */
  variants?: readonly string[];
  /**
   * The edits a name, address or person word may differ by from the word (fuzzy.ts, `fuzziness: AUTO`), matched as
   * whole words at fuzzyScore; only a forgiving retry has it, and only when above 0.
   */
  fuzzy?: number;
}

/**
 * A parsed text: its words, each of which must match. No words (only stop words, punctuation or symbols) means the
 * search matches nothing.
 */
export interface TextQuery {
  text: string;
  words: TextWord[];
}

const SEPARATOR = /[^\p{L}\p{N}]+/u;
/** An organisation number written whole (556036-0793, 5560360793, 16556036-0793, 19…/20… personal numbers). */
const ORG_NO = /(?<![\p{L}\p{N}])(?:16|19|20)?(\d{6})[-+\s]?(\d{4})(?![\p{L}\p{N}])/gu;
/** Groups of digits joined by dashes: a number written in parts. */
const DASHED_DIGITS = /(?<![\p{L}\p{N}-])\d+(?:-\d+)+-?(?![\p{L}\p{N}])/gu;
/** The fewest letters of a last word that find industries by prefix (shorter ones find them only as whole words). */
const MIN_INDUSTRY_PREFIX = 3;
export { MIN_ORG_NO_PREFIX };

/** The words of a text as the index stores them: normalised, stop words left out, each once, in order. */
export function indexWords(text: string | null | undefined): string[] {
  if (!text) return [];
  const seen = new Set<string>();
  for (const word of normalizeWord(text).split(SEPARATOR)) if (word !== "" && !STOP_WORDS.has(word)) seen.add(word);
  return [...seen];
}

interface DictionaryEntry {
  token: string;
  code: string;
}

/** Sorted (token, code) pairs; a prefix or a whole word is a range of it. */
class CodeDictionary {
  private readonly entries: DictionaryEntry[];
  /** The entries' tokens, for the fuzzy walk; built on first use. */
  private tokens: string[] | undefined;

  constructor(pairs: Iterable<DictionaryEntry>) {
    const seen = new Set<string>();
    this.entries = [...pairs]
      .filter(({ token, code }) => !seen.has(`${token}\u0000${code}`) && seen.add(`${token}\u0000${code}`))
      .sort((a, b) => (a.token < b.token ? -1 : a.token > b.token ? 1 : a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  }

  private lowerBound(token: string): number {
    let lo = 0;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.entries[mid]?.token ?? "") < token) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Codes with the word (score `exact`) or, for a prefix, a word starting with it (score `prefix`); best score per code. */
  match(word: string, prefix: boolean, scores: { exact: number; prefix: number }): ScoredCode[] {
    const best = new Map<string, number>();
    for (let i = this.lowerBound(word); i < this.entries.length; i++) {
      const entry = this.entries[i] as DictionaryEntry;
      const exact = entry.token === word;
      if (!exact && !(prefix && entry.token.startsWith(word))) break;
      const score = exact ? scores.exact : scores.prefix;
      if (score > (best.get(entry.code) ?? 0)) best.set(entry.code, score);
    }
    return [...best].map(([code, score]) => ({ code, score })).sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  }

  /** The tokens within `maxEdits` of the word (fuzzy.ts) and their codes, in token order. */
  fuzzy(word: string, maxEdits: number): DictionaryEntry[] {
    const tokens = (this.tokens ??= this.entries.map((entry) => entry.token));
    return fuzzyWordRange(tokens, 0, tokens.length, 0, word, maxEdits).map((i) => this.entries[i] as DictionaryEntry);
  }
}

let dictionaries: { industries: CodeDictionary; places: CodeDictionary } | null = null;

/** Industry and place dictionaries from the reference data, built on first use. */
/** One SNI code's industry words: its text's (without the general ones) and, for a detail group, its search words. */
function codeIndustryWords(code: string): string[] {
  const title = indexWords(sniCodeToText[code]).filter((token) => !GENERIC_INDUSTRY_WORDS.has(token));
  return [...title, ...(sniDetailGroupToKeywords[code] ?? []).flatMap(indexWords)];
}

/** A county's or municipality's words: "Stockholms län" is "stockholms" ("län" alone would be every county). */
function placeNameWords(code: string): string[] {
  return indexWords(locationCodeToText[code]).filter((token) => token !== "län");
}

function codeDictionaries() {
  if (dictionaries) return dictionaries;
  const pairs = (codes: readonly string[], wordsOf: (code: string) => string[]) =>
    codes.flatMap((code) => wordsOf(code).map((token) => ({ token, code })));
  const placeCodes = [...counties, ...municipalities].map((place) => place.code);
  dictionaries = {
    industries: new CodeDictionary(pairs(Object.keys(sniCodeToText), codeIndustryWords)),
    places: new CodeDictionary(pairs(placeCodes, placeNameWords)),
  };
  return dictionaries;
}

/** Industries and places whose names match a word (the suggestions' filters use the same matching). */
export function matchIndustries(word: string, prefix: boolean): ScoredCode[] {
  return codeDictionaries().industries.match(word, prefix, TEXT_SCORES.industry);
}
export function matchPlaces(word: string, prefix: boolean): ScoredCode[] {
  return codeDictionaries().places.match(word, prefix, TEXT_SCORES.place);
}
/** The industry and place words within `maxEdits` of a word (a forgiving retry's typing errors, fuzzy.ts), with their codes. */
export function fuzzyIndustryWords(word: string, maxEdits: number): readonly { token: string; code: string }[] {
  return codeDictionaries().industries.fuzzy(word, maxEdits);
}
export function fuzzyPlaceWords(word: string, maxEdits: number): readonly { token: string; code: string }[] {
  return codeDictionaries().places.fuzzy(word, maxEdits);
}

function orgNoWord(digits: string): TextWord {
  const value = Number(digits);
  return { word: null, prefix: false, orgNo: { from: value, to: value, digits }, industries: [], places: [] };
}

function plainWord(word: string, prefix: boolean): TextWord {
  let orgNo: TextWord["orgNo"] = null;
  if (/^\d+$/.test(word) && word.length >= MIN_ORG_NO_PREFIX && word.length <= 10 && prefix) {
    const scale = 10 ** (10 - word.length);
    orgNo = { from: Number(word) * scale, to: (Number(word) + 1) * scale - 1, digits: word };
  }
  // An industry text's prefix needs a few letters: "p" would be hundreds of trades, and "pizzeria" is typed in full.
  const industryPrefix = prefix && [...word].length >= MIN_INDUSTRY_PREFIX;
  return { word, prefix, orgNo, industries: matchIndustries(word, industryPrefix), places: matchPlaces(word, prefix) };
}

/**
 * Parses a search's text; null when there is none (no text constraint). Organisation numbers written whole are found
 * first, then the remaining words; the last word is a prefix unless it is a stop word (which is left out).
 */
export function parseTextQuery(text: string | null | undefined): TextQuery | null {
  const trimmed = text?.trim() ?? "";
  if (trimmed === "") return null;
  const words: TextWord[] = [];
  const orgNos = new Set<string>();
  const rest = trimmed.replace(ORG_NO, (_whole, head: string, tail: string) => {
    orgNos.add(head + tail);
    return " ";
  });
  for (const digits of orgNos) words.push(orgNoWord(digits));
  // Digits written in groups with dashes ("5560-1", "556036-07") are the start of one number (issue 48 point 8).
  const joined = rest.replace(DASHED_DIGITS, (groups) => {
    const digits = groups.replace(/-/g, "");
    return digits.length <= 10 ? digits : groups;
  });
  const tokens = normalizeWord(joined)
    .split(SEPARATOR)
    .filter((token) => token !== "");
  const kept = tokens.filter((token) => !STOP_WORDS.has(token));
  const lastIsPrefix = tokens.length > 0 && kept.length > 0 && tokens[tokens.length - 1] === kept[kept.length - 1];
  const distinct = [...new Set(kept)];
  distinct.forEach((token, i) =>
    words.push(plainWord(token, lastIsPrefix && i === distinct.length - 1 && token === kept[kept.length - 1])),
  );
  return { text: trimmed, words: words.slice(0, MAX_TEXT_WORDS) };
}

/** The texts a record is searched by, per field (the index builders of both backends take them from here). */
export interface TextFields {
  /** Companies: the name; worksites: their own name and their company's. */
  name: string;
  /** Streets and postal towns of the postal and visiting addresses. */
  address: string;
  /** Companies: the manager's and board members' names; worksites: none. */
  people: string;
}

interface AddressLike {
  streetAddress: string | null;
  city: string | null;
}
const addressText = (...addresses: (AddressLike | null)[]) =>
  addresses.flatMap((a) => (a ? [a.streetAddress ?? "", a.city ?? ""] : [])).join(" ");

export function companyTextFields(source: CompanySourceRecord): TextFields {
  return {
    name: source.name,
    address: addressText(source.postalAddress, source.visitingAddress),
    people: [source.managerName ?? "", ...source.boardMembers.map((member) => member.name)].join(" "),
  };
}

export function worksiteTextFields(source: WorksiteSourceRecord, companyName: string): TextFields {
  return { name: `${source.name} ${companyName}`, address: addressText(source.postalAddress, source.visitingAddress), people: "" };
}

/**
 * The industry words a record is found by, for a text index that stores them per record (the SQLite FTS5 baseline of
 * bench:search): the words of every code's text and the search words of the detail groups, as the dictionary holds
 * them. `codes`: the record's SNI codes with their ancestors.
 */
export function industryWords(codes: readonly string[]): string[] {
  return [...new Set(codes.flatMap(codeIndustryWords))];
}

/** The place words a record is found by (its municipality's and county's names), like industryWords. */
export function placeWords(municipalityCode: string, countyCode: string): string[] {
  return [...new Set([...placeNameWords(municipalityCode), ...placeNameWords(countyCode)])];
}
