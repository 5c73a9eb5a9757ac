import { isWhiteSpace } from '../white-space.js';
import { isWordEdge } from './safe-cuts.js';

const LF = 0x0a;
const LETTER = /\p{L}/u;

/** The code point whose UTF-8 starts at `at` and ends before `end`, or -1 if the bytes there are not one. */
function codePointAt(bytes: Uint8Array, at: number, end: number): number {
  const lead = bytes[at]!;
  if (lead < 0x80) return lead;
  const length = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 0;
  if (length === 0 || at + length > end) return -1;
  let point = lead & (0x7f >> length);
  for (let k = 1; k < length; k++) {
    const next = bytes[at + k]!;
    if ((next & 0xc0) !== 0x80) return -1;
    point = (point << 6) | (next & 0x3f);
  }
  return point;
}

/**
 * Whether the character whose UTF-8 ends just before `end` (and starts at or after `from`) is a
 * whole, readable character that is not white space. Bytes that are not UTF-8 give false: no cut is
 * placed next to them, so the range that holds them reports them.
 */
function isWholeNonSpaceBefore(bytes: Uint8Array, from: number, end: number): boolean {
  if (end <= from) return false;
  let start = end - 1;
  while (start > from && start > 0 && end - start < 4 && (bytes[start]! & 0xc0) === 0x80) start--;
  const point = codePointAt(bytes, start, end);
  if (point < 0) return false;
  const length = point < 0x80 ? 1 : point < 0x800 ? 2 : point < 0x10000 ? 3 : 4;
  return start + length === end && !isWhiteSpace(point);
}

/**
 * Whether the UTF-8 text `bytes[from, to)` may be cut before byte `at` (`from < at < to`) without
 * changing any id of the GPT-2, cl100k or o200k encodings: the byte form of the `isSafeCut` rules,
 * restricted to what a few bytes around `at` show.
 *
 * - an ASCII space, tab, vertical tab or form feed right after a whole character that is not white
 *   space (the first rule of `isSafeCut`, for ASCII white space only);
 * - after a `\n` that follows a whole character other than white space, before a letter (its second);
 * - with `edges` (from `wordEdges`), between the two ASCII characters it names (its third).
 *
 * Every such place lies between two characters (at an ASCII byte, or at the lead byte of a letter),
 * and the same bytes give the same answer whatever else was read, so threads that each read their
 * own part of a file agree on where a part ends and the next begins.
 *
 * @example
 * ```ts
 * const bytes = new TextEncoder().encode('one two');
 * isSafeByteCut(bytes, 0, bytes.length, 3); // true: before the space
 * isSafeByteCut(bytes, 0, bytes.length, 2); // false: inside a word
 * ```
 */
export function isSafeByteCut(
  bytes: Uint8Array,
  from: number,
  to: number,
  at: number,
  edges?: Uint8Array,
): boolean {
  if (at <= from || at >= to) return false;
  const unit = bytes[at]!;
  const before = bytes[at - 1]!;
  if (edges !== undefined && isWordEdge(edges, before, unit)) return true;
  if (unit === 0x20 || unit === 0x09 || unit === 0x0b || unit === 0x0c)
    return isWholeNonSpaceBefore(bytes, from, at);
  if (bytes[at - 1] !== LF || !isWholeNonSpaceBefore(bytes, from, at - 1)) return false;
  if (unit < 0x80) return (unit | 0x20) >= 0x61 && (unit | 0x20) <= 0x7a;
  const point = codePointAt(bytes, at, to);
  return point >= 0 && LETTER.test(String.fromCodePoint(point));
}

/** Bytes of the file each look-up reads at a time while searching for a cut. */
const WINDOW = 1 << 16;
/** Bytes before a place that {@link isSafeByteCut} may look at (a `\n` and a 4-byte character)... */
const BEHIND = 5;
/** ... and after it (a 4-byte letter). */
const AHEAD = 4;

/**
 * The first place at or after `at` (and before `limit`, by default `to`) where the text of bytes
 * `[from, to)` (read with `read`) may be cut by {@link isSafeByteCut} (with `edges`, if given); `limit`
 * if there is none. It
 * depends only on `at`, the bounds and the bytes: threads that read the same file compute the same
 * cut for the same `at`, and a later `at` never gives an earlier cut. A `limit` lets a thread learn
 * that its part holds no cut without reading on to the next one.
 *
 * @example
 * ```ts
 * const bytes = new TextEncoder().encode('aaa bbb ccc');
 * safeByteCut((start, end) => bytes.subarray(start, end), 0, bytes.length, 5); // 7
 * ```
 */
export function safeByteCut(
  read: (start: number, end: number) => Uint8Array,
  from: number,
  to: number,
  at: number,
  limit = to,
  edges?: Uint8Array,
): number {
  for (let block = Math.max(at, from + 1); block < limit; block += WINDOW) {
    const lo = Math.max(from, block - BEHIND);
    const hi = Math.min(to, block + WINDOW + AHEAD);
    const bytes = read(lo, hi);
    // Positions in `bytes` are shifted by `lo`. The window holds the bytes each place's rule looks at
    // (BEHIND before it, AHEAD after it), or the text's own bounds, so its edges change no answer.
    const last = Math.min(limit, block + WINDOW);
    for (let place = block; place < last; place++)
      if (isSafeByteCut(bytes, from - lo, hi - lo, place - lo, edges)) return place;
  }
  return limit;
}
