/**
 * Soft hyphens (U+00AD) in long Swedish words, so that a narrow column breaks "Fastighets-/verksamhet" with a hyphen
 * instead of "Fastighetsverksamh/et" (issue 25). CSS `hyphens: auto` needs a hyphenation dictionary that many
 * Chromium installations lack, so the break points are written into the text: between two vowels, a run of consonants
 * breaks before its last consonant (fas-tig-hets-verk-sam-het); "ng", "ck" and "x" stay with the syllable before, and
 * a double s before another consonant is split (pen-sions-stif-tel-ser: a compound's joining s).
 * Assistive technology and text search ignore soft hyphens; the browser shows one only where it breaks the line.
 */

const SOFT_HYPHEN = "\u00ad";
const VOWEL = /[aeiouyåäöéèüæø]/i;
const LETTER = /\p{L}/u;
/** Words shorter than this are left whole, and no piece is shorter than these. */
const MIN_WORD = 7;
const MIN_HEAD = 2;
const MIN_TAIL = 3;
const KEEP_BEFORE_BREAK = ["ng", "ck", "x"];

/** Break positions (index of the first letter after a break) of one word of letters. */
function breakPoints(word: string): number[] {
  const points: number[] = [];
  let previousVowel = -1;
  for (let i = 0; i < word.length; i++) {
    if (!VOWEL.test(word[i]!)) continue;
    const consonants = word.slice(previousVowel + 1, i);
    if (previousVowel >= 0 && consonants.length > 0) {
      const lower = consonants.toLowerCase();
      const joint = lower.search(/ss[^aeiouyåäöéèüæø]/);
      const kept = KEEP_BEFORE_BREAK.some((unit) => lower.endsWith(unit));
      const at = joint >= 0 ? previousVowel + 2 + joint : kept ? i : i - 1;
      if (at >= MIN_HEAD && word.length - at >= MIN_TAIL) points.push(at);
    }
    previousVowel = i;
  }
  return points;
}

function hyphenateWord(word: string): string {
  if (word.length < MIN_WORD || word.includes(SOFT_HYPHEN)) return word;
  let out = "";
  let from = 0;
  for (const at of breakPoints(word)) {
    out += word.slice(from, at) + SOFT_HYPHEN;
    from = at;
  }
  return out + word.slice(from);
}

/** The text with soft hyphens inside its long words; everything else (spaces, digits, punctuation) as it was. */
export function hyphenateSv(text: string): string {
  let out = "";
  let word = "";
  for (const char of text) {
    if (LETTER.test(char)) {
      word += char;
      continue;
    }
    out += hyphenateWord(word) + char;
    word = "";
  }
  return out + hyphenateWord(word);
}
