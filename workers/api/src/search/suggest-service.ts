/**
 * The header box's suggestions (issue 26, GET /sapi/search/suggest): the text parsed as the free-text search parses
 * it (search-index/free-text.ts), the best records in relevance order without counts, and the industries and places
 * whose names match a word of it (the word being typed, the last one, first), each offered as a filter instead of
 * that word.
 */
import {
  formatSniCode,
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

function suggestedRecord(record: CompanyRecord | WorksiteRecord) {
  const id = "cfarNo" in record ? record.cfarNo : String(record.orgSeqNo);
  return { id, name: record.name, city: record.city, orgNo: record.orgNo };
}

export async function suggestAnswer(backend: SearchBackend, query: SuggestQuery): Promise<SuggestAnswer> {
  const answer: SuggestAnswer = { text: query.text, type: query.type, records: [], industries: [], places: [] };
  if (query.text === "") return answer;
  const search = parseSearch({ resultType: query.type, text: query.text, sort: [{ field: "relevance", ascending: false }] });
  const words = search.textQuery?.words ?? [];
  if (words.length === 0) return answer;
  const records = await backend.suggestRecords(search, SUGGEST_MAX_RECORDS);
  return {
    ...answer,
    records: records.map(suggestedRecord),
    industries: suggestedCodes(words, (word) => word.industries, sniText, SUGGEST_MAX_INDUSTRIES),
    places: suggestedCodes(words, (word) => word.places, placeText, SUGGEST_MAX_PLACES),
  };
}
