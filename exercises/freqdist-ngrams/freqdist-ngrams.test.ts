import { FreqDist, ngrams as nltkNgrams } from '@tokenlab/stats';
import { readGolden } from '@tokenlab/test-support';
import { describe, expect, it } from 'vitest';
import { testingSolution } from '../implementation.js';

// A variable, not a literal: the repository's type check never reads the file a learner edits.
const starter = './starter.js';
const { countSamples, hapaxes, mostCommon, ngrams, totalCount } = testingSolution
  ? await import('./solution.js')
  : ((await import(starter)) as typeof import('./solution.js'));

interface FreqRow {
  tokens: string[];
  expected: { N: number; B: number; most_common_20: [string, number][]; hapaxes: string[] };
}
interface NgramRow {
  tokens: string[];
  expected: { ngrams: Record<string, string[][]> };
}
const freqRows = readGolden<FreqRow>('nltk_freqdist');
const ngramRows = readGolden<NgramRow>('nltk_ngrams');

describe('step 1: n-grams', () => {
  it('cuts runs of n tokens', () => {
    const tokens = 'to be or not to be'.split(' ');
    expect(ngrams(tokens, 2), 'the bigrams of "to be or not to be"').toEqual([
      ['to', 'be'],
      ['be', 'or'],
      ['or', 'not'],
      ['not', 'to'],
      ['to', 'be'],
    ]);
    expect(ngrams(tokens, 6), 'one 6-gram: the whole text').toEqual([tokens]);
    expect(ngrams(tokens, 7), 'no 7-gram in 6 tokens').toEqual([]);
  });

  it("gives NLTK's 1- to 4-grams on 30 English and Arabic passages", () => {
    for (const row of ngramRows) {
      for (const n of [1, 2, 3, 4]) {
        expect(ngrams(row.tokens, n), `${n}-grams of ${row.tokens.slice(0, 5).join(' ')} ...`).toEqual(
          row.expected.ngrams[String(n)],
        );
      }
    }
  });

  it("agrees with @tokenlab/stats' ngrams", () => {
    const tokens = 'بسم الله الرحمن الرحيم الحمد لله'.split(' ');
    expect(ngrams(tokens, 3), 'the same trigrams').toEqual(nltkNgrams(tokens, 3));
  });
});

describe('step 2: counting', () => {
  it('counts samples in order of first occurrence', () => {
    const counts = countSamples('abracadabra');
    expect([...counts], 'countSamples("abracadabra")').toEqual([
      ['a', 5],
      ['b', 2],
      ['r', 2],
      ['c', 1],
      ['d', 1],
    ]);
    expect(totalCount(counts), 'N(): 11 letters').toBe(11);
  });

  it("gives NLTK's N and B", () => {
    for (const row of freqRows) {
      const counts = countSamples(row.tokens);
      expect(totalCount(counts), 'N() is the number of tokens').toBe(row.expected.N);
      expect(counts.size, 'B() is the number of distinct tokens').toBe(row.expected.B);
    }
  });
});

describe('step 3: most common', () => {
  it('keeps ties in order of first occurrence', () => {
    expect(mostCommon(countSamples('abracadabra'), 3), 'b and r tie at 2: b was seen first').toEqual([
      ['a', 5],
      ['b', 2],
      ['r', 2],
    ]);
    expect(mostCommon(countSamples('xyz')), 'all tie: text order').toEqual([
      ['x', 1],
      ['y', 1],
      ['z', 1],
    ]);
  });

  it("gives NLTK's most_common(20) on 30 passages", () => {
    for (const row of freqRows) {
      expect(
        mostCommon(countSamples(row.tokens), 20),
        `most_common(20) of ${row.tokens.slice(0, 5).join(' ')} ...`,
      ).toEqual(row.expected.most_common_20);
    }
  });

  it('agrees with FreqDist.mostCommon', () => {
    const tokens = 'the cat and the hat and the bat'.split(' ');
    expect(mostCommon(countSamples(tokens)), 'the same order as FreqDist').toEqual(
      new FreqDist(tokens).mostCommon(),
    );
  });
});

describe('step 4: hapaxes', () => {
  it('lists the samples seen once', () => {
    expect(hapaxes(countSamples('abracadabra')), 'c and d occur once').toEqual(['c', 'd']);
  });

  it("gives NLTK's hapaxes on 30 passages", () => {
    for (const row of freqRows) {
      expect(hapaxes(countSamples(row.tokens)), 'hapaxes in first-seen order').toEqual(row.expected.hapaxes);
    }
  });
});
