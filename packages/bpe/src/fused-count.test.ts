import { FUZZ_RUNS, hostileText, readFixtureText } from '@tokenlab/test-support';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ChunkStore, chunkHash } from './chunk-store.js';
import { countTextChunks } from './fused-count.js';
import { GPT2_SPLIT_PATTERN, GPT4_SPLIT_PATTERN } from './patterns.js';
import { type PieceScanner, scanCl100kPiece, scanR50kPiece } from './piece-scanners.js';

type Cut = [start: number, end: number];

/** The cuts countTextChunks makes, each checked to carry `chunkHash` of its chunk and its position. */
function fusedCuts(text: string, scanner: 'gpt2' | 'gpt4', offset = 0): Cut[] {
  const cuts: Cut[] = [];
  countTextChunks(
    text,
    scanner,
    {
      addHashed(chunkText, start, end, hash, position) {
        expect(chunkText).toBe(text);
        expect(hash).toBe(chunkHash(text, start, end));
        expect(position).toBe(offset + start);
        cuts.push([start, end]);
      },
    },
    offset,
  );
  return cuts;
}

function scannerCuts(text: string, scan: PieceScanner): Cut[] {
  const cuts: Cut[] = [];
  for (let start = 0; start < text.length; ) {
    const end = scan(text, start, text.length);
    cuts.push([start, end]);
    start = end;
  }
  return cuts;
}

function regexCuts(text: string, pattern: RegExp): Cut[] {
  return [...text.matchAll(new RegExp(pattern.source, pattern.flags))].map((m) => [
    m.index,
    m.index + m[0].length,
  ]);
}

const SCANNERS = [
  ['gpt4', scanCl100kPiece, GPT4_SPLIT_PATTERN],
  ['gpt2', scanR50kPiece, GPT2_SPLIT_PATTERN],
] as const;

// Pieces that sit on each edge of the word fast path: prefixes, letters beside marks, numbers,
// surrogates (astral letters, astral non-letters, lone halves), CR/LF, contractions.
const PIECES = [
  'a',
  'Zq',
  'é',
  'ب',
  'بِسْمِ',
  'ـ',
  '\u0301',
  ' ',
  '  ',
  '\t',
  '\u00a0',
  '\u3000',
  '\n',
  '\r',
  '\r\n',
  "'",
  "'s",
  "'LL",
  "'ve",
  "'ſ",
  '1',
  '234',
  '٣',
  '²',
  '.',
  ',',
  '!?',
  '"',
  '_',
  '😀',
  '𝐀',
  '𝟘',
  '𐐀',
  '\ud800',
  '\udc00',
  '\ufeff',
  '\x85',
];

describe('countTextChunks', () => {
  for (const [scanner, scan, pattern] of SCANNERS) {
    it(`${scanner}: cuts exactly where the scanner and the pattern's regex do (random pieces)`, () => {
      fc.assert(
        fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }), (parts) => {
          const text = parts.join('');
          const cuts = fusedCuts(text, scanner);
          expect(cuts).toEqual(scannerCuts(text, scan));
          expect(cuts).toEqual(regexCuts(text, pattern));
        }),
        { numRuns: 3000, seed: 17 },
      );
    });

    it(`${scanner}: cuts where the scanner does on hostile Unicode and long runs`, () => {
      fc.assert(
        fc.property(
          hostileText({ pieces: PIECES, runs: ['a', 'ب', '😀', '𝐀', ' ', '\r\n', '.', '\ud800', 'é\u0301'] }),
          fc.nat(1000),
          (text, offset) => {
            expect(fusedCuts(text, scanner, offset)).toEqual(scannerCuts(text, scan));
          },
        ),
        { numRuns: Math.max(FUZZ_RUNS, 300), seed: 71 },
      );
    });

    it(`${scanner}: cuts random UTF-16 where the scanner does`, () => {
      fc.assert(
        fc.property(fc.string({ unit: 'binary', maxLength: 120 }), (text) => {
          expect(fusedCuts(text, scanner)).toEqual(scannerCuts(text, scan));
        }),
        { numRuns: 2000, seed: 3 },
      );
    });

    it(`${scanner}: counts the English and Arabic fixtures as the scanner does`, () => {
      for (const name of ['corpora/austen-emma.head.txt', 'corpora/ud-arabic-pud.head.txt']) {
        const text = readFixtureText(name);
        const fused = new ChunkStore();
        countTextChunks(text, scanner, fused, 5);
        const plain = new ChunkStore();
        for (const [start, end] of scannerCuts(text, scan)) plain.add(text, start, end, 5 + start);
        expect(fused.distinct).toBeGreaterThan(100);
        expect(fused.positioned()).toEqual(plain.positioned());
      }
    });
  }
});
