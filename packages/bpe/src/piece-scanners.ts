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
 * Where the piece of a split pattern that starts at `start` ends in `text.slice(0, length)` (`length`
 * at most `text.length`): what follows `length` changes nothing, so a part of a text is scanned in
 * place, without a slice.
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

/**
 * The class of a code point, classified on first sight. Surrogates are never stored: a high
 * surrogate's entry stays unknown, so that {@link classAt} always takes the slow path there and
 * pairs it with the low surrogate that follows.
 */
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
  if (point >= 0xd800 && point <= 0xdfff) return OTHER;
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

// What classAt returns: the class in the low bits, the width in UTF-16 units above them.
const CLASS_BITS = 7;
const WIDTH_SHIFT = 3;
const ONE_UNIT = 1 << WIDTH_SHIFT;

/**
 * The class of the code point at `at` (`at < length`) and its width in UTF-16 units, as
 * `kind | width << WIDTH_SHIFT`. Every loop of the scanners reads code points through this one
 * function, so its rare path (a character not seen before, a surrogate) is one call site with
 * one feedback slot: met once anywhere, it is known to the compiled code of every loop, instead
 * of throwing away each loop's compiled code when that loop first meets it late in a text.
 */
function classAt(text: string, at: number, length: number): number {
  const kind = bmpClasses[text.charCodeAt(at)]!;
  return kind !== UNKNOWN ? kind | ONE_UNIT : slowClassAt(text, at, length);
}

function slowClassAt(text: string, at: number, length: number): number {
  const point = pointAt(text, at, length);
  return classOf(point) | ((point >= 0x10000 ? 2 : 1) << WIDTH_SHIFT);
}

// Sets of classes as bit masks, so that a run loop tests membership with a shift and no call.
const LETTERS = (1 << UPPER) | (1 << LOWER) | (1 << LETTER);
/** `[^\s\p{L}\p{N}]` (marks included). */
const PUNCTUATION = (1 << OTHER) | (1 << MARK);

/** 1 when `kind` is in the set `classes`, else 0. */
function inSet(classes: number, kind: number): number {
  return (classes >> kind) & 1;
}

/** End of the run from `at` of code points whose class is in the set `classes` (a bit mask). */
function runEnd(text: string, at: number, length: number, classes: number): number {
  while (at < length) {
    const packed = classAt(text, at, length);
    if (inSet(classes, packed & CLASS_BITS) === 0) break;
    at += packed >> WIDTH_SHIFT;
  }
  return at;
}

/** End of `\p{N}{0,max}` from `at` (code points counted, as the regex counts them). */
function numberRunEnd(text: string, at: number, length: number, max: number): number {
  for (let count = 0; count < max && at < length; count++) {
    const packed = classAt(text, at, length);
    if ((packed & CLASS_BITS) !== NUMBER) break;
    at += packed >> WIDTH_SHIFT;
  }
  return at;
}

// What may trail a punctuation run: `[\r\n]*` (cl100k) or `[\r\n/]*` (o200k). (r50k: nothing.)
const TRAIL_NEWLINES = 1;
const TRAIL_NEWLINES_SLASHES = 2;

/**
 * `[^\s\p{L}\p{N}]+` from `at`, then what `trail` allows. The trail loop has no branch of its own
 * (the step is 0 or 1): a text whose punctuation is never followed by a newline until its last
 * lines (a licence after a scripture) then meets no operation the compiled loop has not seen.
 */
function punctRunEnd(text: string, at: number, length: number, trail: number): number {
  at = runEnd(text, at, length, PUNCTUATION);
  // Without slashes, the third test repeats the first (-1 would match the end of the text).
  const slash = trail === TRAIL_NEWLINES_SLASHES ? 0x2f : 0x0a;
  for (;;) {
    const unit = at < length ? text.charCodeAt(at) : -1;
    const step = unit === 0x0a || unit === 0x0d || unit === slash ? 1 : 0;
    at += step;
    if (step === 0) return at;
  }
}

