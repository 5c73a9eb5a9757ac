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

/** `[^\r\n\p{L}\p{N}]` restricted to ASCII, without the apostrophe (which may start a contraction). */
function isPlainPrefix(unit: number): boolean {
  return unit < 0x80 && unit !== 0x0a && unit !== 0x0d && unit !== 0x27 && !isLetter(unit) && !isDigit(unit);
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

/** GPT-2 / r50k / p50k: ` ?\p{L}+` and ` ?\p{N}+` on ASCII. */
export const scanR50kPiece: PieceScanner = (text, start, length) => {
  let at = start;
  let unit = text.charCodeAt(at);
  if (unit === 0x20 && at + 1 < length) unit = text.charCodeAt(++at);
  if (isLetter(unit)) return letterRunEnd(text, at + 1, length);
  if (isDigit(unit)) {
    at++;
    while (at < length && isDigit(text.charCodeAt(at))) at++;
    return at < length && text.charCodeAt(at) >= 0x80 ? -1 : at;
  }
  return -1;
};

/** cl100k_base: `[^\r\n\p{L}\p{N}]?\p{L}+` and `\p{N}{1,3}` on ASCII. */
export const scanCl100kPiece: PieceScanner = (text, start, length) => {
  const unit = text.charCodeAt(start);
  if (isLetter(unit)) return letterRunEnd(text, start + 1, length);
  if (isDigit(unit)) return digitTripleEnd(text, start, length);
  if (isPlainPrefix(unit) && start + 1 < length && isLetter(text.charCodeAt(start + 1)))
    return letterRunEnd(text, start + 2, length);
  return -1;
};

/** o200k_base: a word split at case changes (`[A-Z]*[a-z]+` or `[A-Z]+`), and `\p{N}{1,3}`, on ASCII. */
export const scanO200kPiece: PieceScanner = (text, start, length) => {
  let at = start;
  let unit = text.charCodeAt(at);
  if (isDigit(unit)) return digitTripleEnd(text, start, length);
  if (!isLetter(unit)) {
    if (!isPlainPrefix(unit) || at + 1 >= length) return -1;
    unit = text.charCodeAt(++at);
    if (!isLetter(unit)) return -1;
  }
  while (at < length && isUpper(text.charCodeAt(at))) at++;
  while (at < length && isLower(text.charCodeAt(at))) at++;
  if (at < length) {
    const next = text.charCodeAt(at);
    // Non-ASCII may be a letter or mark that continues the word; an apostrophe may start "'s", "'ll", ...
    if (next >= 0x80 || next === 0x27) return -1;
  }
  return at;
};
