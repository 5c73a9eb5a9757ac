import {
  optionNames,
  requireOptionNames,
  requireOptions,
  requireText,
  type Token,
  type Tokenizer,
} from '@tokenlab/core';
import { codePointWidth } from '../code-point-width.js';
import { clearOffsets, pushOffsets, scannedSpans, scannedStrings, scannedTokens } from '../offsets.js';
import { segmentClitics } from './clitics.js';
import {
  classifyAstral,
  classTable,
  DIGIT,
  EMOJI,
  HIGH_SURROGATE,
  LETTER,
  MARK,
  NUMBER_SEPARATOR,
  PUNCTUATION,
  REGIONAL_INDICATOR,
  SEPARATOR,
  WORD_LINK,
  wordContinueTable,
} from './scanner.js';

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

/** Every option of {@link ArabicTokenizerOptions}, for the check of unknown names. */
const ARABIC_TOKENIZER_OPTIONS = optionNames<ArabicTokenizerOptions>()(['clitics']);

const WORD_CONTINUE = wordContinueTable();
const END_OF_AYAH = 0x06dd;
const VARIATION_SELECTOR_16 = 0xfe0f;
const ZWJ = 0x200d;
const ARABIC_BLOCK_START = 0x0600;
const ARABIC_BLOCK_END = 0x06ff;

/** The class of the code point starting at `index` (0 past the end); astral ones are looked up. */
function classAt(text: string, index: number, classes: Uint8Array): number {
  if (index >= text.length) return 0;
  const kind = classes[text.charCodeAt(index)]!;
  return kind === HIGH_SURROGATE ? classifyAstralAt(text, index) : kind;
}

