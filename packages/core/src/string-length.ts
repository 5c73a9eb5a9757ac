/**
 * The most UTF-16 units a JavaScript string holds in V8 (Node and Chromium on 64-bit: 2^29 − 24): a
 * longer text cannot be one string, so whatever would join it must refuse it in its own words.
 *
 * @example
 * ```ts
 * if (units > MAX_STRING_LENGTH) throw new RangeError('too long to be one string');
 * ```
 */
export const MAX_STRING_LENGTH = 0x1fffffe8;
