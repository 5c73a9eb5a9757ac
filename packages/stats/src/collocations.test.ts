import { readGolden } from '@tokenlab/test-support';
import { describe, expect, it } from 'vitest';
import { BigramAssocMeasures, TrigramAssocMeasures } from './association.js';
import { BigramCollocationFinder, type ScoredNgram, TrigramCollocationFinder } from './collocations.js';

type Scored = [string[], number][];
interface CollocationRow {
  id: string;
  tokens: string[];
  expected: Record<string, Record<string, Scored> | string[][]>;
}

const MEASURES = {
  raw_freq: BigramAssocMeasures.rawFreq,
  pmi: BigramAssocMeasures.pmi,
  likelihood_ratio: BigramAssocMeasures.likelihoodRatio,
  chi_sq: BigramAssocMeasures.chiSq,
  student_t: BigramAssocMeasures.studentT,
  dice: BigramAssocMeasures.dice,
  jaccard: BigramAssocMeasures.jaccard,
  poisson_stirling: BigramAssocMeasures.poissonStirling,
} as const;

function closeTo(actual: number, expected: number): boolean {
  if (actual === expected) return true;
  return Math.abs(actual - expected) <= 1e-9 * Math.max(Math.abs(actual), Math.abs(expected));
}

/** Same n-grams in the same order, scores within 1e-9 relative; returns the first mismatch. */
function firstMismatch(actual: ScoredNgram[], expected: Scored): string | undefined {
  if (actual.length !== expected.length) return `length ${actual.length} != ${expected.length}`;
  for (let i = 0; i < actual.length; i++) {
    const [gram, score] = actual[i]!;
    const [wantGram, wantScore] = expected[i]!;
    if (gram.join('\u0000') !== wantGram.join('\u0000') || !closeTo(score, wantScore))
      return `#${i}: ${JSON.stringify(actual[i])} != ${JSON.stringify(expected[i])}`;
  }
  return undefined;
}

describe('collocations against NLTK (nltk_collocations golden)', () => {
  const rows = readGolden<CollocationRow>('nltk_collocations');
  it('has all 30 rows', () => expect(rows).toHaveLength(30));
  for (const row of rows) {
    it(row.id, () => {
      for (const window of [2, 5]) {
        for (const filtered of [false, true]) {
          const finder = BigramCollocationFinder.fromWords(row.tokens, window);
          if (filtered) finder.applyFreqFilter(2);
          const name = `bigram_w${window}${filtered ? '_freq2' : ''}`;
          const expected = row.expected[name] as Record<string, Scored>;
          for (const [measure, fn] of Object.entries(MEASURES))
            expect(
              firstMismatch(finder.scoreNgrams(fn), expected[measure]!),
              `${name} ${measure}`,
            ).toBeUndefined();
          expect(finder.nbest(BigramAssocMeasures.pmi, 10)).toEqual(row.expected[`${name}_nbest_pmi_10`]);
        }
      }
      const trigrams = TrigramCollocationFinder.fromWords(row.tokens);
      const expected = row.expected.trigram_w3 as Record<string, Scored>;
      expect(
        firstMismatch(trigrams.scoreNgrams(TrigramAssocMeasures.pmi), expected.pmi!),
        'trigram pmi',
      ).toBeUndefined();
      expect(
        firstMismatch(trigrams.scoreNgrams(TrigramAssocMeasures.likelihoodRatio), expected.likelihood_ratio!),
        'trigram likelihood_ratio',
      ).toBeUndefined();
    });
  }
});

