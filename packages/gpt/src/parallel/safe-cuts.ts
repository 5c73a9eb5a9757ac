import { CL100K_PATTERN_SOURCE, O200K_PATTERN_SOURCE, R50K_PATTERN_SOURCE } from '../patterns.js';
import { isWhiteSpace } from '../white-space.js';

/** The split patterns whose texts may be cut at {@link isSafeCut} (proved for these three only). */
const CUTTABLE_PATTERNS = new Set([R50K_PATTERN_SOURCE, CL100K_PATTERN_SOURCE, O200K_PATTERN_SOURCE]);

const LETTER = /\p{L}/u;

function isLetterAt(text: string, at: number): boolean {
  const unit = text.charCodeAt(at);
  if (unit < 0x80) return (unit | 0x20) >= 0x61 && (unit | 0x20) <= 0x7a;
  return LETTER.test(String.fromCodePoint(text.codePointAt(at)!));
}

/**
 * Whether a text split with `patternSource` can be cut into pieces that encode separately to exactly
 * the ids of the whole (see {@link isSafeCut}): true for the GPT-2, cl100k and o200k patterns.
 *
 * @example
 * ```ts
 * isCuttablePattern(CL100K_PATTERN_SOURCE); // true
 * isCuttablePattern('\\S+|\\s+');            // false: no proof for an arbitrary pattern
 * ```
 */
export function isCuttablePattern(patternSource: string): boolean {
  return CUTTABLE_PATTERNS.has(patternSource);
}

/**
 * Whether cutting `text` before index `cut` leaves every piece of the GPT-2, cl100k and o200k split
 * patterns whole. Two kinds of place qualify:
 *
 * - a single `\n` (after a character that is not white space) followed by a letter: the newline is a
 *   piece of its own or ends a punctuation piece (`[\r\n]*`, `[\r\n/]*`), the word prefix
 *   `[^\r\n\p{L}\p{N}]?` cannot take it, and a lone newline is the same piece whether text or the end
 *   follows (`\s+(?!\S)` and `\s+` agree on one character, which is why a run of newlines is no cut);
 * - white space other than CR/LF right after a character that is not white space: no piece holds
 *   such a pair (only `[\r\n]` may follow punctuation in a piece).
 *
 * No pattern looks behind, and a piece ending at the cut looks ahead only at a character that stops
 * it either way, so the pieces on both sides are those of the whole text. Special tokens hold no white
 * space, so no special token spans a cut either.
 *
 * @example
 * ```ts
 * isSafeCut('one.\nTwo', 5); // true: after a lone newline, before a letter
 * isSafeCut('one\n\nTwo', 5); // false: a run of newlines
 * isSafeCut('one two', 3);   // true: before the space
 * ```
 */
export function isSafeCut(text: string, cut: number): boolean {
  if (cut < 1 || cut >= text.length) return false;
  const before = text.charCodeAt(cut - 1);
  const at = text.charCodeAt(cut);
  if (isWhiteSpace(at)) return at !== 0x0a && at !== 0x0d && !isWhiteSpace(before);
  return before === 0x0a && cut >= 2 && !isWhiteSpace(text.charCodeAt(cut - 2)) && isLetterAt(text, cut);
}

/**
 * Cut positions that split `text` into pieces of about `pieceSize` UTF-16 units, each at an
 * {@link isSafeCut} place: for every piece the nearest safe place at or before its target (not earlier
 * than half a piece), else the next one after it. Text without such places stays one piece. The
 * returned positions are increasing and exclude 0 and `text.length`.
 *
 * @example
 * ```ts
 * safeCuts('aaa bbb ccc ddd', 4); // [3, 7, 11]
 * ```
 */
export function safeCuts(text: string, pieceSize: number): number[] {
  const size = Math.max(2, Math.floor(pieceSize));
  return cutsBySize(text, () => size);
}

/**
 * Safe cuts (see {@link safeCuts}) with the size of each piece chosen by where it starts: `sizeAt(start)`
 * units, at least 2.
 *
 * @example
 * ```ts
 * cutsBySize('aaa bbb ccc ddd', (start) => (start < 4 ? 4 : 8)); // [3, 7]
 * ```
 */
export function cutsBySize(text: string, sizeAt: (start: number) => number): number[] {
  const cuts: number[] = [];
  for (let start = 0; ; ) {
    const size = Math.max(2, sizeAt(start));
    if (text.length - start <= size) break;
    const cut = nextSafeCut(text, start, size);
    if (cut < 0) break;
    cuts.push(cut);
    start = cut;
  }
  return cuts;
}

/**
 * The end of the piece of about `size` UTF-16 units that starts at `start` (as {@link safeCuts} cuts
 * it): the nearest {@link isSafeCut} place at or before `start + size` (not earlier than half a piece),
 * else the next one after it, else -1.
 *
 * @example
 * ```ts
 * nextSafeCut('aaa bbb ccc ddd', 3, 4); // 7
 * ```
 */
export function nextSafeCut(text: string, start: number, size: number): number {
  const target = start + size;
  for (let at = target; at > start + (size >> 1); at--) if (isSafeCut(text, at)) return at;
  for (let at = target + 1; at < text.length; at++) if (isSafeCut(text, at)) return at;
  return -1;
}