function classifyAstralAt(text: string, index: number): number {
  const code = text.codePointAt(index)!;
  // A high surrogate without its low half is a lone surrogate: a token of its own.
  return code > 0xffff ? classifyAstral(code) : 0;
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
 * new ArabicTokenizer({ clitics: true }).words('والكتاب'); // ['و', 'ال', 'كتاب']
 * ```
 */
export class ArabicTokenizer implements Tokenizer {
  /** `arabic`, or `arabic-clitics` when clitics are split. */
  readonly name: string;
  private readonly clitics: boolean;

  /** Creates the tokenizer; clitic segmentation is off unless asked for. */
  constructor(options: ArabicTokenizerOptions = {}) {
    requireOptions(options, 'ArabicTokenizer', '{ clitics: true }');
    requireOptionNames(options, ARABIC_TOKENIZER_OPTIONS, 'ArabicTokenizer');
    this.clitics = options.clitics ?? false;
    this.name = this.clitics ? 'arabic-clitics' : 'arabic';
  }

  /** Cut `text` into words, numbers, punctuation and symbols, each with its span. */
  tokenize(text: string): Token[] {
    requireText(text, 'ArabicTokenizer.tokenize');
    this.scan(text);
    return scannedTokens(text);
  }

  /** The token strings alone (faster: no spans). */
  words(text: string): string[] {
    this.scan(text);
    return scannedStrings(text);
  }

  /** The `[start, end)` spans alone. */
  spanTokenize(text: string): [number, number][] {
    requireText(text, 'ArabicTokenizer.spanTokenize');
    this.scan(text);
    return scannedSpans();
  }

  private scan(text: string): void {
    const classes = classTable();
    clearOffsets();
    const length = text.length;
    let i = 0;
    while (i < length) {
      const first = text.charCodeAt(i);
      const kind = classes[first]!;
      if (kind === SEPARATOR) {
        i++;
        continue;
      }
      const start = i;
      if (kind !== LETTER) {
        i = scanNonWord(text, i, kind, classes);
        pushOffsets(start, i);
        continue;
      }
      // The common case inline, one table lookup per code unit; the rare continuations (a word
      // link, an astral letter or mark) go to scanWord. The rest lives in scanNonWord, so this loop
      // stays small enough for the engine to keep it tight.
      i++;
      while (i < length && WORD_CONTINUE[text.charCodeAt(i)] === 1) i++;
      if (i < length && MAY_CONTINUE_WORD[classes[text.charCodeAt(i)]!] === 1) i = scanWord(text, i, classes);
      if (this.clitics && first >= ARABIC_BLOCK_START && first <= ARABIC_BLOCK_END) {
        const pieces = segmentClitics(text, start, i);
        if (pieces !== null) {
          for (const [partStart, partEnd] of pieces) pushOffsets(partStart, partEnd);
          continue;
        }
      }
      pushOffsets(start, i);
    }
  }
}

/** Word classes after which a word may go on: a word link before a letter, an astral letter or mark. */
const MAY_CONTINUE_WORD = new Uint8Array(16);
MAY_CONTINUE_WORD[WORD_LINK] = 1;
MAY_CONTINUE_WORD[HIGH_SURROGATE] = 1;

/** Everything that is neither a separator nor a word starting with a BMP letter; returns the token's end. */
function scanNonWord(text: string, i: number, firstKind: number, classes: Uint8Array): number {
  const length = text.length;
  const first = text.charCodeAt(i);
  const kind = firstKind === HIGH_SURROGATE ? classifyAstralAt(text, i) : firstKind;
  if (kind === LETTER) return scanWord(text, i, classes);
  if (kind === DIGIT) return scanNumber(text, i, classes);
  if (first === END_OF_AYAH && classAt(text, i + 1, classes) === DIGIT)
    return scanNumber(text, i + 1, classes);
  if (kind === EMOJI) return scanEmoji(text, i + codePointWidth(text, i), classes);
  if (kind === REGIONAL_INDICATOR) {
    i += 2;
    return classAt(text, i, classes) === REGIONAL_INDICATOR ? i + 2 : i;
  }
  if (kind === PUNCTUATION || kind === WORD_LINK || kind === NUMBER_SEPARATOR) {
    // A run of the same mark is one token: '...', '!!', '--'.
    const width = codePointWidth(text, i);
    const code = text.codePointAt(i);
    i += width;
    while (i < length && text.codePointAt(i) === code) i += width;
    return i;
  }
  // An orphan mark, a joiner, a control character, a lone surrogate: one token, with any marks that
  // follow it.
  return scanMarks(text, i + codePointWidth(text, i), classes);
}

function scanMarks(text: string, index: number, classes: Uint8Array): number {
  let i = index;
  while (i < text.length) {
    const kind = classes[text.charCodeAt(i)]!;
    if (kind === MARK) i++;
    else if (kind === HIGH_SURROGATE && classifyAstralAt(text, i) === MARK) i += 2;
    else break;
  }
  return i;
}

/** Letters, marks and joiners; a word link followed by a letter continues the word. */
function scanWord(text: string, index: number, classes: Uint8Array): number {
  let i = index;
  const length = text.length;
  for (;;) {
    // The common case first: BMP letters, marks and joiners, one table lookup each.
    while (i < length && WORD_CONTINUE[text.charCodeAt(i)] === 1) i++;
    if (i >= length) return i;
    const kind = classes[text.charCodeAt(i)]!;
    if (kind === HIGH_SURROGATE) {
      const astral = classifyAstralAt(text, i);
      if (astral !== LETTER && astral !== MARK) return i;
      i += 2;
    } else if (kind === WORD_LINK && classAt(text, i + 1, classes) === LETTER) {
      i++;
    } else {
      return i;
    }
  }
}

/** Digits, with one separator at a time between digits, then any combining marks. */
function scanNumber(text: string, index: number, classes: Uint8Array): number {
  let i = index;
  const length = text.length;
  while (i < length) {
    const kind = classAt(text, i, classes);
    if (kind === DIGIT) i += codePointWidth(text, i);
    else if (kind === NUMBER_SEPARATOR && classAt(text, i + 1, classes) === DIGIT) i++;
    else break;
  }
  return scanMarks(text, i, classes);
}

/** The rest of an emoji: marks, variation selectors, skin tones, and ZWJ + another emoji. */
function scanEmoji(text: string, index: number, classes: Uint8Array): number {
  let i = index;
  while (i < text.length) {
    const code = text.codePointAt(i)!;
    if (
      code === VARIATION_SELECTOR_16 ||
      (code >= 0x1f3fb && code <= 0x1f3ff) ||
      classAt(text, i, classes) === MARK
    ) {
      i += code > 0xffff ? 2 : 1;
    } else if (code === ZWJ && classAt(text, i + 1, classes) === EMOJI) {
      i += 1 + codePointWidth(text, i + 1);
    } else {
      break;
    }
  }
  return i;
}
