/**
 * Whether the header box's text has anything to search for (issue 26): the free-text search leaves out punctuation
 * and words that would flood it (legal forms like "AB", small words like "i"), so a text of only those finds nothing
 * and the box says what to type instead. The server's list (search-index/free-text.ts STOP_WORDS) is longer; this one
 * holds only words of it that people type alone, so a text this check lets through at worst finds nothing.
 */

const STOP_WORDS: ReadonlySet<string> = new Set([
  "ab",
  "abp",
  "aktiebolag",
  "aktiebolaget",
  "publ",
  "hb",
  "kb",
  "handelsbolag",
  "i",
  "och",
]);

export const UNSEARCHABLE_TEXT_HINT = "Skriv ett namn, en ort, en bransch eller ett organisationsnummer.";

export function hasSearchableWord(text: string): boolean {
  const words = text.toLocaleLowerCase("sv").split(/[^\p{L}\p{N}]+/u);
  return words.some((word) => word !== "" && !STOP_WORDS.has(word));
}
