/**
 * How to treat input that is not well-formed: replace it with U+FFFD, or throw.
 *
 * @example
 * ```ts
 * const errors: Utf8Errors = 'strict';
 * decodeBytes(new Uint8Array([0xff]), { errors }); // throws Utf8Error
 * ```
 */
export type Utf8Errors = 'replace' | 'strict';

/**
 * Options of {@link toBytes} and {@link decodeBytes}.
 *
 * @example
 * ```ts
 * toBytes('a\uD800', { errors: 'replace' }); // Uint8Array [0x61, 0xef, 0xbf, 0xbd]
 * ```
 */
export interface Utf8Options {
  /**
   * `'replace'` (default): lone surrogates encode as U+FFFD (`EF BF BD`), and invalid byte sequences
   * decode as one U+FFFD per maximal invalid subpart (the WHATWG and Python `errors="replace"` rule).
   * `'strict'`: throw a {@link Utf8Error} naming the offset.
   */
  errors?: Utf8Errors;
}

/**
 * Thrown in `'strict'` mode: `offset` is the UTF-16 index of the lone surrogate (encoding) or the
 * byte index of the first invalid byte (decoding).
 *
 * @example
 * ```ts
 * try { decodeBytes(new Uint8Array([0x68, 0xff]), { errors: 'strict' }); }
 * catch (e) { if (e instanceof Utf8Error) console.log(e.offset); } // 1
 * ```
 */
export class Utf8Error extends Error {
  /** Where the problem is (see the class description for the unit). */
  readonly offset: number;
  /** Creates the error; `offset` is stored for callers that want to point at the problem. */
  constructor(message: string, offset: number) {
    super(message);
    this.name = 'Utf8Error';
    this.offset = offset;
  }
}

const encoder = new TextEncoder();
const replacingDecoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

/**
 * Index of the first lone surrogate in `text`, or -1 when `text` is well-formed UTF-16.
 *
 * @example
 * ```ts
 * findLoneSurrogate('a\uD800b'); // 1
 * findLoneSurrogate('😀');       // -1
 * ```
 */
export function findLoneSurrogate(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      else return i;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      return i;
    }
  }
  return -1;
}

/**
 * The UTF-8 bytes of `text`. Lone surrogates become U+FFFD, as in every web API, unless
 * `errors: 'strict'` asks for an error instead (Python's `str.encode()` raises there).
 *
 * @example
 * ```ts
 * toBytes('hé');  // Uint8Array [0x68, 0xc3, 0xa9]
 * ```
 */
export function toBytes(text: string, options: Utf8Options = {}): Uint8Array {
  if (options.errors === 'strict') {
    const at = findLoneSurrogate(text);
    if (at >= 0) {
      const unit = text.charCodeAt(at).toString(16).toUpperCase();
      throw new Utf8Error(`lone surrogate U+${unit} at index ${at} cannot be encoded as UTF-8`, at);
    }
  }
  return encoder.encode(text);
}

/**
 * Byte index of the first byte that starts an invalid UTF-8 sequence, or -1 when all of
 * `bytes` is well-formed (overlongs, surrogates and code points above U+10FFFF are invalid).
 *
 * @example
 * ```ts
 * findInvalidUtf8(new Uint8Array([0x61, 0xc3])); // 1 (truncated sequence)
 * ```
 */
export function findInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  const n = bytes.length;
  while (i < n) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lo = 0xa0;
      if (b === 0xed) hi = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lo = 0x90;
      if (b === 0xf4) hi = 0x8f;
    } else return i;
    // A truncated sequence reads `undefined`, which fails the range checks below.
    const second = bytes[i + 1] ?? -1;
    if (second < lo || second > hi) return i;
    for (let k = 2; k <= need; k++) {
      const c = bytes[i + k] ?? -1;
      if (c < 0x80 || c > 0xbf) return i;
    }
    i += need + 1;
  }
  return -1;
}

/**
 * Decode UTF-8 bytes to a string. With `errors: 'replace'` (default) each maximal invalid subpart
 * becomes one U+FFFD, exactly as Python's `bytes.decode('utf-8', errors='replace')` and minbpe's
 * `decode` do; with `'strict'` a {@link Utf8Error} names the byte offset. A leading BOM is kept.
 *
 * @example
 * ```ts
 * decodeBytes(new Uint8Array([0xe4, 0xbd, 0xa0])); // '你'
 * decodeBytes(new Uint8Array([0xe4, 0xbd]));       // '\uFFFD'
 * ```
 */
export function decodeBytes(bytes: Uint8Array, options: Utf8Options = {}): string {
  if (options.errors === 'strict') {
    const at = findInvalidUtf8(bytes);
    if (at >= 0) {
      const hex = bytes[at]!.toString(16).padStart(2, '0');
      throw new Utf8Error(`invalid UTF-8 at byte ${at} (0x${hex})`, at);
    }
  }
  return replacingDecoder.decode(bytes);
}

/**
 * Number of UTF-8 bytes `text` (or `text.slice(start, end)`) encodes to (lone surrogates count 3, as
 * U+FFFD), without allocating.
 *
 * @example
 * ```ts
 * utf8ByteLength('aé😀'); // 1 + 2 + 4 = 7
 * utf8ByteLength('aé😀', 1, 2); // 2
 * ```
 */
export function utf8ByteLength(text: string, start = 0, end = text.length): number {
  let bytes = 0;
  for (let i = start; i < end; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < end) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}
