// biome-ignore-all lint/correctness/noUnusedFunctionParameters: the parameters are there for you to use.
// Exercise: code points and UTF-8 by hand.
// The task, background and hints: docs/exercises/utf8.md
// Check your work with: pnpm exercise utf8
import { Todo } from '../implementation.js';

/** The code points of `text`, as Python's `[ord(c) for c in text]`. */
export function codePointsOf(text: string): number[] {
  // TODO: one number per character; careful, an emoji is two UTF-16 units in JavaScript.
  throw new Todo('codePointsOf: return the code point of each character (codePointAt)');
}

/** How many UTF-8 bytes code point `cp` takes: 1 up to U+007F, 2 up to U+07FF, 3 up to U+FFFF, else 4. */
export function utf8Length(cp: number): number {
  // TODO: compare `cp` with 0x80, 0x800 and 0x10000.
  throw new Todo('utf8Length: 1, 2, 3 or 4 bytes depending on the size of the code point');
}

/**
 * The UTF-8 bytes of one code point: a lead byte that says how many bytes follow
 * (`0xxxxxxx`, `110xxxxx`, `1110xxxx`, `11110xxx`), then `10xxxxxx` continuation bytes, six bits each.
 */
export function encodeCodePoint(cp: number): number[] {
  // TODO: build the lead byte and the continuation bytes with shifts (>>) and masks (& 0x3f, | 0x80).
  throw new Todo('encodeCodePoint: the lead byte, then 6 bits per continuation byte');
}

/** The UTF-8 bytes of `text`, as Python's `list(text.encode("utf-8"))`. */
export function encodeUtf8(text: string): number[] {
  // TODO: encode every code point and concatenate (no TextEncoder: that is the point of the exercise).
  throw new Todo('encodeUtf8: encode each code point of the text and concatenate the bytes');
}

/**
 * Bytes back to text. Every maximal invalid piece becomes one U+FFFD, as Python's
 * `errors="replace"` and the browser's TextDecoder do.
 */
export function decodeUtf8(bytes: readonly number[]): string {
  // TODO: read a lead byte, then its continuation bytes; replace what does not fit with '\uFFFD'.
  throw new Todo('decodeUtf8: read each lead byte and its continuation bytes back into a code point');
}
