/**
 * Free texts for the equivalence searches: prefixes of real name words (in any case), the start of a real name as typed
 * (several words, accents and punctuation kept), real organisation numbers in the formats people paste, and oddities
 * (punctuation only, single letters, accents that fold, more than twelve words).
 */
import fc from "fast-check";
import type { ResultType } from "#shared/search/search-fields";
import { elementOf } from "./equivalence-constraints";
import type { ValuePools } from "./equivalence-pools";

/** Texts without a single word: punctuation and dashes only (no constraint at all, like an empty text). */
const WORDLESS_TEXTS = ["-", "&", " – ", "...", "/", "+ +"];

const ODD_TEXTS = ["  ", "AB", "ab ab", "å", "Ö", "e", "é", "Cafe", "CAFÉ", "a b c d e f g h i j k l m n", "999999-9999", "12345"];

/** "556036-0793" as typed: with or without the dash, with a century or 16 prefix, spaced, padded. */
function orgNoFormats(orgNo: string): string[] {
  const digits = orgNo.replace("-", "");
  return [
    orgNo,
    digits,
    `16${orgNo}`,
    `16${digits}`,
    `19${digits}`,
    `20${orgNo}`,
    `${digits.slice(0, 6)} ${digits.slice(6)}`,
    ` ${orgNo} `,
  ];
}

function casing(text: string, style: number): string {
  if (style === 1) return text.toUpperCase();
  if (style === 2) return text.charAt(0).toUpperCase() + text.slice(1);
  return text;
}

const prefixOf = (word: string, n: number, style: number) => casing([...word].slice(0, 1 + (n % [...word].length)).join(""), style);

/** A free text for the result type's searches; `own` are the anchor record's name words. */
export function textArb(type: ResultType, pools: ValuePools, own: readonly string[]): fc.Arbitrary<string> {
  const words = type === "COMPANY" ? pools.companyWords : [...new Set([...pools.worksiteWords, ...pools.companyWords])];
  const names = type === "COMPANY" ? pools.companyNames : [...pools.worksiteNames, ...pools.companyNames];
  const word = own.length > 0 ? fc.oneof(elementOf(own), elementOf(words)) : elementOf(words);
  const wordPrefix = fc.tuple(word, fc.nat(), fc.nat(2)).map(([value, n, style]) => prefixOf(value, n, style));
  const namePrefix = fc.tuple(elementOf(names), fc.nat()).map(([name, n]) => name.slice(0, 1 + (n % name.length)));
  const orgNo = fc.tuple(elementOf(pools.orgNos), fc.nat()).map(([value, n]) => {
    const formats = orgNoFormats(value);
    return formats[n % formats.length] as string;
  });
  return fc.oneof(
    { weight: 4, arbitrary: wordPrefix },
    { weight: 3, arbitrary: namePrefix },
    { weight: 2, arbitrary: orgNo },
    { weight: 1, arbitrary: fc.constantFrom(...ODD_TEXTS) },
    { weight: 1, arbitrary: fc.constantFrom(...WORDLESS_TEXTS) },
  );
}
