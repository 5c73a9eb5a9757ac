import { type PieceScanner, scanCl100kPiece, scanO200kPiece, scanR50kPiece } from '@tokenlab/bpe';
import { readGolden, readSharedText } from '@tokenlab/test-support';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CL100K_PATTERN_SOURCE, O200K_PATTERN_SOURCE, R50K_PATTERN_SOURCE } from './patterns.js';
import { stressTextAnyCodePoint } from './test-strings.js';

/** Piece ends by the scanner alone: it decides every case, so a piece never ends where it starts. */
function scannedEnds(text: string, scan: PieceScanner, from = 0, length = text.length): number[] {
  const ends: number[] = [];
  for (let at = from; at < length; ) {
    const end = scan(text, at, length);
    if (!(end > at)) throw new Error(`scanner returned ${end} at ${at} of ${JSON.stringify(text)}`);
    ends.push(end);
    at = end;
  }
  return ends;
}

function regexEnds(text: string, regex: RegExp): number[] {
  const ends: number[] = [];
  regex.lastIndex = 0;
  while (regex.lastIndex < text.length && regex.test(text)) ends.push(regex.lastIndex);
  return ends;
}

const CASES: [string, PieceScanner, string][] = [
  ['r50k', scanR50kPiece, R50K_PATTERN_SOURCE],
  ['cl100k', scanCl100kPiece, CL100K_PATTERN_SOURCE],
  ['o200k', scanO200kPiece, O200K_PATTERN_SOURCE],
];

describe('the hand-written scanners cut exactly where the split regexes do', () => {
  const corpus = [
    ...readGolden<{ input: string }>('inputs_text_cases').map((row) => row.input),
    readSharedText('corpora', 'en', 'taylorswift.txt'),
    readSharedText('corpora', 'ar', 'msa', 'farasa-wikinews.diacritized.txt').slice(0, 100_000),
  ];
  for (const [name, scan, source] of CASES) {
    const regex = new RegExp(source, 'uy');
    it(`${name}: golden text cases and corpus samples`, () => {
      for (const text of corpus) expect(scannedEnds(text, scan)).toEqual(regexEnds(text, regex));
    });
    it(`${name}: generated strings`, () => {
      fc.assert(
        fc.property(stressTextAnyCodePoint, (text) => {
          expect(scannedEnds(text, scan)).toEqual(regexEnds(text, regex));
        }),
        { numRuns: Number(process.env.FAST_SPLIT_RUNS ?? 3000) },
      );
    });
  }
});

describe('a scanner given a length cuts the text before it as it cuts that slice', () => {
  for (const [name, scan, source] of CASES) {
    const regex = new RegExp(source, 'uy');
    it(`${name}: generated strings, cut anywhere (contractions, spaces and surrogate pairs across the cut)`, () => {
      const withTail = fc.tuple(
        stressTextAnyCodePoint,
        fc.constantFrom("'re", "'S", "'ll", ' x', '\udc00', "'", '', 'ab'),
      );
      fc.assert(
        fc.property(withTail, fc.nat(), fc.nat(), ([head, tail], a, b) => {
          const text = head + tail;
          const [from, to] = [a % (text.length + 1), b % (text.length + 1)].sort((x, y) => x - y) as [
            number,
            number,
          ];
          const inPlace = scannedEnds(text, scan, from, to).map((end) => end - from);
          expect(inPlace).toEqual(regexEnds(text.slice(from, to), regex));
        }),
        { numRuns: Number(process.env.FAST_SPLIT_RUNS ?? 3000) },
      );
    });
    it(`${name}: a contraction cut short by the length is no contraction`, () => {
      for (const text of ["it're", "it'LL", "it'll", "we've", "I'm"])
        for (let to = 1; to <= text.length; to++)
          expect(scannedEnds(text, scan, 0, to), `${text} to ${to}`).toEqual(
            regexEnds(text.slice(0, to), regex),
          );
    });
  }
});
