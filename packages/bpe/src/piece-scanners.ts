/**
 * Hand-written scanners for the three OpenAI split patterns (GPT-2/r50k, cl100k = minbpe's GPT-4,
 * o200k). Each returns where the piece starting at `start` ends, exactly as the pattern's regex would.
 * They read code points (an astral letter is a letter, a lone surrogate is punctuation, as for a `u`
 * regex) and decide every case themselves, so no long piece ever reaches V8's regex engine, whose
 * backtracking stack overflows on long runs of astral characters. Characters are classified once per
 * code point into the classes the patterns use, cached in tables. They live here, in the package both
 * users depend on: `@tokenlab/gpt` encodes with them and the trainers of this package count chunks with
 * them; the property and corpus tests of both check them against the regexes and tiktoken.
 */

/**
 * Where the piece of a split pattern that starts at `start` ends (`length` is `text.length`).
 *
 * @example
 * ```ts
 * const scan: PieceScanner = scanCl100kPiece;
 * scan('hello world', 5, 11); // 11: the piece ' world'
 * ```
 */
export type PieceScanner = (text: string, start: number, length: number) => number;

// Classes of a code point, as the patterns see it.
const UNKNOWN = 0;
const UPPER = 1; // Lu, Lt: o200k's first word class only
const LOWER = 2; // Ll: o200k's second word class only
const LETTER = 3; // Lm, Lo: both word classes
const MARK = 4; // M: both o200k word classes, punctuation for the others
const NUMBER = 5; // N
const SPACE = 6; // Rust's White_Space
const OTHER = 7; // the rest, lone surrogates included

const bmpClasses = new Uint8Array(0x10000);
/** Classes of U+10000..U+10FFFF, allocated when the first astral character is seen. */
let astralClasses: Uint8Array | undefined;

function classify(point: number): number {
  const char = String.fromCodePoint(point);
  if (/[\t-\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/.test(char)) return SPACE;
  if (/[\p{Lu}\p{Lt}]/u.test(char)) return UPPER;
  if (/\p{Ll}/u.test(char)) return LOWER;
  if (/\p{L}/u.test(char)) return LETTER;
  if (/\p{M}/u.test(char)) return MARK;
  if (/\p{N}/u.test(char)) return NUMBER;
  return OTHER;
}

for (let unit = 0; unit < 0x80; unit++) bmpClasses[unit] = classify(unit);

function classOf(point: number): number {
  let table: Uint8Array = bmpClasses;
  let index = point;
  if (point >= 0x10000) {
    astralClasses ??= new Uint8Array(0x100000);
    table = astralClasses;
    index = point - 0x10000;
  }
  const known = table[index]!;
  if (known !== UNKNOWN) return known;
  const kind = classify(point);
  table[index] = kind;
  return kind;
}

/** The code point at `at` (a lone surrogate stands for itself). */
function pointAt(text: string, at: number, length: number): number {
  const unit = text.charCodeAt(at);
  if (unit >= 0xd800 && unit <= 0xdbff && at + 1 < length) {
    const low = text.charCodeAt(at + 1);
    if (low >= 0xdc00 && low <= 0xdfff) return 0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00);
  }
  return unit;
}

function widthOf(point: number): number {
  return point >= 0x10000 ? 2 : 1;
}

// Sets of classes as bit masks, so that a run loop tests membership with a shift and no call.
const LETTERS = (1 << UPPER) | (1 << LOWER) | (1 << LETTER);
/** `[^\s\p{L}\p{N}]` (marks included). */
const PUNCTUATION = (1 << OTHER) | (1 << MARK);

function isLetterClass(kind: number): boolean {
  return ((LETTERS >> kind) & 1) !== 0;
}

function isPunctClass(kind: number): boolean {
  return ((PUNCTUATION >> kind) & 1) !== 0;
}

/**
 * End of the run from `at` of code points whose class is in the set `classes` (a bit mask). The
 * common case, a unit that is not a high surrogate, reads the class table directly.
 */
function runEnd(text: string, at: number, length: number, classes: number): number {
  while (at < length) {
    const unit = text.charCodeAt(at);
    if (unit < 0xd800 || unit > 0xdbff) {
      let kind = bmpClasses[unit]!;
      if (kind === UNKNOWN) kind = classOf(unit);
      if (((classes >> kind) & 1) === 0) break;
      at++;
      continue;
    }
    const point = pointAt(text, at, length);
    if (((classes >> classOf(point)) & 1) === 0) break;
    at += widthOf(point);
  }
  return at;
}

