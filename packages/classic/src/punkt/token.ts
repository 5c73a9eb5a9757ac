const NUMERIC = /^-?[.,]?\p{Nd}[\p{Nd},.-]*\.?$/u;
const ELLIPSIS = /^\.\.+$/;
// `[^\W\d]` is a Python word character that is not a digit: a letter, a non-decimal number or `_`.
const INITIAL = /^[\p{L}\p{Nl}\p{No}_]\.$/u;
const ALPHA = /^[\p{L}\p{Nl}\p{No}_]+$/u;
const NON_PUNCT = /[\p{L}\p{Nl}\p{No}_]/u;
const UPPER = /^\p{Uppercase}/u;
const LOWER = /^\p{Lowercase}/u;

/**
 * Whether `NUMERIC` can match: it starts with `-`, `.`, `,` or a decimal digit, and the only ASCII
 * characters among those are `-.,0-9`, so any other ASCII first character rules it out at once.
 */
function mayBeNumeric(lower: string): boolean {
  const first = lower.charCodeAt(0);
  return (
    first >= 0x80 || first === 0x2d || first === 0x2e || first === 0x2c || (first >= 0x30 && first <= 0x39)
  );
}

/** Whether a token's type is a letter-bearing word, not punctuation or a number. */
export function isNonPunctType(type: string): boolean {
  return NON_PUNCT.test(type);
}

/**
 * A word with the annotations Punkt gives it (NLTK's `PunktToken`). The type is the lower-cased
 * token with numbers folded to `##number##`.
 *
 * @example
 * ```ts
 * new PunktToken('3.14').type;        // '##number##'
 * new PunktToken('Dr.').typeNoPeriod; // 'dr'
 * englishPunkt().annotateTokens([new PunktToken('Dr.'), new PunktToken('Smith')])[0].abbr; // true
 * ```
 */
export class PunktToken {
  /** The token as written. */
  readonly tok: string;
  /** Lower-cased, numbers folded to `##number##`. */
  readonly type: string;
  /** Whether the token ends with a period. */
  readonly periodFinal: boolean;
  /** First token of a paragraph. */
  parastart = false;
  /** First token of a line. */
  linestart = false;
  /** Ends a sentence. */
  sentbreak = false;
  /** An abbreviation. */
  abbr = false;
  /** An ellipsis. */
  ellipsis = false;

  constructor(tok: string) {
    this.tok = tok;
    const lower = tok.toLowerCase();
    this.type = mayBeNumeric(lower) && NUMERIC.test(lower) ? '##number##' : lower;
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

  /** Whether the first character is upper case. */
  get firstUpper(): boolean {
    const first = this.tok.charCodeAt(0);
    return first < 0x80 ? first >= 0x41 && first <= 0x5a : UPPER.test(this.tok);
  }

  /** Whether the first character is lower case. */
  get firstLower(): boolean {
    const first = this.tok.charCodeAt(0);
    return first < 0x80 ? first >= 0x61 && first <= 0x7a : LOWER.test(this.tok);
  }

  /** The case of the first character. */
  get firstCase(): 'lower' | 'upper' | 'none' {
    return this.firstLower ? 'lower' : this.firstUpper ? 'upper' : 'none';
  }

  /** Two or more periods. */
  get isEllipsis(): boolean {
    return this.tok.charCodeAt(0) === 0x2e && ELLIPSIS.test(this.tok);
  }

  /** A number (`##number##` type). */
  get isNumber(): boolean {
    return this.type.startsWith('##number##');
  }

  /** One letter and a period. */
  get isInitial(): boolean {
    // One code point and a period: two or three UTF-16 units.
    return this.tok.length <= 3 && INITIAL.test(this.tok);
  }

  /** Letters only. */
  get isAlpha(): boolean {
    return ALPHA.test(this.tok);
  }

  /** Contains a letter (not just punctuation or digits). */
  get isNonPunct(): boolean {
    return NON_PUNCT.test(this.type);
  }
}