/**
 * The white-space alternatives on the run from `start` (white space is all in the BMP): with
 * `newlines`, `\s*[\r\n]+` (up to the last CR/LF of the run) first; then `\s+(?!\S)` (the run, less
 * its last character when text follows) and `\s+`. Every comparison and sum runs on every call,
 * whichever alternative wins, for the same reason as in {@link punctRunEnd}.
 */
function spaceRunEnd(text: string, start: number, length: number, newlines: boolean): number {
  let at = start;
  let lastNewline = -1;
  while (at < length) {
    const unit = text.charCodeAt(at);
    if (classOf(unit) !== SPACE) break;
    const lineFeed = unit === 0x0a;
    const carriageReturn = unit === 0x0d;
    if (lineFeed || carriageReturn) lastNewline = at;
    at++;
  }
  const givesBack = at !== length && at - start > 1 ? 1 : 0;
  const spaceEnd = at - givesBack;
  const newlineEnd = lastNewline + 1;
  return newlines && newlineEnd > 0 ? newlineEnd : spaceEnd;
}

// The contraction alternatives, fixed-width, so running them as regexes costs nothing.
const R50K_CONTRACTION = /'(?:s|t|re|ve|m|ll|d)/y;
const ANY_CASE_CONTRACTION = /'(?:[sS\u017f]|[tT]|[rR][eE]|[vV][eE]|[mM]|[lL][lL]|[dD])/y;

/**
 * End of the contraction `contraction` matches at `at` in `text.slice(0, length)`, or -1: a match that
 * runs past `length` would not be there (no shorter alternative starts with the same letter).
 */
function contractionEnd(contraction: RegExp, text: string, at: number, length: number): number {
  if (at >= length || text.charCodeAt(at) !== 0x27) return -1;
  contraction.lastIndex = at;
  return contraction.test(text) && contraction.lastIndex <= length ? contraction.lastIndex : -1;
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
  const contraction = contractionEnd(R50K_CONTRACTION, text, start, length);
  if (contraction >= 0) return contraction;
  // ` ?` before a letter, number or punctuation run: a space followed by anything but white space.
  let at = start;
  let packed = classAt(text, start, length);
  if (text.charCodeAt(start) === 0x20 && start + 1 < length) {
    const next = classAt(text, start + 1, length);
    if ((next & CLASS_BITS) !== SPACE) {
      packed = next;
      at = start + 1;
    }
  }
  const kind = packed & CLASS_BITS;
  const after = at + (packed >> WIDTH_SHIFT);
  if (kind === NUMBER) return numberRunEnd(text, after, length, Number.POSITIVE_INFINITY);
  if (kind === SPACE) return spaceRunEnd(text, start, length, false);
  // Letters and punctuation (which has no trail here) share one call, whichever a text meets first.
  return runEnd(text, after, length, inSet(LETTERS, kind) !== 0 ? LETTERS : PUNCTUATION);
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
  const contraction = contractionEnd(ANY_CASE_CONTRACTION, text, start, length);
  if (contraction >= 0) return contraction;
  const packed = classAt(text, start, length);
  const kind = packed & CLASS_BITS;
  const after = start + (packed >> WIDTH_SHIFT);
  if (inSet(LETTERS, kind) !== 0) return runEnd(text, after, length, LETTERS);
  if (kind === NUMBER) return numberRunEnd(text, after, length, 2);
  // White space, a mark or other punctuation: it prefixes a following word unless it is CR/LF.
  const point = text.charCodeAt(start);
  const next = after < length ? classAt(text, after, length) : UNKNOWN;
  const nextKind = next & CLASS_BITS;
  if (point !== 0x0a && point !== 0x0d && inSet(LETTERS, nextKind) !== 0)
    return runEnd(text, after + (next >> WIDTH_SHIFT), length, LETTERS);
  return spaceOrPunctEnd(text, start, length, kind, nextKind, TRAIL_NEWLINES);
};

