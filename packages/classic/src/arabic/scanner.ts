/**
 * Character classes for the Arabic tokenizer's scanner. A hand-written scanner rather than one big
 * regular expression: V8's regex engine keeps a backtracking stack per repetition, which overflows
 * on a long unbroken run (a 50 MB line without spaces), and a table lookup per code unit is faster.
 */
import { BIDI_CONTROLS } from './characters.js';

/** Whitespace, the zero width space and the bidi controls: between tokens, never in one. */
export const SEPARATOR = 1;
/** A letter (tatweel and hamza included): starts or continues a word. */
export const LETTER = 2;
/** A combining mark: continues whatever it follows. */
export const MARK = 3;
/** A decimal digit of any script: starts or continues a number. */
export const DIGIT = 4;
/** ZWNJ and ZWJ, which Persian spelling puts inside words. */
export const JOINER = 5;
/** Hyphen, underscore and apostrophes: join two words into one token. */
export const WORD_LINK = 6;
/** . , ٫ ٬ : join two runs of digits into one number. */
export const NUMBER_SEPARATOR = 7;
/** Other punctuation and symbols. */
export const PUNCTUATION = 8;
/** Emoji (Extended_Pictographic). */
export const EMOJI = 9;
/** Regional indicators, which come in pairs (flags). */
export const REGIONAL_INDICATOR = 10;
/** A high surrogate: look at the whole code point. */
export const HIGH_SURROGATE = 11;
/** Anything else: controls, unassigned, lone low surrogates. */
export const OTHER = 12;

/** Classes are tried in this order; the first that matches wins (ZWJ is a joiner, not Other). */
const CLASS_PATTERNS: readonly [number, RegExp][] = [
  [SEPARATOR, new RegExp(`[\\s\\u200B${BIDI_CONTROLS}]`, 'u')],
  [JOINER, /[\u200C\u200D]/u],
  [LETTER, /\p{L}/u],
  [MARK, /\p{M}/u],
  [DIGIT, /\p{Nd}/u],
  [WORD_LINK, /[-_'\u2019]/u],
  [NUMBER_SEPARATOR, /[.,\u066B\u066C]/u],
  [EMOJI, /\p{Extended_Pictographic}/u],
  [REGIONAL_INDICATOR, /\p{RI}/u],
  [PUNCTUATION, /[\p{P}\p{S}]/u],
];

function classifySlow(char: string): number {
  for (const [kind, pattern] of CLASS_PATTERNS) if (pattern.test(char)) return kind;
  return OTHER;
}

/** The class of every BMP code unit, filled one regex pass per class over all of them. */
function buildTable(): Uint8Array {
  const classes = new Uint8Array(0x10000).fill(OTHER);
  const units: string[] = [];
  for (let code = 0; code < 0x10000; code++) {
    units.push(code >= 0xd800 && code <= 0xdfff ? '\u0000' : String.fromCharCode(code));
  }
  const all = units.join('');
  // Later classes must not overwrite earlier ones, so walk the list backwards.
  for (let k = CLASS_PATTERNS.length - 1; k >= 0; k--) {
    const [kind, pattern] = CLASS_PATTERNS[k]!;
    for (const match of all.matchAll(new RegExp(pattern.source, 'gu'))) classes[match.index] = kind;
  }
  classes[0] = classifySlow('\u0000');
  for (let code = 0xd800; code <= 0xdbff; code++) classes[code] = HIGH_SURROGATE;
  for (let code = 0xdc00; code <= 0xdfff; code++) classes[code] = OTHER;
  return classes;
}

let table: Uint8Array | null = null;
let wordTable: Uint8Array | null = null;

/** The BMP class table, built on first use (a few milliseconds). */
export function classTable(): Uint8Array {
  table ??= buildTable();
  return table;
}

/** 1 for the BMP code units that continue a word (letters, marks, ZWNJ, ZWJ), else 0. */
export function wordContinueTable(): Uint8Array {
  if (wordTable) return wordTable;
  const classes = classTable();
  wordTable = classes.map((kind) => (kind === LETTER || kind === MARK || kind === JOINER ? 1 : 0));
  return wordTable;
}

/** The class of a code point outside the BMP. */
export function classifyAstral(codePoint: number): number {
  return classifySlow(String.fromCodePoint(codePoint));
}
