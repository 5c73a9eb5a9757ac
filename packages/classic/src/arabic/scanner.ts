/**
 * Character classes for the Arabic tokenizer's scanner. A hand-written scanner rather than one big
 * regular expression: V8's regex engine keeps a backtracking stack per repetition, which overflows
 * on a long unbroken run (a 50 MB line without spaces), and a table lookup per code unit is faster.
 */
import { BIDI_CONTROLS } from './characters.js';

/** What a code point is to the tokenizer. */
export enum CharClass {
  /** Whitespace, the zero width space and the bidi controls: between tokens, never in one. */
  Separator = 1,
  /** A letter (tatweel and hamza included): starts or continues a word. */
  Letter,
  /** A combining mark: continues whatever it follows. */
  Mark,
  /** A decimal digit of any script: starts or continues a number. */
  Digit,
  /** ZWNJ and ZWJ, which Persian spelling puts inside words. */
  Joiner,
  /** Hyphen, underscore and apostrophes: join two words into one token. */
  WordLink,
  /** . , ٫ ٬ : join two runs of digits into one number. */
  NumberSeparator,
  /** Other punctuation and symbols. */
  Punctuation,
  /** Emoji (Extended_Pictographic). */
  Emoji,
  /** Regional indicators, which come in pairs (flags). */
  RegionalIndicator,
  /** Anything else: controls, unassigned, lone surrogates. */
  Other,
}

const LETTER = /\p{L}/u;
const MARK = /\p{M}/u;
const DIGIT = /\p{Nd}/u;
const PUNCTUATION = /[\p{P}\p{S}]/u;
const EMOJI = /\p{Extended_Pictographic}/u;
const REGIONAL_INDICATOR = /\p{RI}/u;
const SEPARATOR = new RegExp(`[\\s\\u200B${BIDI_CONTROLS}]`, 'u');

function classifySlow(char: string): CharClass {
  if (SEPARATOR.test(char)) return CharClass.Separator;
  if (char === '\u200C' || char === '\u200D') return CharClass.Joiner;
  if (LETTER.test(char)) return CharClass.Letter;
  if (MARK.test(char)) return CharClass.Mark;
  if (DIGIT.test(char)) return CharClass.Digit;
  if (char === '-' || char === '_' || char === "'" || char === '\u2019') return CharClass.WordLink;
  if (char === '.' || char === ',' || char === '\u066B' || char === '\u066C')
    return CharClass.NumberSeparator;
  if (EMOJI.test(char)) return CharClass.Emoji;
  if (REGIONAL_INDICATOR.test(char)) return CharClass.RegionalIndicator;
  if (PUNCTUATION.test(char)) return CharClass.Punctuation;
  return CharClass.Other;
}

let bmpTable: Uint8Array | null = null;

/** The class of every BMP code unit, built once on first use (surrogates are {@link CharClass.Other}). */
function table(): Uint8Array {
  if (bmpTable) return bmpTable;
  const classes = new Uint8Array(0x10000);
  for (let code = 0; code < 0x10000; code++) {
    classes[code] =
      code >= 0xd800 && code <= 0xdfff ? CharClass.Other : classifySlow(String.fromCharCode(code));
  }
  bmpTable = classes;
  return classes;
}

/** The class of the code point `code`. */
export function classify(code: number): CharClass {
  if (code < 0x10000) return table()[code] as CharClass;
  return classifySlow(String.fromCodePoint(code));
}
