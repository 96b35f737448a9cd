/**
 * Text a user names something with (an export template, a column header, a saved search, a list file's name) ends up
 * in files, mails and other people's tools: it must be printable, well-formed Unicode. Control characters (NUL among
 * them) and lone surrogates are refused at the contract, or stripped where the text comes from a file (issue 25).
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export const UNSAVEABLE_TEXT_MESSAGE = "Texten innehåller tecken som inte går att spara.";

/** Whether a name holds a control character or a lone surrogate. */
export const hasUnsaveableCharacters = (text: string): boolean => CONTROL.test(text) || LONE_SURROGATE.test(text);

/** The text without control characters and lone surrogates. */
export const withoutUnsaveableCharacters = (text: string): string => text.replace(CONTROLS, "").replace(LONE_SURROGATES, "");
