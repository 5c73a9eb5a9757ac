import { BigramAssocMeasures, BigramCollocationFinder } from '@tokenlab/stats';
import { readGolden } from '@tokenlab/test-support';
import { describe, expect, it } from 'vitest';
import { testingSolution } from '../implementation.js';

// A variable, not a literal: the repository's type check never reads the file a learner edits.
const starter = './starter.js';
const { countBigrams, nbest, pmi, scoreBigrams } = testingSolution
  ? await import('./solution.js')
  : ((await import(starter)) as typeof import('./solution.js'));

interface CollocationRow {
  tokens: string[];
  expected: {
    bigram_w2: { pmi: [[string, string], number][] };
    bigram_w2_nbest_pmi_10: [string, string][];
    bigram_w2_freq2_nbest_pmi_10: [string, string][];
  };
}
const rows = readGolden<CollocationRow>('nltk_collocations');
const SENT = 'this this is is a a test test'.split(' ');

describe('step 1: counting', () => {
  it('counts words and adjacent pairs', () => {
    const counts = countBigrams('to be or not to be'.split(' '));
    expect(counts.total, 'N is the number of words').toBe(6);
    expect(counts.words.get('to'), '"to" occurs twice').toBe(2);
    expect(counts.pairs.get(JSON.stringify(['to', 'be'])), '("to", "be") occurs twice').toBe(2);
    expect(counts.pairs.size, '4 distinct pairs').toBe(4);
  });
});

describe('step 2: PMI', () => {
  it('is log2 of observed over expected', () => {
    expect(pmi(1, 1, 1, 4), 'a pair seen once of two words seen once each, N = 4: log2(4) = 2').toBe(2);
    expect(pmi(2, 2, 2, 8), 'log2(2 * 8 / (2 * 2)) = 2').toBe(2);
    expect(pmi(1, 2, 2, 4), 'log2(4 / 4) = 0: independent words').toBe(0);
  });

  it("gives NLTK's test vector", () => {
    const scored = scoreBigrams(countBigrams(SENT));
    expect(scored.length, '7 distinct bigrams in "this this is is a a test test"').toBe(7);
    for (const [, score] of scored) expect(score, "every bigram of NLTK's test sentence scores 1.0").toBe(1);
  });
});

describe('step 3: ranking', () => {
  it('breaks ties by the pair, in code point order', () => {
    expect(
      scoreBigrams(countBigrams(SENT)).map(([pair]) => pair.join(' ')),
      'all scores tie at 1.0: sorted by first word, then second',
    ).toEqual(['a a', 'a test', 'is a', 'is is', 'test test', 'this is', 'this this']);
  });

  it("gives NLTK's scores and order on 30 English and Arabic passages", () => {
    for (const row of rows) {
      const expected = row.expected.bigram_w2.pmi;
      const actual = scoreBigrams(countBigrams(row.tokens));
      expect(
        actual.map(([pair]) => pair),
        `order of score_ngrams(pmi) for ${row.tokens.slice(0, 5).join(' ')} ...`,
      ).toEqual(expected.map(([pair]) => pair));
      for (const [i, [pair, score]] of actual.entries()) {
        expect(score, `pmi of ${pair.join(' ')}`).toBeCloseTo(expected[i]![1], 12);
      }
    }
  });
});

describe('step 4: nbest', () => {
  it("gives NLTK's nbest(pmi, 10), with and without apply_freq_filter(2)", () => {
    for (const row of rows) {
      const counts = countBigrams(row.tokens);
      expect(nbest(counts, 10), 'nbest(pmi, 10)').toEqual(row.expected.bigram_w2_nbest_pmi_10);
      expect(nbest(counts, 10, 2), 'after apply_freq_filter(2)').toEqual(
        row.expected.bigram_w2_freq2_nbest_pmi_10,
      );
    }
  });

  it('agrees with BigramCollocationFinder', () => {
    const words = 'I do not like green eggs and ham , I do not like them Sam I am !'.split(' ');
    const finder = BigramCollocationFinder.fromWords(words);
    expect(nbest(countBigrams(words), 5), 'finder.nbest(BigramAssocMeasures.pmi, 5)').toEqual(
      finder.nbest(BigramAssocMeasures.pmi, 5),
    );
  });
});
