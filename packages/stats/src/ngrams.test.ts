import { readGolden } from '@tokenlab/test-support';
import { describe, expect, it } from 'vitest';
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
});