/**
 * The last alternatives of cl100k and o200k, for a piece that is no word and no number:
 * ` ?[^\s\p{L}\p{N}]+` and its trail, else white space. Both punctuation runs (with the space and
 * without) take one call, both runs are measured on every piece (the one not taken stops at once), and
 * every test runs on every piece: a text that first puts a space before punctuation, or a line break
 * after a letter (vocalized Arabic, whose lines end in a vowel mark that takes the break as its trail,
 * until one ends in a bare alef), meets nothing new in its later lines.
 */
function spaceOrPunctEnd(
  text: string,
  start: number,
  length: number,
  kind: number,
  nextKind: number,
  trail: number,
): number {
  const punctuationNext = inSet(PUNCTUATION, nextKind);
  const spaceThenPunctuation = text.charCodeAt(start) === 0x20 ? punctuationNext : 0;
  const spaceEnd = spaceRunEnd(text, start, length, true);
  const punctEnd = punctRunEnd(text, start + spaceThenPunctuation, length, trail);
  return kind === SPACE && spaceThenPunctuation === 0 ? spaceEnd : punctEnd;
}

/** o200k's first word class `[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]`... */
const UPPER_WORD = (1 << UPPER) | (1 << LETTER) | (1 << MARK);
/** ... and its second, `[\p{Ll}\p{Lm}\p{Lo}\p{M}]`. */
const LOWER_WORD = (1 << LOWER) | (1 << LETTER) | (1 << MARK);

/** Where o200k's second word alternative ended, on the last {@link o200kWordEnd} (-1: no match). */
let secondWordEnd = -1;

/**
 * o200k's first word alternative `[Lu Lt Lm Lo M]*[Ll Lm Lo M]+` from `at`, as backtracking resolves
 * it: the upper run, then a lower run if one follows; else the run given back to its last shared
 * (Lm, Lo, M) code point. -1 when it does not match. It also leaves in `secondWordEnd` where the
 * second alternative `[Lu Lt Lm Lo M]+[Ll Lm Lo M]*` ends, tried when the first fails: the upper run,
 * which this loop has just measured. One loop for both runs: the lower run is the same loop with
 * another class set, so a text with no lowercase letter until its last lines (Arabic, then an
 * English licence) meets no new operation there.
 */
function o200kWordEnd(text: string, at: number, length: number): number {
  const from = at;
  let classes = UPPER_WORD | (1 << LOWER);
  let lastSharedEnd = -1;
  while (at < length) {
    const packed = classAt(text, at, length);
    const kind = packed & CLASS_BITS;
    if (inSet(classes, kind) === 0) break;
    at += packed >> WIDTH_SHIFT;
    if (kind === LOWER) classes = LOWER_WORD;
    if (kind !== UPPER) lastSharedEnd = at;
  }
  secondWordEnd = at > from ? at : -1;
  return classes === LOWER_WORD ? at : lastSharedEnd;
}

/** o200k: `end`, plus the contraction attached to the word there. */
function withContraction(text: string, end: number, length: number): number {
  const contraction = contractionEnd(ANY_CASE_CONTRACTION, text, end, length);
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
  const packed = classAt(text, start, length);
  const kind = packed & CLASS_BITS;
  const after = start + (packed >> WIDTH_SHIFT);
  if (kind === NUMBER) return numberRunEnd(text, after, length, 2);
  const point = text.charCodeAt(start);
  // A letter starts a word; any other code point but CR/LF may prefix one (`[^\r\n\p{L}\p{N}]?`).
  let from = inSet(LETTERS, kind) !== 0 ? start : point !== 0x0a && point !== 0x0d ? after : length;
  let end = -1;
  // The alternatives in the regex's order, through one call: the first word alternative (with the
  // prefix, if any); for a mark prefix, the first alternative from the mark itself; the second.
  while (from < length) {
    const first = o200kWordEnd(text, from, length);
    if (first >= 0) {
      end = first;
      break;
    }
    if (from !== after || kind !== MARK) {
      end = secondWordEnd;
      break;
    }
    from = start;
  }
  if (end >= 0) return withContraction(text, end, length);
  const nextKind = after < length ? classAt(text, after, length) & CLASS_BITS : UNKNOWN;
  return spaceOrPunctEnd(text, start, length, kind, nextKind, TRAIL_NEWLINES_SLASHES);
};
