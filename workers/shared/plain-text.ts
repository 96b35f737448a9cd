/**
 * Text a user names something with (an export template, a column header, a saved search, a list file's name) ends up
 * in files, mails and other people's tools: it must be printable, well-formed Unicode. Control characters (NUL among
 * them), lone surrogates and the invisible format characters (Unicode category Cf: the bidirectional overrides and
 * isolates U+202A–202E and U+2066–2069 that make "Faktura\u202Eexe.txt" display as "Fakturatxt.exe", zero-width
 * spaces and joiners, the byte-order mark) are refused at the contract, or stripped where the text comes from a file
 * or is shown to someone else (issues 25 and 48).
 */
const UNSAVEABLE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f]|\p{Cf}|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/gu;

export const UNSAVEABLE_TEXT_MESSAGE = "Texten innehåller tecken som inte går att spara.";

/** The text without control characters and lone surrogates. */
export const withoutUnsaveableCharacters = (text: string): string => text.replace(UNSAVEABLE, "");

/** Whether a name holds a control character or a lone surrogate. */
export const hasUnsaveableCharacters = (text: string): boolean => withoutUnsaveableCharacters(text) !== text;
