/**
 * The header box's suggestions (issue 26, GET /sapi/search/suggest): the text parsed as the free-text search parses
 * it (search-index/free-text.ts), the best records in relevance order without counts, and the industries and places
 * whose names match a word of it (the word being typed, the last one, first), each offered as a filter instead of
 * that word.
 */
import {
  forgivingOffer,
  type ForgivingOffer,
  indexWordMatches,
  parseTextQuery,
  formatSniCode,
  indexWords,
  locationCodeToText,
  parseSearch,
  sniCodeToText,
  type ScoredCode,
  type SearchBackend,
  type TextWord,
} from "#search-index";
import {
  SUGGEST_MAX_INDUSTRIES,
  SUGGEST_MAX_PLACES,
  SUGGEST_MAX_RECORDS,
  type SuggestAnswer,
  type SuggestedCode,
  type SuggestedRecord,
  type SuggestQuery,
} from "#shared/api-contracts/suggest";
import type { CompanyRecord, WorksiteRecord } from "#shared/search/result-schemas";

const wordText = (word: TextWord) => word.word ?? word.orgNo?.digits ?? "";

/** Best score first, then the broader code (shorter), then classification order. */
const byRelevance = (a: ScoredCode, b: ScoredCode) => b.score - a.score || a.code.length - b.code.length || (a.code < b.code ? -1 : 1);

function suggestedCodes(
  words: readonly TextWord[],
  codesOf: (word: TextWord) => readonly ScoredCode[],
  textOf: (code: string) => string,
  limit: number,
): SuggestedCode[] {
  const out: SuggestedCode[] = [];
  const seen = new Set<string>();
  for (let w = words.length - 1; w >= 0 && out.length < limit; w--) {
    const word = words[w] as TextWord;
    const remainingText = words
      .filter((_, i) => i !== w)
      .map(wordText)
      .join(" ");
    for (const { code } of [...codesOf(word)].sort(byRelevance)) {
      if (out.length >= limit) break;
      if (seen.has(code)) continue;
      seen.add(code);
      out.push({ code, text: textOf(code), remainingText });
    }
  }
  return out;
}

const sniText = (code: string) =>
  /^\d/.test(code) ? `${formatSniCode(code)} ${sniCodeToText[code] ?? ""}` : (sniCodeToText[code] ?? code);
const placeText = (code: string) => locationCodeToText[code] ?? code;

/** Whether a street has one of the words (the last one also as a prefix), as the free-text search matches it. */
function streetMatches(street: string | null, words: readonly TextWord[]): street is string {
  const streetWords = indexWords(street);
  return words.some((word) => streetWords.some((w) => indexWordMatches(w, word)));
}

function suggestedRecord(record: CompanyRecord | WorksiteRecord, words: readonly TextWord[]): SuggestedRecord {
  const id = "cfarNo" in record ? record.cfarNo : String(record.orgSeqNo);
  // Issue 38: the street that matched, so "storgatan 12" shows which Storgatan; a worksite also has its visiting street.
  const streets = "cfarNo" in record ? [record.streetAddress, record.visitingStreetAddress] : [record.streetAddress];
  const street = streets.find((candidate) => streetMatches(candidate, words));
  return { id, name: record.name, city: record.city, orgNo: record.orgNo, ...(street ? { street } : {}) };
}

export async function suggestAnswer(backend: SearchBackend, query: SuggestQuery): Promise<SuggestAnswer> {
  const answer: SuggestAnswer = { text: query.text, type: query.type, records: [], industries: [], places: [] };
  if (query.text === "") return answer;
  const search = parseSearch({ resultType: query.type, text: query.text, sort: [{ field: "relevance", ascending: false }] });
  const words = search.textQuery?.words ?? [];
  if (words.length === 0) return answer;
  const records = await backend.suggestRecords(search, SUGGEST_MAX_RECORDS);
  // Issue 38: no record as typed: the forgiving retry's records, after the industries and places the text matched.
  const offer = records.length === 0 ? await forgivingOffer(backend, search, SUGGEST_MAX_RECORDS) : null;
  const forgivenWords = offer ? offer.query.words : words;
  return {
    ...answer,
    ...(offer ? { didYouMean: offer.text } : {}),
    records: (offer?.records ?? records).map((record) => suggestedRecord(record, forgivenWords)),
    industries: codesOrOffered(words, offer, (word) => word.industries, sniText, SUGGEST_MAX_INDUSTRIES),
    places: codesOrOffered(words, offer, (word) => word.places, placeText, SUGGEST_MAX_PLACES),
  };
}

/** The text's industries or places; none as typed but an offered text: the offered text's (issue 38). */
function codesOrOffered(
  words: readonly TextWord[],
  offer: ForgivingOffer | null,
  codesOf: (word: TextWord) => readonly ScoredCode[],
  textOf: (code: string) => string,
  limit: number,
): SuggestedCode[] {
  const own = suggestedCodes(words, codesOf, textOf, limit);
  if (own.length > 0 || !offer) return own;
  return suggestedCodes(parseTextQuery(offer.text)?.words ?? [], codesOf, textOf, limit);
}