/** End of `\p{N}{0,max}` from `at` (code points counted, as the regex counts them). */
function numberRunEnd(text: string, at: number, length: number, max: number): number {
  for (let count = 0; count < max && at < length; count++) {
    const point = pointAt(text, at, length);
    if (classOf(point) !== NUMBER) break;
    at += widthOf(point);
  }
  return at;
}

// What may trail a punctuation run: nothing (r50k), `[\r\n]*` (cl100k) or `[\r\n/]*` (o200k).
const TRAIL_NONE = 0;
const TRAIL_NEWLINES = 1;
const TRAIL_NEWLINES_SLASHES = 2;

/** `[^\s\p{L}\p{N}]+` from `at`, then what `trail` allows. */
function punctRunEnd(text: string, at: number, length: number, trail: number): number {
  at = runEnd(text, at, length, PUNCTUATION);
  if (trail !== TRAIL_NONE) {
    while (at < length) {
      const unit = text.charCodeAt(at);
      if (unit !== 0x0a && unit !== 0x0d && (unit !== 0x2f || trail !== TRAIL_NEWLINES_SLASHES)) break;
      at++;
    }
  }
  return at;
}

/**
 * The white-space alternatives on the run from `start` (white space is all in the BMP): with
 * `newlines`, `\s*[\r\n]+` (up to the last CR/LF of the run) first; then `\s+(?!\S)` (the run, less
 * its last character when text follows) and `\s+`.
 */
function spaceRunEnd(text: string, start: number, length: number, newlines: boolean): number {
  let at = start;
  let lastNewline = -1;
  while (at < length) {
    const unit = text.charCodeAt(at);
    if (classOf(unit) !== SPACE) break;
    if (unit === 0x0a || unit === 0x0d) lastNewline = at;
    at++;
  }
  if (newlines && lastNewline >= 0) return lastNewline + 1;
  if (at === length || at - start === 1) return at;
  return at - 1;
}

// The contraction alternatives, fixed-width, so running them as regexes costs nothing.
const R50K_CONTRACTION = /'(?:s|t|re|ve|m|ll|d)/y;
const ANY_CASE_CONTRACTION = /'(?:[sS\u017f]|[tT]|[rR][eE]|[vV][eE]|[mM]|[lL][lL]|[dD])/y;

/** End of the contraction `contraction` matches at `at`, or -1. */
function contractionEnd(contraction: RegExp, text: string, at: number): number {
  if (text.charCodeAt(at) !== 0x27) return -1;
  contraction.lastIndex = at;
  return contraction.test(text) ? contraction.lastIndex : -1;
}

/**
 * GPT-2 / r50k / p50k (and minbpe's GPT-2 pattern): `'s|...| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+`.
 *
 * @example
 * ```ts
 * scanR50kPiece("it's", 2, 4); // 4: the contraction "'s"
 * ```
 */
export const scanR50kPiece: PieceScanner = (text, start, length) => {
  const contraction = contractionEnd(R50K_CONTRACTION, text, start);
  if (contraction >= 0) return contraction;
  let at = start;
  let point = pointAt(text, at, length);
  if (point === 0x20 && at + 1 < length) {
    const next = pointAt(text, at + 1, length);
    if (classOf(next) !== SPACE) {
      point = next;
      at++;
    }
  }
  const kind = classOf(point);
  const after = at + widthOf(point);
  if (isLetterClass(kind)) return runEnd(text, after, length, LETTERS);
  if (kind === NUMBER) return numberRunEnd(text, after, length, Number.POSITIVE_INFINITY);
  if (kind === SPACE) return spaceRunEnd(text, start, length, false);
  return punctRunEnd(text, at, length, TRAIL_NONE);
};

/**
 * cl100k_base (and minbpe's GPT-4 pattern, which cuts identically):
 * `'(?i:..)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+`.
 *
 * @example
 * ```ts
 * scanCl100kPiece('12345', 0, 5); // 3: numbers go by three
 * ```
 */
