import { isPythonSpace, PYTHON_WORD, UNICODE_WORD } from '@tokenlab/pattern';

/** A character's class for the hand-written scanners: Python whitespace, word character, or other. */
export const SPACE = 0;
export const WORD = 1;
export const OTHER = 2;

/**
 * A classifier of code points into {@link SPACE}, {@link WORD} and {@link OTHER}, with a table for
 * the Basic Multilingual Plane built once from the same classes the pattern translator uses, so the
 * scanners agree with the RegExp versions exactly.
 */
export class CharClassifier {
  /** The class of every BMP code unit; the surrogates are {@link OTHER} (pairs go through `classAt`). */
  readonly table = new Uint8Array(0x10000);
  private readonly wordRegExp: RegExp;

  constructor(word: string) {
    this.wordRegExp = new RegExp(`^[${word}]$`, 'u');
    const table = this.table;
    const ranges = new RegExp(`[${word}]+`, 'gu');
    // Mark word characters range by range: one pass of the RegExp over a string of all BMP units.
    let all = '';
    for (let unit = 0; unit < 0x10000; unit++)
      all += String.fromCharCode(unit >= 0xd800 && unit <= 0xdfff ? 0 : unit);
    table.fill(OTHER);
    for (const match of all.matchAll(ranges)) table.fill(WORD, match.index, match.index + match[0].length);
    for (let unit = 0; unit < 0x10000; unit++) if (isPythonSpace(unit)) table[unit] = SPACE;
    // Lone surrogates are neither word nor space.
    table.fill(OTHER, 0xd800, 0xe000);
  }

  /** The class of the code point starting at `index` (a BMP unit, or a surrogate pair read whole). */
  classAt(text: string, index: number): number {
    const unit = text.charCodeAt(index);
    if (unit < 0xd800 || unit > 0xdbff) return this.table[unit]!;
    const next = text.charCodeAt(index + 1);
    if (next < 0xdc00 || next > 0xdfff) return OTHER;
    return this.wordRegExp.test(text.slice(index, index + 2)) ? WORD : OTHER;
  }
}

let python: CharClassifier | undefined;
let unicode: CharClassifier | undefined;

/** Python's `\w`/`\s` classification (letters and numbers, no combining marks). */
export function pythonClassifier(): CharClassifier {
  python ??= new CharClassifier(PYTHON_WORD);
  return python;
}

/** `\w` with combining marks. */
export function unicodeClassifier(): CharClassifier {
  unicode ??= new CharClassifier(UNICODE_WORD);
  return unicode;
}
