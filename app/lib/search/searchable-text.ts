/**
 * Whether the header box's text has anything to search for (issue 26): the free-text search leaves out punctuation
 * and words that would flood it (legal forms like "AB", small words like "i"), so a text of only those finds nothing
 * and the box says what to type instead. The list is the server's own (workers/shared/search/stop-words.ts).
 */
import { STOP_WORDS } from "#shared/search/stop-words";

export const UNSEARCHABLE_TEXT_HINT = "Skriv ett namn, en ort, en bransch eller ett organisationsnummer.";

export function hasSearchableWord(text: string): boolean {
  const words = text.toLocaleLowerCase("sv").split(/[^\p{L}\p{N}]+/u);
  return words.some((word) => word !== "" && !STOP_WORDS.has(word));
}
