/**
 * NLTK's stemmers index words by code point (Python's `str`), while JavaScript strings are UTF-16.
 * The rules only ever look at ASCII letters (and, for Arabic, BMP letters), so a word holding astral
 * characters is stemmed through stand-ins: each distinct astral character becomes a BMP character
 * absent from the word, a letter for a letter (so `isalpha` tests agree) and a private-use character
 * otherwise. Lengths, indices and equalities then match Python's, and the stand-ins are swapped back.
 */

const SURROGATE = /[\uD800-\uDFFF]/;
const LETTER = /^\p{L}$/u;
/** CJK Unified Ideographs: letters (Lo) no stemmer rule mentions. */
const FIRST_LETTER_STAND_IN = 0x4e00;
/** The Private Use Area: not letters, and no stemmer rule mentions them. */
const FIRST_OTHER_STAND_IN = 0xe000;

/**
 * Runs `stem` on `word` so that it sees one UTF-16 unit per code point, as Python would; `restore`
 * turns a string of stand-ins back into the original characters (for lookups in word lists).
 *
 * @example
 * ```ts
 * stemByCodePoints('a😀s', (word) => word.slice(0, -1)); // 'a😀'
 * ```
 */
export function stemByCodePoints(
  word: string,
  stem: (word: string, restore: (text: string) => string) => string,
): string {
  if (!SURROGATE.test(word)) return stem(word, unchanged);
  const used = new Set<number>();
  for (const char of word) used.add(char.codePointAt(0) as number);
  const standIns = new Map<string, string>();
  const originals = new Map<string, string>();
  let nextLetter = FIRST_LETTER_STAND_IN;
  let nextOther = FIRST_OTHER_STAND_IN;
  let mapped = '';
  for (const char of word) {
    if (char.length === 1) {
      mapped += char;
      continue;
    }
    let standIn = standIns.get(char);
    if (standIn === undefined) {
      if (LETTER.test(char)) {
        while (used.has(nextLetter)) nextLetter++;
        standIn = String.fromCharCode(nextLetter++);
      } else {
        while (used.has(nextOther)) nextOther++;
        standIn = String.fromCharCode(nextOther++);
      }
      standIns.set(char, standIn);
      originals.set(standIn, char);
    }
    mapped += standIn;
  }
  const restore = (text: string): string => {
    let result = '';
    for (const char of text) result += originals.get(char) ?? char;
    return result;
  };
  return restore(stem(mapped, restore));
}

const unchanged = (text: string): string => text;
