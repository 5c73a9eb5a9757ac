import { codePoints, decodeBytes, toBytes } from '@tokenlab/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { testingSolution } from '../implementation.js';

// A variable, not a literal: the repository's type check never reads the file a learner edits.
const starter = './starter.js';
const { codePointsOf, decodeUtf8, encodeCodePoint, encodeUtf8, utf8Length } = testingSolution
  ? await import('./solution.js')
  : ((await import(starter)) as typeof import('./solution.js'));

const KOREAN = '안녕하세요 👏🏻 (hello in Korean!)';

describe('code points', () => {
  it("are Python's ord() values", () => {
    expect(codePointsOf('h😀캐'), 'ord("h"), ord("😀"), ord("캐") are 104, 128512, 52880').toEqual([
      104, 128512, 52880,
    ]);
  });

  it("match the seed's Korean greeting and @tokenlab/core's codePoints", () => {
    const points = codePointsOf(KOREAN);
    expect(
      points.slice(0, 8),
      'the seed starts [50504, 45397, 54616, 49464, 50836, 32, 128079, 127995]',
    ).toEqual([50504, 45397, 54616, 49464, 50836, 32, 128079, 127995]);
    expect(points, 'the same as codePoints() of @tokenlab/core').toEqual(codePoints(KOREAN));
  });
});

describe('UTF-8 encoding', () => {
  it('uses 1 to 4 bytes per code point', () => {
    expect(
      [0x41, 0x7f, 0x80, 0x627, 0x7ff, 0x800, 0x20ac, 0xffff, 0x10000, 0x1f44f].map(utf8Length),
      'A and U+007F take 1 byte, U+0080..U+07FF (Arabic ا) 2, up to U+FFFF (€) 3, emoji 4',
    ).toEqual([1, 1, 2, 2, 2, 3, 3, 3, 4, 4]);
  });

  it('encodes one code point with a lead byte and continuation bytes', () => {
    expect(encodeCodePoint(65), '"A" is one byte, its code point').toEqual([65]);
    expect(encodeCodePoint(0x627), 'ا (U+0627) is 110_11000 10_100111 = [216, 167]').toEqual([216, 167]);
    expect(encodeCodePoint(8364), '€ (U+20AC) is b"\\xe2\\x82\\xac" = [226, 130, 172]').toEqual([
      226, 130, 172,
    ]);
    expect(encodeCodePoint(0x1f44f), '👏 (U+1F44F) is [240, 159, 145, 143]').toEqual([240, 159, 145, 143]);
  });

  it("gives the seed's bytes for the Korean greeting", () => {
    const bytes = encodeUtf8(KOREAN);
    expect(bytes.length, '43 bytes: 5 Korean syllables × 3, two emoji × 4, 20 ASCII').toBe(43);
    expect(bytes.slice(0, 6), 'the seed starts [236, 149, 136, 235, 133, 149]').toEqual([
      236, 149, 136, 235, 133, 149,
    ]);
  });

  it('agrees with toBytes on Arabic with diacritics', () => {
    const text = 'بِسْمِ ٱللَّهِ ٱلرَّحْمَٰنِ';
    expect(encodeUtf8(text), 'every Arabic letter and mark is 2 bytes').toEqual([...toBytes(text)]);
  });

  it('agrees with toBytes on any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), (text) => {
        expect(encodeUtf8(text), `encodeUtf8(${JSON.stringify(text)})`).toEqual([...toBytes(text)]);
      }),
      { includeErrorInReport: true },
    );
  });
});

describe('UTF-8 decoding', () => {
  it('round-trips valid text', () => {
    for (const text of [KOREAN, 'سلام عليكم', '€ 12', '']) {
      expect(decodeUtf8([...toBytes(text)]), `decodeUtf8 must give back ${JSON.stringify(text)}`).toBe(text);
    }
  });

  it('replaces a stray continuation byte with U+FFFD', () => {
    expect(decodeUtf8([128]), 'the seed: decode([128]) with errors="replace" is "\\uFFFD"').toBe('\uFFFD');
    expect(decodeUtf8([104, 128, 105]), '"h", then 0x80 alone, then "i"').toBe('h\uFFFDi');
  });

  it('replaces a cut-off character with one U+FFFD', () => {
    expect(decodeUtf8([226, 130]), "the first 2 of €'s 3 bytes are one invalid piece").toBe('\uFFFD');
    expect(decodeUtf8([226, 130, 65]), 'a cut-off € followed by "A"').toBe('\uFFFDA');
  });

  it('agrees with decodeBytes on any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 12 }), (bytes) => {
        expect(
          decodeUtf8([...bytes]),
          `decodeUtf8([${bytes.join(', ')}]): reject overlong forms (E0 80..9F, F0 80..8F), surrogates (ED A0..BF) and code points above U+10FFFF`,
        ).toBe(decodeBytes(bytes));
      }),
      { numRuns: 2000, includeErrorInReport: true },
    );
  });
});
