import { PYTHON_SPACE } from '../pattern/emit.js';

const NUMERIC = /^-?[.,]?\p{Nd}[\p{Nd},.-]*\.?$/u;
const ELLIPSIS = /^\.\.+$/;
// `[^\W\d]` is a Python word character that is not a digit: a letter, a non-decimal number or `_`.
const INITIAL = /^[\p{L}\p{Nl}\p{No}_]\.$/u;
const ALPHA = /^[\p{L}\p{Nl}\p{No}_]+$/u;
const NON_PUNCT = /[\p{L}\p{Nl}\p{No}_]/u;
const UPPER = /^\p{Uppercase}/u;
const LOWER = /^\p{Lowercase}/u;
const NON_SPACE = new RegExp(`[^${PYTHON_SPACE}]`, 'u');

/** Whether a line has anything but whitespace (Python's `line.strip()` is non-empty). */
export function hasContent(line: string): boolean {
  return NON_SPACE.test(line);
}

/** Whether a token's type is a letter-bearing word, not punctuation or a number. */
export function isNonPunctType(type: string): boolean {
  return NON_PUNCT.test(type);
}

/**
 * A word with the annotations Punkt gives it (NLTK's `PunktToken`). The type is the lower-cased
 * token with numbers folded to `##number##`.
 */
export class PunktToken {
  readonly tok: string;
  readonly type: string;
  readonly periodFinal: boolean;
  parastart = false;
  linestart = false;
  sentbreak = false;
  abbr = false;
  ellipsis = false;

  constructor(tok: string) {
    this.tok = tok;
    const lower = tok.toLowerCase();
    this.type = NUMERIC.test(lower) ? '##number##' : lower;
    this.periodFinal = tok.endsWith('.');
  }

  /** The type without a final period. */
  get typeNoPeriod(): string {
    return this.type.length > 1 && this.type.endsWith('.') ? this.type.slice(0, -1) : this.type;
  }

  /** The type without its final period when that period ends a sentence. */
  get typeNoSentPeriod(): string {
    return this.sentbreak ? this.typeNoPeriod : this.type;
  }

  get firstUpper(): boolean {
    return UPPER.test(this.tok);
  }

  get firstLower(): boolean {
    return LOWER.test(this.tok);
  }

  get firstCase(): 'lower' | 'upper' | 'none' {
    return this.firstLower ? 'lower' : this.firstUpper ? 'upper' : 'none';
  }

  get isEllipsis(): boolean {
    return ELLIPSIS.test(this.tok);
  }

  get isNumber(): boolean {
    return this.type.startsWith('##number##');
  }

  get isInitial(): boolean {
    return INITIAL.test(this.tok);
  }

  get isAlpha(): boolean {
    return ALPHA.test(this.tok);
  }

  get isNonPunct(): boolean {
    return NON_PUNCT.test(this.type);
  }
}
