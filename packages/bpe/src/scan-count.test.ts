import { execFileSync } from 'node:child_process';
import {
  describeNeedsShared,
  FUZZ_RUNS,
  hostileText,
  readFixtureText,
  sharedPath,
} from '@tokenlab/test-support';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countChunks } from './chunk-counts.js';
import { GPT2_SPLIT_PATTERN, GPT4_SPLIT_PATTERN } from './patterns.js';
import { scanCountChunks } from './scan-count.js';

function asMap(result: { chunks: string[]; counts: Float64Array }): Array<[string, number]> {
  return result.chunks.map((chunk, i) => [chunk, result.counts[i]!]);
}

describe('scanCountChunks', () => {
  const alphabet = [
    'a',
    'Z',
    'é',
    ' ',
    '  ',
    '\n',
    '\r',
    '\r\n',
    '\t',
    "'",
    "'s",
    "'LL",
    "'ve",
    "'Re",
    "'ſ",
    '1',
    '23',
    '٣',
    '𝟘',
    '.',
    '!?',
    '"',
    'ـ',
    'َ',
    'ب',
    '😀',
    '𝐀',
    '\x85',
    '\ufeff',
    '\u3000',
    '\u00a0',
    '\ud800',
    '\udc00',
  ];
  it('the GPT-4 scanner finds exactly the regex chunks, in first-appearance order', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...alphabet), { maxLength: 80 }), (parts) => {
        const text = parts.join('');
        const expected: Array<[string, number]> = [];
        const index = new Map<string, number>();
        for (const match of text.matchAll(
          /'(?:[sSſdDmMtT]|[lL][lL]|[vV][eE]|[rR][eE])|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\t-\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\p{L}\p{N}]+[\r\n]*|[\t-\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*[\r\n]|[\t-\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+(?![^\t-\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000])|[\t-\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/gu,
        )) {
          const i = index.get(match[0]);
          if (i === undefined) {
            index.set(match[0], expected.length);
            expected.push([match[0], 1]);
          } else expected[i]![1]++;
        }
        expect(asMap(scanCountChunks(text, { scanner: 'gpt4' }))).toEqual(expected);
      }),
      { numRuns: 2000, seed: 5 },
    );
  });

  it('counts with a regex too, equal to countChunks', () => {
    const text = "Hello world's  \n\nhello world 123 😀😀 world\n";
    expect(
      asMap(scanCountChunks(text, { source: GPT2_SPLIT_PATTERN.source, flags: GPT2_SPLIT_PATTERN.flags })),
    ).toEqual([...countChunks(text, 'gpt2')]);
    const many = Array.from({ length: 5000 }, (_, i) => `w${i % 3001}`).join(' ');
    expect(asMap(scanCountChunks(many, { scanner: 'gpt4' }))).toEqual([...countChunks(many, 'gpt4')]);
  });
});

/** The scanner's counts and the regex's counts of `text`, for both minbpe patterns. */
function scannerAndRegexCounts(text: string) {
  return (['gpt2', 'gpt4'] as const).map((name) => {
    const regex = name === 'gpt2' ? GPT2_SPLIT_PATTERN : GPT4_SPLIT_PATTERN;
    return {
      name,
      scanned: asMap(scanCountChunks(text, { scanner: name })),
      matched: asMap(scanCountChunks(text, { source: regex.source, flags: regex.flags })),
    };
  });
}

describe('the hand-written scanners count the chunks the regexes find', () => {
  for (const file of ['corpora/austen-emma.head.txt', 'corpora/ud-arabic-pud.head.txt'])
    it(`on ${file}`, () => {
      for (const { name, scanned, matched } of scannerAndRegexCounts(readFixtureText(file))) {
        expect(scanned.length, name).toBeGreaterThan(1000);
        expect(scanned, name).toEqual(matched);
      }
    });

  it('on hostile text (white-space runs, CR/LF, contractions, marks, astral, lone surrogates)', () => {
    const text = hostileText({
      pieces: ["'s", "'LL", "'ſ", '\r\n', ' \n', '٣', 'َ', '𝐀', '\x85', '\u3000', '!?'],
      runs: [' ', '\n', '\r\n', '\t ', '𝐀', '1'],
    });
    fc.assert(
      fc.property(text, (sample) => {
        for (const { name, scanned, matched } of scannerAndRegexCounts(sample))
          expect(scanned, name).toEqual(matched);
      }),
      { numRuns: FUZZ_RUNS * 5 },
    );
  });
});

describeNeedsShared('the hand-written scanners on the bench corpora', () => {
  for (const file of ['gutenberg-100MB.en.txt.xz', 'openiti-0525AH-primary.ar.txt.xz'])
    it(`count the regex's chunks on the head of ${file}`, () => {
      const text = execFileSync(
        'sh',
        ['-c', `xz -dc '${sharedPath('corpora/bench', file)}' | head -c 1000000`],
        {
          maxBuffer: 2 << 20,
        },
      )
        .toString('utf8')
        .replace(/[^\n]*$/, '');
      for (const { name, scanned, matched } of scannerAndRegexCounts(text))
        expect(scanned, name).toEqual(matched);
    });
});
