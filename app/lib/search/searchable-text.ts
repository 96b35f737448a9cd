/**
 * Whether the header box's text has anything to search for (issue 26): the free-text search leaves out punctuation
 * and words that would flood it (legal forms like "AB", small words like "i"), so a text of only those finds nothing
 * and the box says what to type instead. The list is the server's own (workers/shared/search/stop-words.ts).
 */
import { MIN_ORG_NO_PREFIX } from "#shared/search/search-fields";
import { STOP_WORDS } from "#shared/search/stop-words";

export const UNSEARCHABLE_TEXT_HINT = "Skriv ett namn, en ort, en bransch eller ett organisationsnummer.";

export function hasSearchableWord(text: string): boolean {
  const words = text.toLocaleLowerCase("sv").split(/[^\p{L}\p{N}]+/u);
  return words.some((word) => word !== "" && !STOP_WORDS.has(word));
}

/** The fewest digits that search organisation numbers by their start (the index's own limit). */
export const ORG_NO_PREFIX_DIGITS = MIN_ORG_NO_PREFIX;

/**
 * Issue 38: what to say when a text of only digits (and dashes or spaces) found nothing: how many digits an
 * organisation number search needs. Null for any other text, and for a whole number (10 digits or more).
 */
export function orgNoDigitsHint(text: string | null | undefined): string | null {
  const typed = text?.trim() ?? "";
  if (!/^[\d\s-]+$/.test(typed)) return null;
  const digits = typed.replace(/\D/g, "").length;
  if (digits === 0 || digits >= 10) return null;
  return digits < ORG_NO_PREFIX_DIGITS
    ? `Skriv minst ${ORG_NO_PREFIX_DIGITS} siffror för att söka på organisationsnummer.`
    : "Inget organisationsnummer börjar med de siffrorna. Ett organisationsnummer har 10 siffror.";
}
