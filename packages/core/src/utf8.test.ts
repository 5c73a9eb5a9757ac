import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeBytes,
  findInvalidUtf8,
  findLoneSurrogate,
  toBytes,
  Utf8Error,
  utf8ByteLength,
} from './utf8.js';

const REPLACEMENT = '\uFFFD';

describe('toBytes / decodeBytes', () => {
  it('round-trips every well-formed string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        expect(decodeBytes(toBytes(text))).toBe(text);
        expect(decodeBytes(toBytes(text, { errors: 'strict' }), { errors: 'strict' })).toBe(text);
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }).filter((s) => findLoneSurrogate(s) < 0),
        (text) => {
          expect(decodeBytes(toBytes(text))).toBe(text);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('encodes a lone surrogate as U+FFFD, or throws in strict mode naming its index', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.integer({ min: 0xd800, max: 0xdfff }),
        fc.string(),
        (before, unit, after) => {
          // Keep the surrogate alone: no neighbour may pair with it.
          fc.pre(!/[\uD800-\uDFFF]$/.test(before) && !/^[\uD800-\uDFFF]/.test(after));
          const text = before + String.fromCharCode(unit) + after;
          expect(decodeBytes(toBytes(text))).toBe(before + REPLACEMENT + after);
          expect(() => toBytes(text, { errors: 'strict' })).toThrow(Utf8Error);
          try {
            toBytes(text, { errors: 'strict' });
          } catch (error) {
            expect((error as Utf8Error).offset).toBe(before.length);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('matches the byte lengths of the encoder', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(utf8ByteLength(text)).toBe(toBytes(text).length);
      }),
      { numRuns: 500 },
    );
  });

  it('measures a slice as the encoder measures the sliced text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.nat(), fc.nat(), (text, a, b) => {
        const [start, end] = [a % (text.length + 1), b % (text.length + 1)].sort((x, y) => x - y);
        expect(utf8ByteLength(text, start, end)).toBe(toBytes(text.slice(start, end)).length);
      }),
      { numRuns: 500 },
    );
  });

  it('replaces each maximal invalid subpart with one U+FFFD, as Python does', () => {
    // Expected values from Python: bytes(...).decode('utf-8', errors='replace')
    const cases: [number[], string][] = [
      [[0x61, 0xff, 0x62], `a${REPLACEMENT}b`],
      [[0xe4, 0xbd], REPLACEMENT],
      [[0xe4, 0xbd, 0x61], `${REPLACEMENT}a`],
      [[0xf0, 0x9f, 0x98], REPLACEMENT],
      [[0xc0, 0xaf], REPLACEMENT + REPLACEMENT],
      [[0xed, 0xa0, 0x80], REPLACEMENT.repeat(3)],
      [[0xf4, 0x90, 0x80, 0x80], REPLACEMENT.repeat(4)],
      [[0xef, 0xbb, 0xbf, 0x61], '\uFEFFa'],
    ];
    for (const [bytes, expected] of cases) {
      expect(decodeBytes(Uint8Array.from(bytes)), bytes.join(',')).toBe(expected);
    }
  });

  it('names the first invalid byte in strict mode', () => {
    expect(findInvalidUtf8(Uint8Array.from([0x61, 0x62]))).toBe(-1);
    expect(findInvalidUtf8(Uint8Array.from([0x61, 0xc3]))).toBe(1);
    expect(findInvalidUtf8(Uint8Array.from([0xe0, 0x80, 0x80]))).toBe(0);
    expect(() => decodeBytes(Uint8Array.from([0x68, 0x69, 0xff]), { errors: 'strict' })).toThrow(
      /invalid UTF-8 at byte 2 \(0xff\)/,
    );
  });

  it('agrees with the platform decoder on which byte strings are valid', () => {
    const fatal = new TextDecoder('utf-8', { fatal: true });
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 12 }), (bytes) => {
        let valid = true;
        try {
          fatal.decode(bytes);
        } catch {
          valid = false;
        }
        expect(findInvalidUtf8(bytes) < 0).toBe(valid);
      }),
      { numRuns: 2000 },
    );
  });
});
