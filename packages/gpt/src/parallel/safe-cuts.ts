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
 * With `edges` (from {@link wordEdges}), a third kind, for text without white space (minified JSON,
 * numbers separated by commas):
 *
 * - an ASCII letter or digit followed by ASCII punctuation other than the apostrophe, unless that
 *   pair occurs inside a special token: a letter is only ever in a word piece, which ends at the
 *   first character that is no letter or mark (o200k: or at a contraction, which begins with the
 *   apostrophe); a digit is only in a number piece (`\p{N}{1,3}`, ` ?\p{N}+`), which ends at the
 *   first character that is no digit; a punctuation piece begins at that character either way.
 *
 * No pattern looks behind, and a piece ending at the cut looks ahead only at a character that stops
 * it either way, so the pieces on both sides are those of the whole text. Special tokens hold no white
 * space, so no special token spans a cut of the first two kinds, and `edges` leaves out the pairs
 * that occur in them.
 *
 * @example
 * ```ts
 * isSafeCut('one.\nTwo', 5); // true: after a lone newline, before a letter
 * isSafeCut('one\n\nTwo', 5); // false: a run of newlines
 * isSafeCut('one two', 3);   // true: before the space
 * isSafeCut('{"a":1}', 3, wordEdges([])); // true: between 'a' and '"'
 * ```
 */
export function isSafeCut(text: string, cut: number, edges?: Uint8Array): boolean {
  if (cut < 1 || cut >= text.length) return false;
  const before = text.charCodeAt(cut - 1);
  const at = text.charCodeAt(cut);
  if (edges !== undefined && isWordEdge(edges, before, at)) return true;
  if (isWhiteSpace(at)) return at !== 0x0a && at !== 0x0d && !isWhiteSpace(before);
  return before === 0x0a && cut >= 2 && !isWhiteSpace(text.charCodeAt(cut - 2)) && isLetterAt(text, cut);
}

/**
 * Whether `edges` (from {@link wordEdges}) allows a cut between the units (or bytes) `before` and `after`.
 *
 * @example
 * ```ts
 * isWordEdge(wordEdges([]), 0x61, 0x22); // true: 'a' then '"'
 * ```
 */
export function isWordEdge(edges: Uint8Array, before: number, after: number): boolean {
  return (before | after) < 0x80 && edges[(before << 7) | after] === 1;
}

/**
 * The pairs of ASCII characters {@link isSafeCut} (and `isSafeByteCut`) may cut between, as 128 × 128
 * flags at `before << 7 | after`: a letter or digit followed by punctuation other than the apostrophe,
 * except the pairs that occur inside one of `specialTokens` (`t|` in `<|endoftext|>`), so that no cut
 * splits a special token.
 *
 * @example
 * ```ts
 * const edges = wordEdges(enc.specialTokens.keys());
 * edges[('t'.charCodeAt(0) << 7) | '|'.charCodeAt(0)]; // 0 in cl100k_base: inside <|endoftext|>
 * edges[('a'.charCodeAt(0) << 7) | '"'.charCodeAt(0)]; // 1
 * ```
 */
export function wordEdges(specialTokens: Iterable<string>): Uint8Array {
  const edges = new Uint8Array(128 * 128);
  const isWordChar = (c: number) => (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a);
  for (let before = 0; before < 128; before++) {
    if (!isWordChar(before)) continue;
    for (let after = 0x21; after < 0x7f; after++)
      if (!isWordChar(after) && after !== 0x27) edges[(before << 7) | after] = 1;
  }
  for (const token of specialTokens)
    for (let i = 1; i < token.length; i++) {
      const before = token.charCodeAt(i - 1);
      const after = token.charCodeAt(i);
      if ((before | after) < 0x80) edges[(before << 7) | after] = 0;
    }
  return edges;
}

/**
 * Cut positions that split `text` into pieces of about `pieceSize` UTF-16 units, each at an
 * {@link isSafeCut} place (with `edges`, those of {@link wordEdges} too): for every piece the nearest
 * safe place at or before its target (not earlier than half a piece), else the next one after it.
 * Text without such places stays one piece. The returned positions are increasing and exclude 0 and
 * `text.length`.
 *
 * @example
 * ```ts
 * safeCuts('aaa bbb ccc ddd', 4); // [3, 7, 11]
 * ```
 */
export function safeCuts(text: string, pieceSize: number, edges?: Uint8Array): number[] {
  const size = Math.max(2, Math.floor(pieceSize));
  return cutsBySize(text, () => size, edges);
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
export function cutsBySize(text: string, sizeAt: (start: number) => number, edges?: Uint8Array): number[] {
  const cuts: number[] = [];
  for (let start = 0; ; ) {
    const size = Math.max(2, sizeAt(start));
    if (text.length - start <= size) break;
    const cut = nextSafeCut(text, start, size, edges);
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
export function nextSafeCut(text: string, start: number, size: number, edges?: Uint8Array): number {
  const target = start + size;
  for (let at = target; at > start + (size >> 1); at--) if (isSafeCut(text, at, edges)) return at;
  for (let at = target + 1; at < text.length; at++) if (isSafeCut(text, at, edges)) return at;
  return -1;
}

const edgesByEncoding = new WeakMap<object, Uint8Array>();

/**
 * {@link wordEdges} of an encoding's special tokens, made once per encoding.
 *
 * @example
 * ```ts
 * safeCuts(minifiedJson, 1 << 20, wordEdgesOf(enc));
 * ```
 */
export function wordEdgesOf(encoding: { readonly specialTokens: ReadonlyMap<string, number> }): Uint8Array {
  let edges = edgesByEncoding.get(encoding);
  if (edges === undefined) {
    edges = wordEdges(encoding.specialTokens.keys());
    edgesByEncoding.set(encoding, edges);
  }
  return edges;
}
