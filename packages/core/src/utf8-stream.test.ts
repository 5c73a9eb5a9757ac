import { describe, expect, it } from 'vitest';
import { findInvalidUtf8, Utf8Error } from './utf8.js';
import { Utf8StreamDecoder } from './utf8-stream.js';

/** `bytes` cut at each of `cuts`. */
function cut(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const points = [0, ...cuts, bytes.length];
  return points.slice(1).map((end, i) => bytes.subarray(points[i], end));
}

/** The text of `chunks` through one decoder, or the error it stops with. */
function decodeAll(chunks: readonly Uint8Array[], dropBom = false): string | Utf8Error {
  const decoder = new Utf8StreamDecoder({ dropBom });
  let text = '';
  try {
    for (const chunk of chunks) text += decoder.decode(chunk);
    return text + decoder.end();
  } catch (error) {
    return error as Utf8Error;
  }
}

describe('Utf8StreamDecoder', () => {
  const good = new TextEncoder().encode('ab ي€😀 cd'); // 1-, 2-, 3- and 4-byte characters

  it('decodes UTF-8 cut anywhere, a character across two or three chunks included', () => {
    for (let at = 0; at <= good.length; at++)
      for (let second = at; second <= good.length; second++)
        expect(decodeAll(cut(good, [at, second]))).toBe('ab ي€😀 cd');
  });

  it('names the first bad byte of the whole stream, as decoding it at once does, wherever it is cut', () => {
    for (let bad = 0; bad <= good.length; bad++) {
      // A stray byte inserted at `bad` (inside a character or between two).
      for (const stray of [0x80, 0xff, 0xc3]) {
        const bytes = new Uint8Array(good.length + 1);
        bytes.set(good.subarray(0, bad));
        bytes[bad] = stray;
        bytes.set(good.subarray(bad), bad + 1);
        const first = findInvalidUtf8(bytes);
        for (let at = 0; at <= bytes.length; at++) {
          const result = decodeAll(cut(bytes, [at]));
          expect(result, `stray 0x${stray.toString(16)} at ${bad}, cut at ${at}`).toBeInstanceOf(Utf8Error);
          expect((result as Utf8Error).offset).toBe(first);
          // A lead byte at the very end is a character the stream ends inside.
          const hex = bytes[first]!.toString(16).padStart(2, '0');
          expect([
            `invalid UTF-8 at byte ${first} (0x${hex})`,
            `the UTF-8 ends inside a character (byte ${first})`,
          ]).toContain((result as Utf8Error).message);
        }
      }
    }
  });

  it('says where a stream that ends inside a character starts it', () => {
    const truncated = good.subarray(0, 11); // inside 😀 (bytes 8 to 11)
    for (let at = 0; at <= truncated.length; at++) {
      const result = decodeAll(cut(truncated, [at]));
      expect(result).toBeInstanceOf(Utf8Error);
      expect((result as Utf8Error).message).toBe('the UTF-8 ends inside a character (byte 8)');
    }
  });

  it('keeps a byte order mark as text unless asked to drop it', () => {
    const withBom = Uint8Array.of(0xef, 0xbb, 0xbf, 0x61);
    expect(decodeAll(cut(withBom, [1]))).toBe('\ufeffa');
    expect(decodeAll(cut(withBom, [2]), true)).toBe('a');
  });
});
