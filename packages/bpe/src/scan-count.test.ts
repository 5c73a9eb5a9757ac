import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countChunks } from './chunk-counts.js';
import { GPT2_SPLIT_PATTERN } from './patterns.js';
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
        expect(asMap(scanCountChunks(text, null))).toEqual(expected);
      }),
      { numRuns: 2000, seed: 5 },
    );
  });

  it('counts with a regex too, equal to countChunks', () => {
    const text = "Hello world's  \n\nhello world 123 😀😀 world\n";
    expect(asMap(scanCountChunks(text, GPT2_SPLIT_PATTERN.source, GPT2_SPLIT_PATTERN.flags))).toEqual([
      ...countChunks(text, 'gpt2'),
    ]);
    const many = Array.from({ length: 5000 }, (_, i) => `w${i % 3001}`).join(' ');
    expect(asMap(scanCountChunks(many, null))).toEqual([...countChunks(many, 'gpt4')]);
  });
});
