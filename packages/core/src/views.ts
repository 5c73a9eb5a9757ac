import { requireText } from './require-text.js';
import { spansFromByteLengths } from './spans.js';
import type { Token, Tokenizer } from './token.js';
import { decodeBytes, toBytes } from './utf8.js';

/**
 * The Unicode code points of `text`, as Python's `[ord(c) for c in text]` gives them.
 * A lone surrogate is kept as its own value (0xD800–0xDFFF), so no text is lost.
 *
 * @example
 * ```ts
 * codePoints('안녕 👋'); // [50504, 45397, 32, 128075]
 * ```
 */
export function codePoints(text: string): number[] {
  const points: number[] = [];
  for (const char of text) points.push(char.codePointAt(0)!);
  return points;
}

/**
 * The number of code points in `text`, as Python's `len` counts them (a surrogate pair is one, a
 * lone surrogate one too), without making the array {@link codePoints} makes.
 *
 * @example
 * ```ts
 * codePointLength('😀a'); // 2 (JS `.length` says 3)
 * ```
 */
export function codePointLength(text: string): number {
  let length = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        length--;
        i++;
      }
    }
  }
  return length;
}

/**
 * The text of a list of code points, the inverse of {@link codePoints}.
 *
 * @example
 * ```ts
 * fromCodePoints([104, 105]); // 'hi'
 * ```
 */
export function fromCodePoints(points: readonly number[]): string {
  let text = '';
  // Chunked so that very long inputs do not overflow the argument limit of fromCodePoint.
  for (let i = 0; i < points.length; i += 8192) {
    text += String.fromCodePoint(...points.slice(i, i + 8192));
  }
  return text;
}

/**
 * One token per Unicode code point, its id being the code point (the seeds' `ord(c)` view).
 *
 * @example
 * ```ts
 * const t = new CodePointTokenizer();
 * t.encode('hé');          // [104, 233]
 * t.tokenize('😀')[0];     // { text: '😀', start: 0, end: 2, id: 128512 }
 * ```
 */
export class CodePointTokenizer implements Tokenizer {
  /** Always `'codepoints'`. */
  readonly name = 'codepoints';

  /** One token per code point, with its span and its code point as id. */
  tokenize(text: string): Token[] {
    requireText(text, 'CodePointTokenizer.tokenize');
    const tokens: Token[] = [];
    let start = 0;
    for (const char of text) {
      const id = char.codePointAt(0)!;
      tokens.push({ text: char, start, end: start + char.length, id });
      start += char.length;
    }
    return tokens;
  }

  /** The code points of `text`. */
  encode(text: string): number[] {
    requireText(text, 'CodePointTokenizer.encode');
    return codePoints(text);
  }

  /** The text of the code points `ids`. */
  decode(ids: readonly number[]): string {
    return fromCodePoints(ids);
  }
}

/**
 * One token per UTF-8 byte, its id being the byte value (the seeds' `text.encode('utf-8')` view).
 * A byte inside a multi-byte character carries that character's span and its own `bytes` range.
 * Decoding replaces invalid UTF-8 with U+FFFD.
 *
 * @example
 * ```ts
 * const t = new Utf8ByteTokenizer();
 * t.encode('é');        // [195, 169]
 * t.decode([195, 169]); // 'é'
 * ```
 */
export class Utf8ByteTokenizer implements Tokenizer {
  /** Always `'utf8'`. */
  readonly name = 'utf8';

  /** One token per byte, with id = byte value. */
  tokenize(text: string): Token[] {
    requireText(text, 'Utf8ByteTokenizer.tokenize');
    const bytes = toBytes(text);
    return spansFromByteLengths(text, new Uint8Array(bytes.length).fill(1), bytes);
  }

  /** The UTF-8 bytes of `text` as numbers. */
  encode(text: string): number[] {
    requireText(text, 'Utf8ByteTokenizer.encode');
    return Array.from(toBytes(text));
  }

  /** Bytes back to text; invalid sequences become U+FFFD. */
  decode(ids: readonly number[]): string {
    const bad = ids.findIndex((id) => !Number.isInteger(id) || id < 0 || id > 255);
    if (bad >= 0) throw new RangeError(`id ${ids[bad]} at position ${bad} is not a byte (0-255)`);
    return decodeBytes(Uint8Array.from(ids));
  }
}
