/**
 * Text a user names something with (an export template, a column header, a saved search, a list file's name) ends up
 * in files, mails and other people's tools: it must be printable, well-formed Unicode. Control characters (NUL among
 * them) and lone surrogates are refused at the contract, or stripped where the text comes from a file (issue 25).
 */
// eslint-disable-next-line no-control-regex
const UNSAVEABLE = /[\u0000-\u001f\u007f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export const UNSAVEABLE_TEXT_MESSAGE = "Texten innehåller tecken som inte går att spara.";

/** The text without control characters and lone surrogates. */
export const withoutUnsaveableCharacters = (text: string): string => text.replace(UNSAVEABLE, "");

/** Whether a name holds a control character or a lone surrogate. */
export const hasUnsaveableCharacters = (text: string): boolean => withoutUnsaveableCharacters(text) !== text;
