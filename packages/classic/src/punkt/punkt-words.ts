import { isPythonSpace } from '@tokenlab/pattern';
import { codePointWidth } from '../code-point-width.js';

const PERIOD = 0x2e;
const HYPHEN = 0x2d;
const COMMA = 0x2c;
/** The characters that cannot start a word (NLTK's `_re_word_start` excludes them): ( " ` { [ : ; & # * @ ) } ] - , */
const NOT_WORD_START = new Set([...'("`{[:;&#*@)}]-,'].map((char) => char.charCodeAt(0)));

/**
 * Punkt's word segmentation, read by hand (NLTK's `_word_tokenizer_re`): a multi-character
 * punctuation run (`--`, `..`, `. . .`); else, from a character that may start a word, the shortest
 * run of non-space characters that ends before whitespace, the end, a `nonWord` character, a
 * multi-character run, or a comma followed by one of those; else a single character. A property
 * test checks it against the pattern itself.
 *
 * @example
 * ```ts
 * const splitter = new PunktWordSplitter(new Set([...')";}]*:@\'({[?!'].map((c) => c.codePointAt(0)!)));
 * splitter.split('He said--"no," then left...');
 * // ['He', 'said', '--', '"', 'no', ',', '"', 'then', 'left', '...']
 * ```
 */
export class PunktWordSplitter {
  private readonly nonWord: ReadonlySet<number>;
  /** 1 for the code units where a word may end: spaces, `nonWord`, `-`, `.`, `,` (high surrogates of astral `nonWord`). */
  private readonly mayEnd = new Uint8Array(0x10000);

  /** `nonWord`: the code points that end a word and are tokens of their own. */
  constructor(nonWord: ReadonlySet<number>) {
    this.nonWord = nonWord;
    for (let unit = 0; unit <= 0x3000; unit++) if (isPythonSpace(unit)) this.mayEnd[unit] = 1;
    for (const unit of [HYPHEN, PERIOD, COMMA]) this.mayEnd[unit] = 1;
    for (const codePoint of nonWord)
      this.mayEnd[codePoint > 0xffff ? String.fromCodePoint(codePoint).charCodeAt(0) : codePoint] = 1;
  }

  /** The words of `text`, left to right. */
  split(text: string): string[] {
    const { mayEnd, nonWord } = this;
    const words: string[] = [];
    const length = text.length;
    let index = 0;
    while (index < length) {
      const unit = text.charCodeAt(index);
      if (isPythonSpace(unit)) {
        index++;
        continue;
      }
      let end = multiCharEnd(text, index);
      if (end < 0) {
        if (NOT_WORD_START.has(unit)) end = index + 1;
        else {
          end = index + codePointWidth(text, index);
          for (;;) {
            // Most characters cannot end a word: skip them a table lookup at a time. No lookahead
            // holds inside a surrogate pair, so stepping by code units is safe here.
            while (end < length && mayEnd[text.charCodeAt(end)] === 0) end++;
            if (wordEndsAt(text, end, nonWord)) break;
            end++;
          }
        }
      }
      words.push(text.slice(index, end));
      index = end;
    }
    return words;
  }
}

/** Where `(?=\s|$|NonWord|MultiChar|,(?=$|\s|NonWord|MultiChar))` holds. */
function wordEndsAt(text: string, index: number, nonWord: ReadonlySet<number>): boolean {
  if (index >= text.length) return true;
  const unit = text.charCodeAt(index);
  if (isPythonSpace(unit) || nonWord.has(text.codePointAt(index)!) || multiCharEnd(text, index) >= 0)
    return true;
  if (unit !== COMMA) return false;
  const next = index + 1;
  return (
    next >= text.length ||
    isPythonSpace(text.charCodeAt(next)) ||
    nonWord.has(text.codePointAt(next)!) ||
    multiCharEnd(text, next) >= 0
  );
}

/** The end of `-{2,}`, `\.{2,}` or `(?:\.\s){2,}\.` matched at `index`, or -1. */
function multiCharEnd(text: string, index: number): number {
  const unit = text.charCodeAt(index);
  if (unit !== HYPHEN && unit !== PERIOD) return -1;
  if (text.charCodeAt(index + 1) === unit) {
    let end = index + 2;
    while (text.charCodeAt(end) === unit) end++;
    return end;
  }
  if (unit === HYPHEN) return -1;
  // Spaced periods: as many ". " pairs as there are, then a period; with too few pairs before a
  // period, give one pair back (the pair's own period ends the match).
  let pairs = 0;
  let end = index;
  while (
    text.charCodeAt(end) === PERIOD &&
    end + 1 < text.length &&
    isPythonSpace(text.charCodeAt(end + 1))
  ) {
    pairs++;
    end += 2;
  }
  if (pairs >= 2 && text.charCodeAt(end) === PERIOD) return end + 1;
  if (pairs >= 3) return end - 1;
  return -1;
}
