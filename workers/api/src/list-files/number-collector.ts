import { KeyList } from "./key-list";
import { IGNORED_CODE, INVALID_CODE, isSeparator, judgeCandidate, judgeRange } from "#shared/list-files/org-number";
import { LIST_FILE_LIMITS } from "./limits";
import { tooManyNumbers } from "./refusals";

/** What one file yielded, before it is matched against the register. */
export interface CollectedNumbers {
  /** Non-blank lines, sheet rows or paragraphs read. */
  rowsRead: number;
  /** Distinct valid numbers. */
  valid: number;
  /** Occurrences shaped like a number that fail the check digit or the date. */
  invalid: number;
  /** The first few invalid spellings, as written in the file. */
  invalidExamples: string[];
  /** Valid occurrences beyond the first of each number. */
  duplicates: number;
  /** The distinct valid numbers as ten-digit integer keys, ascending (see formatOrgNo). */
  keys: Float64Array;
}

const MAX_EXAMPLES = 5;
const NON_BLANK = /\S/;

const isDigit = (c: number) => c >= 48 && c <= 57;
const isSpace = (c: number) => c === 32 || c === 0xa0 || c === 0x202f;
const isBlank = (c: number) => isSpace(c) || c === 9 || c === 13 || c === 0xfeff;
const SPACES = /[ \u00a0\u202f]+/;
const SPACE_AROUND_SEPARATOR = /[ \u00a0\u202f]*([-+\u2010-\u2013\u2212])[ \u00a0\u202f]*/g;

const countDigits = (text: string) => {
  let n = 0;
  for (let i = 0; i < text.length; i++) if (isDigit(text.charCodeAt(i))) n++;
  return n;
};

/** Collects numbers from the text units of one file, counting rows, invalid spellings and duplicates. */
export class NumberCollector {
  private readonly found = new KeyList();
  private rows = 0;
  private invalid = 0;
  private candidates = 0;
  private runHasSpace = false;
  private readonly examples: string[] = [];

  constructor(private readonly fileName: string) {}

  /** One row, cell line or paragraph: counted as read when not blank. */
  addUnit(text: string): void {
    if (!NON_BLANK.test(text)) return;
    this.rows++;
    this.scan(text);
  }

  /** A whole text file: every non-blank line counts as a row. */
  addText(text: string): void {
    this.found.reserve(Math.min(Math.ceil(text.length / 12), LIST_FILE_LIMITS.maxNumbers));
    this.rows += this.scan(text);
  }

  result(): CollectedNumbers {
    const { keys, duplicates } = this.found.distinct();
    return {
      rowsRead: this.rows,
      valid: keys.length,
      invalid: this.invalid,
      invalidExamples: [...this.examples],
      duplicates,
      keys,
    };
  }

  /** Finds and takes every candidate in `text`; returns the number of non-blank lines. One pass, no allocation per character. */
  private scan(text: string): number {
    const n = text.length;
    let lines = 0;
    let lineHasContent = false;
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c > 57) {
        if (!lineHasContent && !isBlank(c)) lineHasContent = true;
      } else if (c >= 48) {
        lineHasContent = true;
        const end = this.runEnd(text, i);
        if (end - i >= 10) {
          if (this.runHasSpace) this.splitRun(text.slice(i, end));
          else this.takeRange(text, i, end);
        }
        i = end - 1;
      } else if (c === 10) {
        if (lineHasContent) lines++;
        lineHasContent = false;
      } else if (!lineHasContent && !isBlank(c)) lineHasContent = true;
    }
    return lineHasContent ? lines + 1 : lines;
  }

  /**
   * The end of the digit run starting at `start`: digits joined by at most one space and/or one hyphen-like separator
   * each ("556016 - 0680", "55 60 16-0680", "5560160680 2021005448"). Sets runHasSpace when it skipped spaces.
   */
  private runEnd(text: string, start: number): number {
    let end = start + 1;
    this.runHasSpace = false;
    for (;;) {
      let c = text.charCodeAt(end);
      while (c >= 48 && c <= 57) c = text.charCodeAt(++end);
      let k = end;
      let spaced = false;
      if (isSpace(c)) {
        spaced = true;
        c = text.charCodeAt(++k);
      }
      if (isSeparator(c)) c = text.charCodeAt(++k);
      if (isSpace(c)) {
        spaced = true;
        c = text.charCodeAt(++k);
      }
      if (!(c >= 48 && c <= 57)) return end;
      if (spaced) this.runHasSpace = true;
      end = k;
    }
  }

  /** A run with spaces may hold one number written with spaces, or several numbers side by side. */
  private splitRun(run: string): void {
    const parts = run.replace(SPACE_AROUND_SEPARATOR, "$1").split(SPACES);
    let i = 0;
    while (i < parts.length) {
      const end = this.takeFrom(parts, i);
      i = end + 1;
    }
  }

  /** Joins parts from `i` into 10 or 12 digits; prefers a valid 12-digit form, then the 10-digit one. Returns the last part used. */
  private takeFrom(parts: string[], i: number): number {
    let joined = "";
    let ten: { text: string; end: number } | undefined;
    let twelve: { text: string; end: number } | undefined;
    for (let j = i; j < parts.length; j++) {
      joined += parts[j];
      const digits = countDigits(joined);
      if (digits > 12) break;
      if (digits === 10 && judgeCandidate(joined).kind !== "ignored") ten = { text: joined, end: j };
      if (digits === 12 && judgeCandidate(joined).kind !== "ignored") twelve = { text: joined, end: j };
    }
    const chosen = twelve && (judgeCandidate(twelve.text).kind === "valid" || !ten) ? twelve : ten;
    if (!chosen) return i;
    this.takeRange(chosen.text, 0, chosen.text.length);
    return chosen.end;
  }

  private takeRange(text: string, start: number, end: number): void {
    const code = judgeRange(text, start, end);
    if (code === IGNORED_CODE) return;
    if (++this.candidates > LIST_FILE_LIMITS.maxNumbers) throw tooManyNumbers(this.fileName);
    if (code === INVALID_CODE) {
      this.invalid++;
      if (this.examples.length < MAX_EXAMPLES) this.examples.push(text.slice(start, end));
      return;
    }
    this.found.push(code);
  }
}
