import { tempFileWriter } from '@tokenlab/test-support';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CorpusBytes } from './corpus-bytes.js';

const file = tempFileWriter('tokenlab-corpus-bytes-');

// Text with every UTF-8 length, a BOM, CR/LF, and ASCII.
const PIECES = [
  'بسم',
  'الله',
  'é',
  'ß',
  '€',
  '中文',
  '😀',
  '𝐀',
  '𝐁',
  '\u{10001}',
  '\u{10ffff}',
  '\ufeff',
  '\uffff',
  '\u0800',
  '\r\n',
  '\r',
  '\n',
  'a',
  ' ',
];

describe('CorpusBytes.text and CorpusBytes.utf8', () => {
  it('decodes as TextDecoder does (BOM kept), with CR/LF read as LF, at any range of whole characters', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 300 }),
        fc.nat(),
        (parts, cut) => {
          const text = parts.join('');
          const corpus = new CorpusBytes([file(text)]);
          try {
            const expected = text.replace(/\r\n?/g, '\n');
            expect(corpus.text(0, corpus.length)).toBe(expected);
            expect(Buffer.from(corpus.utf8(0, corpus.length))).toEqual(Buffer.from(expected));
            // A range starting at a character boundary (here: between two pieces).
            const split = cut % parts.length;
            const head = Buffer.byteLength(parts.slice(0, split).join(''));
            if (parts[split - 1] !== '\r' || parts[split] !== '\n')
              expect(corpus.text(head, corpus.length)).toBe(
                parts.slice(split).join('').replace(/\r\n?/g, '\n'),
              );
          } finally {
            corpus.close();
          }
        },
      ),
      { numRuns: 500, seed: 23 },
    );
  });

  it('names the file and byte of invalid UTF-8, in Arabic and in English', () => {
    for (const text of ['بسم الله الرحمن الرحيم\n', 'In the beginning\r\n']) {
      const good = Buffer.from(text.repeat(20));
      for (const bad of [
        [0xff],
        [0x80],
        [0xbf, 0x80],
        [0xc0, 0x80],
        [0xed, 0xa0, 0x80],
        [0xf4, 0x90, 0x80, 0x80],
        [0xe2, 0x28],
        [0xf0, 0x9f, 0x98],
      ]) {
        const path = file(Buffer.concat([good, Buffer.from(bad), good]));
        const corpus = new CorpusBytes([path]);
        try {
          expect(() => corpus.utf8(0, corpus.length)).toThrow(
            `${path}: not valid UTF-8 at byte ${good.length}`,
          );
          expect(() => corpus.text(0, corpus.length)).toThrow(
            `${path}: not valid UTF-8 at byte ${good.length}`,
          );
        } finally {
          corpus.close();
        }
      }
    }
  });
});
