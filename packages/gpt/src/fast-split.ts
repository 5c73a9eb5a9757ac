/**
 * Fast paths for the split patterns: most pieces of ordinary text are ASCII words and numbers, whose
 * extent is decided by a few character comparisons. Each function returns where the piece starting at
 * `start` ends, exactly as the encoding's regex would, or -1 when the text there is anything less
 * plain (non-ASCII next to the piece, an apostrophe, white space, punctuation), in which case the
 * caller runs the regex. The property and corpus tests check them against tiktoken.
 */
export type PieceScanner = (text: string, start: number, length: number) => number;

function isLetter(unit: number): boolean {
  return ((unit | 0x20) - 0x61) >>> 0 < 26;
}

function isUpper(unit: number): boolean {
  return (unit - 0x41) >>> 0 < 26;
}

function isLower(unit: number): boolean {
  return (unit - 0x61) >>> 0 < 26;
}

function isDigit(unit: number): boolean {
  return (unit - 0x30) >>> 0 < 10;
}

/** End of a run of ASCII letters from `at`, or -1 if a non-ASCII character follows (it might continue the run). */
function letterRunEnd(text: string, at: number, length: number): number {
  while (at < length && isLetter(text.charCodeAt(at))) at++;
  return at < length && text.charCodeAt(at) >= 0x80 ? -1 : at;
}

/** `\p{N}{1,3}` on ASCII digits from `at`. */
function digitTripleEnd(text: string, at: number, length: number): number {
  const limit = Math.min(at + 3, length);
  let end = at + 1;
  while (end < limit && isDigit(text.charCodeAt(end))) end++;
  return end < limit && text.charCodeAt(end) >= 0x80 ? -1 : end;
}

function isAsciiSpace(unit: number): boolean {
  return unit === 0x20 || (unit - 0x09) >>> 0 < 5;
}

function isPunct(unit: number): boolean {
  return unit < 0x80 && !isAsciiSpace(unit) && !isLetter(unit) && !isDigit(unit);
}

/**
 * ` ?[^\s\p{L}\p{N}]+` then, when `trailingNewlines`, `[\r\n]*`: the ASCII punctuation run from `at`,
 * or -1 if a non-ASCII character ends it (it might be punctuation too).
 */
function punctRunEnd(text: string, at: number, length: number, trailingNewlines: boolean): number {
  while (at < length && isPunct(text.charCodeAt(at))) at++;
  if (at < length && text.charCodeAt(at) >= 0x80) return -1;
  if (trailingNewlines) {
    while (at < length) {
      const unit = text.charCodeAt(at);
      if (unit !== 0x0a && unit !== 0x0d) break;
      at++;
    }
  }
  return at;
}

/**
 * The white-space alternatives on an ASCII run from `start`: with `newlines`, `\s*[\r\n]+` (up to the
 * last CR/LF of the run) first; then `\s+(?!\S)` (the run, less its last character when text follows)
 * and `\s+`. -1 if a non-ASCII character ends the run (it might be white space).
 */
function spaceRunEnd(text: string, start: number, length: number, newlines: boolean): number {
  let at = start;
  let lastNewline = -1;
  while (at < length) {
    const unit = text.charCodeAt(at);
    if (!isAsciiSpace(unit)) {
      if (unit >= 0x80) return -1;
      break;
    }
    if (unit === 0x0a || unit === 0x0d) lastNewline = at;
    at++;
  }
  if (newlines && lastNewline >= 0) return lastNewline + 1;
  if (at === length || at - start === 1) return at;
  return at - 1;
}

/** GPT-2 / r50k / p50k: ` ?\p{L}+`, ` ?\p{N}+`, ` ?[^\s\p{L}\p{N}]+` and white space, on ASCII. */
export const scanR50kPiece: PieceScanner = (text, start, length) => {
  let at = start;
  let unit = text.charCodeAt(at);
  if (unit === 0x27) return -1; // a contraction may start here
  if (unit === 0x20 && at + 1 < length) {
    const next = text.charCodeAt(at + 1);
    if (!isAsciiSpace(next)) {
      if (next >= 0x80 || next === 0x27) return -1;
      unit = next;
      at++;
    }
  }
  if (isLetter(unit)) return letterRunEnd(text, at + 1, length);
  if (isDigit(unit)) {
    at++;
    while (at < length && isDigit(text.charCodeAt(at))) at++;
    return at < length && text.charCodeAt(at) >= 0x80 ? -1 : at;
  }
  if (isAsciiSpace(unit)) return spaceRunEnd(text, start, length, false);
  if (unit < 0x80) return punctRunEnd(text, at, length, false);
  return -1;
};

/**
 * The shared shape of cl100k_base and o200k_base on ASCII: an optional prefix before a word, digits in
 * threes, punctuation runs with trailing newlines, white space with the newline rule. `word` scans the
 * word from its first letter.
 */
function scanModernPiece(
  text: string,
  start: number,
  length: number,
  word: (text: string, at: number, length: number) => number,
): number {
  const unit = text.charCodeAt(start);
  if (isLetter(unit)) return word(text, start, length);
  if (isDigit(unit)) return digitTripleEnd(text, start, length);
  if (unit >= 0x80 || unit === 0x27) return -1;
  // `unit` is ASCII white space or punctuation: it may prefix a word (not CR/LF).
  const next = start + 1 < length ? text.charCodeAt(start + 1) : -1;
  if (next >= 0x80) return -1;
  if (unit !== 0x0a && unit !== 0x0d && isLetter(next)) return word(text, start + 1, length);
  if (unit === 0x20 && next >= 0 && isPunct(next)) return punctRunEnd(text, start + 1, length, true);
  if (isAsciiSpace(unit)) return spaceRunEnd(text, start, length, true);
  return punctRunEnd(text, start, length, true);
}

function cl100kWord(text: string, at: number, length: number): number {
  return letterRunEnd(text, at + 1, length);
}

/** o200k's words split at case changes: `[A-Z]*[a-z]+` or `[A-Z]+`; -1 before non-ASCII or an apostrophe. */
function o200kWord(text: string, at: number, length: number): number {
  while (at < length && isUpper(text.charCodeAt(at))) at++;
  while (at < length && isLower(text.charCodeAt(at))) at++;
  if (at < length) {
    const next = text.charCodeAt(at);
    // Non-ASCII may be a letter or mark that continues the word; an apostrophe may start "'s", "'ll", ...
    if (next >= 0x80 || next === 0x27) return -1;
  }
  return at;
}

/** cl100k_base on ASCII. */
export const scanCl100kPiece: PieceScanner = (text, start, length) =>
  scanModernPiece(text, start, length, cl100kWord);

/** o200k_base on ASCII. */
export const scanO200kPiece: PieceScanner = (text, start, length) =>
  scanModernPiece(text, start, length, o200kWord);
