import { readGolden } from '@tokenlab/test-support';
import { describe, expect, it } from 'vitest';
import { MAX_NGRAM_ITEMS } from './ngram-limit.js';
import { bigrams, everygrams, ngrams, padSequence, skipgrams, trigrams } from './ngrams.js';

interface NgramRow {
  id: string;
  tokens: string[];
  expected: { ngrams: Record<string, string[][]>; everygrams_1_3: string[][]; skipgrams_2_2: string[][] };
}

describe('n-grams against NLTK (nltk_ngrams golden)', () => {
  const rows = readGolden<NgramRow>('nltk_ngrams');
  it('has all 30 rows', () => expect(rows).toHaveLength(30));
  for (const row of rows) {
    it(row.id, () => {
      for (const n of ['1', '2', '3', '4'])
        expect(ngrams(row.tokens, Number(n))).toEqual(row.expected.ngrams[n]);
      expect(everygrams(row.tokens, 1, 3)).toEqual(row.expected.everygrams_1_3);
      expect(skipgrams(row.tokens, 2, 2)).toEqual(row.expected.skipgrams_2_2);
    });
  }
});

describe('n-gram padding and edge cases (NLTK docstrings)', () => {
  const seq = [1, 2, 3, 4, 5];
  it('pads left and right', () => {
    expect(
      padSequence(seq, 2, { padLeft: true, leftPadSymbol: '<s>', padRight: true, rightPadSymbol: '</s>' }),
    ).toEqual(['<s>', 1, 2, 3, 4, 5, '</s>']);
    expect(ngrams(seq, 2, { padRight: true })).toEqual([
      [1, 2],
      [2, 3],
      [3, 4],
      [4, 5],
      [5, null],
    ]);
    expect(bigrams(seq, { padLeft: true, leftPadSymbol: '<s>' })[0]).toEqual(['<s>', 1]);
    expect(trigrams(seq)).toEqual([
      [1, 2, 3],
      [2, 3, 4],
      [3, 4, 5],
    ]);
  });
  it('gives nothing when the sequence is shorter than n', () => {
    expect(ngrams([1], 2)).toEqual([]);
    expect(ngrams([], 1)).toEqual([]);
  });
  it('orders everygrams by start position, and defaults maxLen to the length', () => {
    expect(everygrams(['a', 'b', 'c'])).toEqual([
      ['a'],
      ['a', 'b'],
      ['a', 'b', 'c'],
      ['b'],
      ['b', 'c'],
      ['c'],
    ]);
    expect(everygrams(['a', 'b', 'c'], 2, 2)).toEqual([
      ['a', 'b'],
      ['b', 'c'],
    ]);
  });
  it('matches the skipgrams docstring', () => {
    const sent = 'Insurgents killed in ongoing fighting'.split(' ');
    expect(skipgrams(sent, 2, 2).map((g) => g.join(' '))).toEqual([
      'Insurgents killed',
      'Insurgents in',
      'Insurgents ongoing',
      'killed in',
      'killed ongoing',
      'killed fighting',
      'in ongoing',
      'in fighting',
      'ongoing fighting',
    ]);
    expect(skipgrams(sent, 3, 2)).toHaveLength(10);
    expect(skipgrams(['a', 'b'], 1, 3)).toEqual([['a'], ['b']]);
  });
  it('rejects a bad order with a clear message', () => {
    expect(() => ngrams([1], 0)).toThrow(/n must be an integer >= 1, got 0/);
  });

  it('gives every skip-gram NLTK defines, in its order, for any n and k (against a brute-force list)', () => {
    const seq = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    for (let length = 0; length <= seq.length; length++)
      for (let n = 1; n <= 5; n++)
        for (let k = 0; k <= 4; k++) {
          const items = seq.slice(0, length);
          const expected: string[][] = [];
          // Every increasing choice of n - 1 positions after the start, at most n + k - 1 ahead.
          const choose = (
            from: number,
            last: number,
            left: number,
            chosen: number[],
            start: number,
          ): void => {
            if (left === 0) {
              expected.push([items[start]!, ...chosen.map((p) => items[p]!)]);
              return;
            }
            for (let p = from; p <= last; p++) choose(p + 1, last, left - 1, [...chosen, p], start);
          };
          for (let start = 0; start < length; start++)
            choose(start + 1, Math.min(length - 1, start + n + k - 1), n - 1, [], start);
          expect(skipgrams(items, n, k), `${length} ${n} ${k}`).toEqual(expected);
        }
    // Thousands of items per gram, without a call per item on the stack (it recursed n - 1 deep).
    const long = Array.from({ length: 20_000 }, (_, i) => i);
    expect(skipgrams(long, 20_000, 0)).toEqual([long]);
  });
});

describe('n-grams whose size comes from a number (hostile input)', () => {
  it('refuses a result of more than MAX_NGRAM_ITEMS items before making it (padding with n = 1e9 crashed the process)', () => {
    expect(MAX_NGRAM_ITEMS).toBe(2 ** 27);
    expect(() => padSequence(['a'], 1e9, { padLeft: true })).toThrow(
      'padSequence: padding with n = 1000000000 would give 1,000,000,000 items, more than MAX_NGRAM_ITEMS (134,217,728)',
    );
    expect(() => ngrams(['a', 'b'], 1e9, { padLeft: true, leftPadSymbol: '<s>' })).toThrow(
      /^ngrams: padding with n = 1000000000 would give/,
    );
    // 50,000-grams of 100,000 words: 2.5 billion items from an input of 100,000.
    const words = Array.from({ length: 100_000 }, (_, i) => `w${i}`);
    expect(() => ngrams(words, 50_000)).toThrow(
      'ngrams: 50000-grams of 100000 items would give 2,500,050,000 items, more than MAX_NGRAM_ITEMS',
    );
    expect(() => everygrams(words)).toThrow(
      /^everygrams: 1- to 100000-grams of 100000 items would give 166,671,666,700,000 items/,
    );
    expect(() => skipgrams(words.slice(0, 100), 10, 100)).toThrow(
      /^skipgrams: 10-grams skipping up to 100 of 100 items/,
    );
    // Within the bound, the same answers as before.
    expect(ngrams(words, 99_999)).toHaveLength(2);
    expect(everygrams(words.slice(0, 4), 2, 3)).toHaveLength(5);
    expect(padSequence(['a'], 3, { padRight: true, rightPadSymbol: '</s>' })).toEqual(['a', '</s>', '</s>']);
  });

  it("refuses NLTK's positional pad_left where the options object belongs (it padded nothing, silently)", () => {
    expect(() => padSequence(['a'], 2, true as never)).toThrow(
      'padSequence: the options are an object such as { padLeft: true }, got true',
    );
    expect(() => ngrams(['a', 'b'], 2, true as never)).toThrow(/^ngrams: the options are an object/);
    expect(() => everygrams(['a', 'b'], 1, 2, true as never)).toThrow(
      /^everygrams: the options are an object/,
    );
    expect(() => skipgrams(['a', 'b'], 2, 1, true as never)).toThrow(/^skipgrams: the options are an object/);
  });
});

describe("NLTK's snake_case padding options", () => {
  it('are answered with the names they have here', () => {
    expect(() => ngrams(['a', 'b'], 2, { pad_left: true } as never)).toThrow(
      "ngrams: unknown option 'pad_left': it is written padLeft here",
    );
    expect(() => skipgrams(['a', 'b'], 2, 1, { right_pad_symbol: '</s>' } as never)).toThrow(
      "skipgrams: unknown option 'right_pad_symbol': it is written rightPadSymbol here",
    );
  });
});