describe('collocation finders (NLTK unit tests and doctests)', () => {
  const SENT = 'this this is is a a test test'.split(' ');
  it('window 2: every bigram once, PMI 1', () => {
    const scored = BigramCollocationFinder.fromWords(SENT).scoreNgrams(BigramAssocMeasures.pmi);
    expect(scored).toHaveLength(7);
    for (const [, score] of scored) expect(score).toBe(1);
  });
  it('window 3', () => {
    const scored = BigramCollocationFinder.fromWords(SENT, 3).scoreNgrams(BigramAssocMeasures.pmi);
    expect(scored.slice(0, 3)).toEqual([
      [['a', 'test'], 1.584962500721156],
      [['is', 'a'], 1.584962500721156],
      [['this', 'is'], 1.584962500721156],
    ]);
    expect(scored.slice(3).map(([gram, score]) => [gram.join(' '), score])).toEqual([
      ['a a', 0],
      ['is is', 0],
      ['test test', 0],
      ['this this', 0],
    ]);
  });
  it('filters words, n-grams and frequencies, and keeps N', () => {
    const words = 'I do not like green eggs and ham , I do not like them Sam I am !'.split(' ');
    const finder = BigramCollocationFinder.fromWords(words);
    expect(finder.N).toBe(18);
    expect(finder.wordFd.get('I')).toBe(3);
    finder.applyWordFilter((w) => w.length < 2);
    expect([...finder.ngramEntries()].some(([gram]) => gram.includes('I'))).toBe(false);
    finder.applyNgramFilter((a, b) => a === 'do' && b === 'not');
    expect(finder.scoreNgram(BigramAssocMeasures.rawFreq, 'do', 'not')).toBeUndefined();
    expect(finder.N).toBe(18);
    finder.applyFreqFilter(2);
    expect([...finder.ngramEntries()]).toEqual([[['not', 'like'], 2]]);
    expect(finder.aboveScore(BigramAssocMeasures.rawFreq, 0.1)).toEqual([['not', 'like']]);
    expect(finder.aboveScore(BigramAssocMeasures.rawFreq, 0.2)).toEqual([]);
  });
  it('does not pair words across documents', () => {
    const finder = BigramCollocationFinder.fromDocuments([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect([...finder.ngramEntries()].map(([gram]) => gram.join(' '))).toEqual(['a b', 'c d']);
    expect(finder.N).toBe(4);
    const trigram = TrigramCollocationFinder.fromDocuments([
      ['a', 'b', 'c'],
      ['d', 'e', 'f'],
    ]);
    expect([...trigram.ngramEntries()].map(([gram]) => gram.join(' '))).toEqual(['a b c', 'd e f']);
    expect(trigram.bigramFinder().nbest(BigramAssocMeasures.rawFreq, 10)).toHaveLength(4);
  });
  it('rejects a window below the n-gram size', () => {
    expect(() => BigramCollocationFinder.fromWords(['a'], 1)).toThrow(/windowSize must be an integer >= 2/);
    expect(() => TrigramCollocationFinder.fromWords(['a'], 2)).toThrow(/>= 3/);
  });
  it('orders ties by code point, as Python compares strings', () => {
    const finder = BigramCollocationFinder.fromWords(['x', '\uFF01', null, 'x', '😀']);
    expect(finder.nbest(BigramAssocMeasures.rawFreq, 2)).toEqual([
      ['x', '\uFF01'],
      ['x', '😀'],
    ]);
  });
});

describe('association measures (metrics.doctest, Manning & Schütze)', () => {
  const N = 14307668;
  it('matches the published values to the last bit', () => {
    expect(BigramAssocMeasures.studentT(8, [15828, 4675], N)).toBe(0.9999319894802036);
    expect(BigramAssocMeasures.chiSq(8, [15828, 4675], N)).toBe(1.5488692067282201);
    expect(BigramAssocMeasures.likelihoodRatio(150, [12593, 932], N)).toBe(1291.3190571274106);
    expect(TrigramAssocMeasures.contingency(1, [1, 1, 1], [1, 73, 1], 2000)).toEqual([
      1, 0, 0, 0, 0, 72, 0, 1927,
    ]);
    expect(BigramAssocMeasures.marginals(1, 0, 0, 1)).toEqual([1, [1, 1], 2]);
  });
  it('guards the logs and divisions where NLTK raises', () => {
    // "a a": the pair (a, a) has a negative n_oo cell; NLTK raises a math domain error.
    const lr = BigramAssocMeasures.likelihoodRatio(1, [2, 2], 2);
    expect(Number.isFinite(lr)).toBe(true);
    // A word that is every token: an empty column, NLTK divides by zero.
    expect(BigramAssocMeasures.chiSq(1, [2, 2], 2)).toBe(0);
    expect(BigramAssocMeasures.phiSq(1, [1, 1], 1)).toBe(0);
  });
  it('adds NPMI in [-1, 1]', () => {
    expect(BigramAssocMeasures.npmi(2, [2, 2], 10)).toBeCloseTo(1, 12);
    expect(BigramAssocMeasures.npmi(1, [2, 5], 10)).toBeCloseTo(0, 12);
    expect(BigramAssocMeasures.npmi(4, [4, 4], 4)).toBe(1);
    expect(TrigramAssocMeasures.npmi(1, [1, 1, 1], [1, 1, 1], 8)).toBeCloseTo(1, 12);
    expect(BigramAssocMeasures.miLike(2, [2, 4], 10)).toBe(1);
  });
});
