/**
 * Hand-written scanners for the three split patterns. Each returns where the piece starting at
 * `start` ends, exactly as the encoding's regex would, or -1 in the few places where it does not
 * decide (an apostrophe that may start a contraction, a surrogate, a combining mark starting an o200k
 * piece); the caller then runs the regex. Characters are classified once per UTF-16 unit into the
 * classes the patterns use, cached in a table. The property and corpus tests check them against
 * tiktoken.
 */
export type PieceScanner = (text: string, start: number, length: number) => number;

// Classes of a UTF-16 unit, as the patterns see it.
const UNKNOWN = 0;
const UPPER = 1; // Lu, Lt: o200k's first word class only
const LOWER = 2; // Ll: o200k's second word class only
const LETTER = 3; // Lm, Lo: both word classes
const MARK = 4; // M: both o200k word classes, punctuation for the others
const NUMBER = 5; // N
const SPACE = 6; // Rust's White_Space
const OTHER = 7;
const SURROGATE = 8;

const classes = new Uint8Array(65536);

function classify(unit: number): number {
  const char = String.fromCharCode(unit);
  if (unit >= 0xd800 && unit <= 0xdfff) return SURROGATE;
  if (/[\t-\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/.test(char)) return SPACE;
  if (/[\p{Lu}\p{Lt}]/u.test(char)) return UPPER;
  if (/\p{Ll}/u.test(char)) return LOWER;
  if (/\p{L}/u.test(char)) return LETTER;
  if (/\p{M}/u.test(char)) return MARK;
  if (/\p{N}/u.test(char)) return NUMBER;
  return OTHER;
}

for (let unit = 0; unit < 0x80; unit++) classes[unit] = classify(unit);

function classOf(unit: number): number {
  const known = classes[unit]!;
  if (known !== UNKNOWN) return known;
  const kind = classify(unit);
  classes[unit] = kind;
  return kind;
}

function isLetterClass(kind: number): boolean {
  return kind === UPPER || kind === LOWER || kind === LETTER;
}

/** `[^\s\p{L}\p{N}]` (marks included). */
function isPunctClass(kind: number): boolean {
  return kind === OTHER || kind === MARK;
}

const NOT_DECIDED = -1;

/** End of the run of `\p{L}` from `at`, or -1 at a surrogate. */
function letterRunEnd(text: string, at: number, length: number): number {
  while (at < length) {
    const kind = classOf(text.charCodeAt(at));
    if (!isLetterClass(kind)) return kind === SURROGATE ? NOT_DECIDED : at;
    at++;
  }
  return at;
}

/** End of `\p{N}+` (`limit` = length) or `\p{N}{1,3}` (`limit` = at + 3) from `at`; -1 at a surrogate. */
function numberRunEnd(text: string, at: number, length: number, limit: number): number {
  const end = Math.min(limit, length);
  while (at < end) {
    const kind = classOf(text.charCodeAt(at));
    if (kind !== NUMBER) return kind === SURROGATE ? NOT_DECIDED : at;
    at++;
  }
  return at;
}

// What may trail a punctuation run: nothing (r50k), `[\r\n]*` (cl100k) or `[\r\n/]*` (o200k).
const TRAIL_NONE = 0;
const TRAIL_NEWLINES = 1;
const TRAIL_NEWLINES_SLASHES = 2;

/** `[^\s\p{L}\p{N}]+` from `at`, then what `trail` allows; -1 at a surrogate. */
function punctRunEnd(text: string, at: number, length: number, trail: number): number {
  while (at < length) {
    const kind = classOf(text.charCodeAt(at));
    if (!isPunctClass(kind)) {
      if (kind === SURROGATE) return NOT_DECIDED;
      break;
    }
    at++;
  }
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
 * The white-space alternatives on the run from `start`: with `newlines`, `\s*[\r\n]+` (up to the last
 * CR/LF of the run) first; then `\s+(?!\S)` (the run, less its last character when text follows) and
 * `\s+`. -1 if a surrogate ends the run.
 */
function spaceRunEnd(text: string, start: number, length: number, newlines: boolean): number {
  let at = start;
  let lastNewline = -1;
  while (at < length) {
    const unit = text.charCodeAt(at);
    const kind = classOf(unit);
    if (kind !== SPACE) {
      if (kind === SURROGATE) return NOT_DECIDED;
      break;
    }
    if (unit === 0x0a || unit === 0x0d) lastNewline = at;
    at++;
  }
  if (newlines && lastNewline >= 0) return lastNewline + 1;
  if (at === length || at - start === 1) return at;
  return at - 1;
}

/** GPT-2 / r50k / p50k: `'s|...| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+`. */
export const scanR50kPiece: PieceScanner = (text, start, length) => {
  let at = start;
  let unit = text.charCodeAt(at);
  if (unit === 0x27) return NOT_DECIDED; // a contraction may start here
  if (unit === 0x20 && at + 1 < length) {
    const next = text.charCodeAt(at + 1);
    const nextKind = classOf(next);
    if (nextKind === SURROGATE || next === 0x27) return NOT_DECIDED;
    if (nextKind !== SPACE) {
      unit = next;
      at++;
    }
  }
  const kind = classOf(unit);
  if (isLetterClass(kind)) return letterRunEnd(text, at + 1, length);
  if (kind === NUMBER) return numberRunEnd(text, at + 1, length, length);
  if (kind === SPACE) return spaceRunEnd(text, start, length, false);
  if (isPunctClass(kind)) return punctRunEnd(text, at, length, TRAIL_NONE);
  return NOT_DECIDED;
};

/** cl100k_base: `'(?i:..)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+`. */
export const scanCl100kPiece: PieceScanner = (text, start, length) => {
  const unit = text.charCodeAt(start);
  const kind = classOf(unit);
  if (isLetterClass(kind)) return letterRunEnd(text, start + 1, length);
  if (kind === NUMBER) return numberRunEnd(text, start + 1, length, start + 3);
  if (kind === SURROGATE || unit === 0x27) return NOT_DECIDED;
  // White space, a mark or other punctuation: it prefixes a following word unless it is CR/LF.
  const nextKind = start + 1 < length ? classOf(text.charCodeAt(start + 1)) : UNKNOWN;
  if (nextKind === SURROGATE) return NOT_DECIDED;
  if (unit !== 0x0a && unit !== 0x0d && isLetterClass(nextKind)) return letterRunEnd(text, start + 2, length);
  if (unit === 0x20 && isPunctClass(nextKind)) return punctRunEnd(text, start + 1, length, TRAIL_NEWLINES);
  if (kind === SPACE) return spaceRunEnd(text, start, length, true);
  return punctRunEnd(text, start, length, TRAIL_NEWLINES);
};

/**
 * o200k's word from `at` (whose unit is a letter or mark): `[Lu Lt Lm Lo M]*[Ll Lm Lo M]+`, else
 * `[Lu Lt Lm Lo M]+`, as the regex's backtracking resolves them; -1 before an apostrophe (a contraction
 * may follow) or a surrogate.
 */
function o200kWordEnd(text: string, at: number, length: number): number {
  const start = at;
  let lastShared = -1; // last Lm/Lo/M in the upper run: where the lower class can still begin
  let kind = UNKNOWN;
  while (at < length) {
    kind = classOf(text.charCodeAt(at));
    if (kind === LETTER || kind === MARK) lastShared = at;
    else if (kind !== UPPER) break;
    at++;
  }
  // An astral character may continue the run (as a letter or mark): where the word ends is then unknown.
  if (at < length && kind === SURROGATE) return NOT_DECIDED;
  let end: number;
  if (at < length && kind === LOWER) {
    while (at < length) {
      kind = classOf(text.charCodeAt(at));
      if (kind !== LOWER && kind !== LETTER && kind !== MARK) break;
      at++;
    }
    end = at;
  } else {
    end = lastShared >= 0 ? lastShared + 1 : at;
    if (end === start) return NOT_DECIDED;
  }
  if (end < length) {
    const next = text.charCodeAt(end);
    if (next === 0x27 || classOf(next) === SURROGATE) return NOT_DECIDED;
  }
  return end;
}

/** o200k_base: words split at case changes, `\p{N}{1,3}`, punctuation with `[\r\n/]*`, white space. */
export const scanO200kPiece: PieceScanner = (text, start, length) => {
  const unit = text.charCodeAt(start);
  const kind = classOf(unit);
  if (isLetterClass(kind)) return o200kWordEnd(text, start, length);
  if (kind === NUMBER) return numberRunEnd(text, start + 1, length, start + 3);
  // A mark may both prefix a word and start one; those cases are left to the regex.
  if (kind === SURROGATE || kind === MARK || unit === 0x27) return NOT_DECIDED;
  const nextKind = start + 1 < length ? classOf(text.charCodeAt(start + 1)) : UNKNOWN;
  if (nextKind === SURROGATE) return NOT_DECIDED;
  if (unit !== 0x0a && unit !== 0x0d && (isLetterClass(nextKind) || nextKind === MARK))
    return o200kWordEnd(text, start + 1, length);
  if (unit === 0x20 && isPunctClass(nextKind))
    return punctRunEnd(text, start + 1, length, TRAIL_NEWLINES_SLASHES);
  if (kind === SPACE) return spaceRunEnd(text, start, length, true);
  return punctRunEnd(text, start, length, TRAIL_NEWLINES_SLASHES);
};