export const scanCl100kPiece: PieceScanner = (text, start, length) => {
  const contraction = contractionEnd(ANY_CASE_CONTRACTION, text, start);
  if (contraction >= 0) return contraction;
  const point = pointAt(text, start, length);
  const kind = classOf(point);
  const after = start + widthOf(point);
  if (isLetterClass(kind)) return runEnd(text, after, length, LETTERS);
  if (kind === NUMBER) return numberRunEnd(text, after, length, 2);
  // White space, a mark or other punctuation: it prefixes a following word unless it is CR/LF.
  const next = after < length ? pointAt(text, after, length) : -1;
  const nextKind = next < 0 ? UNKNOWN : classOf(next);
  if (point !== 0x0a && point !== 0x0d && isLetterClass(nextKind))
    return runEnd(text, after + widthOf(next), length, LETTERS);
  if (point === 0x20 && isPunctClass(nextKind)) return punctRunEnd(text, after, length, TRAIL_NEWLINES);
  if (kind === SPACE) return spaceRunEnd(text, start, length, true);
  return punctRunEnd(text, start, length, TRAIL_NEWLINES);
};

/** o200k's first word class `[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]`... */
const UPPER_WORD = (1 << UPPER) | (1 << LETTER) | (1 << MARK);
/** ... and its second, `[\p{Ll}\p{Lm}\p{Lo}\p{M}]`. */
const LOWER_WORD = (1 << LOWER) | (1 << LETTER) | (1 << MARK);

/**
 * o200k's first word alternative `[Lu Lt Lm Lo M]*[Ll Lm Lo M]+` from `at`, as backtracking resolves
 * it: the upper run, then a lower run if one follows; else the run given back to its last shared
 * (Lm, Lo, M) code point. -1 when it does not match.
 */
function o200kFirstWordEnd(text: string, at: number, length: number): number {
  let lastSharedEnd = -1;
  while (at < length) {
    const unit = text.charCodeAt(at);
    let kind: number;
    if (unit < 0xd800 || unit > 0xdbff) {
      kind = bmpClasses[unit]!;
      if (kind === UNKNOWN) kind = classOf(unit);
      if (kind === LOWER) return runEnd(text, at + 1, length, LOWER_WORD);
      if (((UPPER_WORD >> kind) & 1) === 0) break;
      at++;
    } else {
      const point = pointAt(text, at, length);
      kind = classOf(point);
      if (kind === LOWER) return runEnd(text, at, length, LOWER_WORD);
      if (((UPPER_WORD >> kind) & 1) === 0) break;
      at += widthOf(point);
    }
    if (kind !== UPPER) lastSharedEnd = at;
  }
  return lastSharedEnd;
}

/** o200k's second word alternative `[Lu Lt Lm Lo M]+[Ll Lm Lo M]*`, tried when the first failed. */
function o200kSecondWordEnd(text: string, at: number, length: number): number {
  const end = runEnd(text, at, length, UPPER_WORD);
  return end === at ? -1 : end;
}

/** o200k: `end`, plus the contraction attached to the word there. */
function withContraction(text: string, end: number): number {
  const contraction = contractionEnd(ANY_CASE_CONTRACTION, text, end);
  return contraction >= 0 ? contraction : end;
}

/**
 * o200k_base: words split at case changes, `\p{N}{1,3}`, punctuation with `[\r\n/]*`, white space.
 *
 * @example
 * ```ts
 * scanO200kPiece('HelloWorld', 0, 10); // 5: 'Hello', then 'World'
 * ```
 */
export const scanO200kPiece: PieceScanner = (text, start, length) => {
  const point = pointAt(text, start, length);
  const kind = classOf(point);
  const after = start + widthOf(point);
  if (isLetterClass(kind)) {
    const first = o200kFirstWordEnd(text, start, length);
    return withContraction(text, first >= 0 ? first : o200kSecondWordEnd(text, start, length));
  }
  if (kind === NUMBER) return numberRunEnd(text, after, length, 2);
  if (point !== 0x0a && point !== 0x0d) {
    // `[^\r\n\p{L}\p{N}]?` before a word: with the prefix first, then (a mark only) without it.
    const first = after < length ? o200kFirstWordEnd(text, after, length) : -1;
    if (first >= 0) return withContraction(text, first);
    if (kind === MARK) return withContraction(text, o200kFirstWordEnd(text, start, length));
    const second = after < length ? o200kSecondWordEnd(text, after, length) : -1;
    if (second >= 0) return withContraction(text, second);
  }
  const nextKind = after < length ? classOf(pointAt(text, after, length)) : UNKNOWN;
  if (point === 0x20 && isPunctClass(nextKind))
    return punctRunEnd(text, after, length, TRAIL_NEWLINES_SLASHES);
  if (kind === SPACE) return spaceRunEnd(text, start, length, true);
  return punctRunEnd(text, start, length, TRAIL_NEWLINES_SLASHES);
};
