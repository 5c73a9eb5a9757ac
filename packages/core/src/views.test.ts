import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { spansFromByteLengths } from './spans.js';
import { toBytes } from './utf8.js';
import {
  CodePointTokenizer,
  codePointLength,
  codePoints,
  fromCodePoints,
  Utf8ByteTokenizer,
} from './views.js';

describe('code point and byte views', () => {
  it('counts code points as codePoints lists them, lone surrogates included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(codePointLength(text)).toBe(codePoints(text).length);
      }),
      { numRuns: 500 },
    );
  });

  it('gives the code points of the seeds', () => {
    // The seeds' `[ord(x) for x in "안녕하세요 👏🏻 (hello ..."]` and `ord('h'), ord('😀'), ord('캐')`
    expect(codePoints('안녕하세요 👏🏻 (h')).toEqual([
      50504, 45397, 54616, 49464, 50836, 32, 128079, 127995, 32, 40, 104,
    ]);
    expect(codePoints('h😀캐')).toEqual([104, 128512, 52880]);
    expect(fromCodePoints(codePoints('ٱلْحَمْدُ 😀'))).toBe('ٱلْحَمْدُ 😀');
  });

  it('keeps lone surrogates as their own code points', () => {
    expect(codePoints('a\uD800b')).toEqual([97, 0xd800, 98]);
  });

  it('tokenizes code points with spans', () => {
    const tokens = new CodePointTokenizer().tokenize('a😀b');
    expect(tokens).toEqual([
      { text: 'a', start: 0, end: 1, id: 97 },
      { text: '😀', start: 1, end: 3, id: 0x1f600 },
      { text: 'b', start: 3, end: 4, id: 98 },
    ]);
  });

  it('tokenizes UTF-8 bytes with the span of their character', () => {
    const utf8 = new Utf8ByteTokenizer();
    expect(utf8.encode('مرحبا')).toEqual([...toBytes('مرحبا')]);
    const tokens = utf8.tokenize('aé');
    expect(tokens.map((t) => [t.start, t.end, t.id, t.bytes])).toEqual([
      [0, 1, 97, [0, 1]],
      [1, 2, 195, [1, 2]],
      [1, 2, 169, [2, 3]],
    ]);
    expect(utf8.decode([0xe4, 0xbd])).toBe('\uFFFD');
    expect(() => utf8.decode([256])).toThrow(/id 256 at position 0 is not a byte/);
  });

  it('slicing by spans gives each token its text, for every string', () => {
    const tokenizers = [new CodePointTokenizer(), new Utf8ByteTokenizer()];
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        for (const tokenizer of tokenizers) {
          for (const token of tokenizer.tokenize(text))
            expect(text.slice(token.start, token.end)).toBe(token.text);
        }
        expect(fromCodePoints(codePoints(text))).toBe(text);
      }),
      { numRuns: 300 },
    );
  });
});

describe('spansFromByteLengths', () => {
  it('covers every character a piece touches', () => {
    // '👋' is 4 bytes, split 1 + 3; 'a' follows.
    const tokens = spansFromByteLengths('👋a', [1, 3, 1], [1, 2, 3]);
    expect(tokens.map((t) => [t.text, t.start, t.end, t.bytes])).toEqual([
      ['👋', 0, 2, [0, 1]],
      ['👋', 0, 2, [1, 4]],
      ['a', 2, 3, [4, 5]],
    ]);
  });

  it('gives contiguous spans when pieces end on character boundaries', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 4 }), { maxLength: 20 }),
        (pieces) => {
          const text = pieces.join('');
          const tokens = spansFromByteLengths(
            text,
            pieces.map((piece) => toBytes(piece).length),
          );
          let at = 0;
          tokens.forEach((token, i) => {
            expect(token.start).toBe(at);
            expect(token.text).toBe(pieces[i]);
            at = token.end;
          });
          expect(at).toBe(text.length);
        },
      ),
      { numRuns: 300 },
    );
  });
});
