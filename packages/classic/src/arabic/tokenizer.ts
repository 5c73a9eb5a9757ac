import type { Token, Tokenizer } from '@tokenlab/core';
import { segmentClitics } from './clitics.js';
import { CharClass, classify } from './scanner.js';

/**
 * Options of {@link ArabicTokenizer}.
 *
 * @example
 * ```ts
 * const options: ArabicTokenizerOptions = { clitics: true };
 * ```
 */
export interface ArabicTokenizerOptions {
  /**
   * Split proclitics (و ف ب ك ل, the article ال) and pronoun suffixes off Arabic words, as separate
   * tokens with their own spans. Off by default. The rule is conservative: the stem always keeps
   * at least 3 letters (more for the cuts that are most often wrong), a word with the article
   * takes no suffix, and a few frozen words (الذين, الله, أولئك …) stay whole.
   */
  clitics?: boolean;
}

const END_OF_AYAH = 0x06dd;
const VARIATION_SELECTOR_16 = 0xfe0f;
const ZWJ = 0x200d;

function isSkinTone(code: number): boolean {
  return code >= 0x1f3fb && code <= 0x1f3ff;
}

function width(code: number): number {
  return code > 0xffff ? 2 : 1;
}

/**
 * A tokenizer for Arabic and mixed Arabic/English text that gets Arabic right where Python's `\w`
 * does not:
 *
 * - words are letters with their combining marks, so diacritics (tashkeel, shadda, the superscript
 *   alef, the Quranic marks), tatweel and hamza forms stay inside them; a hyphen, underscore or
 *   apostrophe between two words joins them (محمد-النَّبي, don't);
 * - Arabic punctuation (، ؛ ؟ ٪ « » ۔ ﴿ ﴾) and Latin punctuation are split off, one token per mark,
 *   except that a run of the same mark stays together (`...`, `!!`);
 * - Arabic-Indic and Persian digits make numbers like ASCII ones, with ٫ ٬ . , between digits;
 *   the end-of-ayah sign ۝ stays with the digits it encloses; ٢٠٢٤م is a number and a word;
 * - bidi controls (LRM, RLM, ALM, embeddings, overrides, isolates) count as spaces: never a
 *   token, never inside one;
 * - emoji sequences (skin tones, ZWJ families, flags) stay whole; anything else (an orphan mark, a
 *   lone surrogate, a control character) is a token of its own, so no text but separators is lost.
 *
 * Every token is a slice of the input: `text.slice(start, end) === token.text`.
 *
 * @example
 * ```ts
 * const tokenizer = new ArabicTokenizer();
 * tokenizer.tokenize('بنور محمد-النَّبي، ١٢٫٥٠').map((t) => t.text);
 * // ['بنور', 'محمد-النَّبي', '،', '١٢٫٥٠']
 * new ArabicTokenizer({ clitics: true }).tokenize('والكتاب').map((t) => t.text);
 * // ['و', 'ال', 'كتاب']
 * ```
 */
export class ArabicTokenizer implements Tokenizer {
  /** `arabic`, or `arabic-clitics` when clitics are split. */
  readonly name: string;
  private readonly clitics: boolean;

  /** Creates the tokenizer; clitic segmentation is off unless asked for. */
  constructor(options: ArabicTokenizerOptions = {}) {
    this.clitics = options.clitics ?? false;
    this.name = this.clitics ? 'arabic-clitics' : 'arabic';
  }

  /** Cut `text` into words, numbers, punctuation and symbols, each with its span. */
  tokenize(text: string): Token[] {
    const tokens: Token[] = [];
    const length = text.length;
    let i = 0;
    while (i < length) {
      const code = text.codePointAt(i)!;
      const kind = classify(code);
      if (kind === CharClass.Separator) {
        i += width(code);
        continue;
      }
      const start = i;
      if (kind === CharClass.Letter) {
        i = scanWord(text, i);
        if (this.clitics && code >= 0x0600 && code <= 0x06ff) {
          for (const [partStart, partEnd] of segmentClitics(text, start, i)) {
            tokens.push({ text: text.slice(partStart, partEnd), start: partStart, end: partEnd });
          }
          continue;
        }
      } else if (
        kind === CharClass.Digit ||
        (code === END_OF_AYAH && classifyAt(text, i + 1) === CharClass.Digit)
      ) {
        i = scanNumber(text, code === END_OF_AYAH ? i + 1 : i);
      } else if (kind === CharClass.Emoji) {
        i = scanEmoji(text, i + width(code));
      } else if (kind === CharClass.RegionalIndicator) {
        i += width(code);
        if (classifyAt(text, i) === CharClass.RegionalIndicator) i += 2;
      } else if (
        kind === CharClass.Punctuation ||
        kind === CharClass.WordLink ||
        kind === CharClass.NumberSeparator
      ) {
        // A run of the same mark is one token: '...', '!!', '--'.
        i += width(code);
        while (i < length && text.codePointAt(i) === code) i += width(code);
      } else {
        // An orphan mark, a joiner, a control character, a lone surrogate: one token, with any
        // marks that follow it.
        i = scanMarks(text, i + width(code));
      }
      tokens.push({ text: text.slice(start, i), start, end: i });
    }
    return tokens;
  }
}

function classifyAt(text: string, index: number): CharClass | 0 {
  return index < text.length ? classify(text.codePointAt(index)!) : 0;
}

function scanMarks(text: string, index: number): number {
  let i = index;
  while (i < text.length) {
    const code = text.codePointAt(i)!;
    if (classify(code) !== CharClass.Mark) break;
    i += width(code);
  }
  return i;
}

/** Letters, marks and joiners; a word link followed by a letter continues the word. */
function scanWord(text: string, index: number): number {
  let i = index;
  while (i < text.length) {
    const code = text.codePointAt(i)!;
    const kind = classify(code);
    if (kind === CharClass.Letter || kind === CharClass.Mark || kind === CharClass.Joiner) {
      i += width(code);
    } else if (kind === CharClass.WordLink && classifyAt(text, i + 1) === CharClass.Letter) {
      i += 1;
    } else {
      break;
    }
  }
  return i;
}

/** Digits, with one separator at a time between digits, then any combining marks. */
function scanNumber(text: string, index: number): number {
  let i = index;
  while (i < text.length) {
    const code = text.codePointAt(i)!;
    const kind = classify(code);
    if (kind === CharClass.Digit) {
      i += width(code);
    } else if (kind === CharClass.NumberSeparator && classifyAt(text, i + 1) === CharClass.Digit) {
      i += 1;
    } else {
      break;
    }
  }
  return scanMarks(text, i);
}

/** The rest of an emoji: marks, variation selectors, skin tones, and ZWJ + another emoji. */
function scanEmoji(text: string, index: number): number {
  let i = index;
  while (i < text.length) {
    const code = text.codePointAt(i)!;
    if (code === VARIATION_SELECTOR_16 || isSkinTone(code) || classify(code) === CharClass.Mark) {
      i += width(code);
    } else if (code === ZWJ && classifyAt(text, i + 1) === CharClass.Emoji) {
      i += 1 + width(text.codePointAt(i + 1)!);
    } else {
      break;
    }
  }
  return i;
}
