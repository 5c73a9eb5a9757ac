import { CooccurrenceMatrix } from '@tokenlab/stats';
import { describe, expect, it } from 'vitest';
import { countVectors, MAX_DENSE_PPMI_WORDS } from './count-vectors.js';
import { OptionError } from './option-error.js';
import { SeededRandom } from './random.js';
import { truncatedSvd } from './truncated-svd.js';

const TOPICS = [
  ['cat', 'dog', 'cow', 'horse', 'sheep', 'goat'],
  ['apple', 'pear', 'plum', 'grape', 'lemon', 'melon'],
  ['red', 'blue', 'green', 'yellow', 'purple', 'orange'],
];

function plantedCorpus(sentences: number, seed: number): string[][] {
  const random = new SeededRandom(seed);
  return Array.from({ length: sentences }, () => {
    const topic = TOPICS[random.nextUint32() % TOPICS.length] as string[];
    return Array.from({ length: 6 }, () => topic[random.nextUint32() % topic.length] as string);
  });
}

describe('countVectors (PPMI)', () => {
  const corpus = [
    ...plantedCorpus(300, 4),
    ['the', 'cat', 'and', 'the', 'dog', 'rare'],
    ['a', 'red', 'apple', 'and', 'a', 'green', 'pear'],
  ];

  for (const options of [{}, { window: 3, alpha: 0.75 }, { harmonic: true, minCount: 2, shift: 2 }]) {
    it(`rows are the PPMI rows of @tokenlab/stats' CooccurrenceMatrix, ${JSON.stringify(options)}`, () => {
      const kv = countVectors(corpus, options);
      const matrix = CooccurrenceMatrix.fromDocuments(corpus, options);
      const ppmi = {
        alpha: (options as { alpha?: number }).alpha,
        shift: (options as { shift?: number }).shift,
      };
      const words = ['cat', 'dog', 'apple', 'red', 'and', 'the', 'green'].filter((w) => kv.has(w));
      for (const a of words) {
        for (const b of words) {
          expect(kv.similarity(a, b)).toBeCloseTo(matrix.similarity(a, b, ppmi) as number, 6);
        }
      }
      expect(kv.vectorSize).toBe(kv.size);
    });
  }

  it('orders words by count, as a trained model', () => {
    const kv = countVectors([['b', 'a', 'a', 'c', 'a', 'b']]);
    expect(kv.indexToKey).toEqual(['a', 'b', 'c']);
  });

  it('SVD to 3 dimensions keeps the topics apart', () => {
    const kv = countVectors(plantedCorpus(600, 2), { dimensions: 3 });
    expect(kv.vectorSize).toBe(3);
    for (const topic of TOPICS) {
      const nearest = kv.mostSimilar({ positive: [topic[0] as string], topn: 5 }).map((s) => s.word);
      expect(nearest.every((word) => topic.includes(word))).toBe(true);
    }
  });

  it('SVD with every dimension and p = 1 keeps the cosines of the PPMI rows', () => {
    const full = countVectors(corpus, { minCount: 2 });
    const svd = countVectors(corpus, { minCount: 2, dimensions: full.size, eigenvaluePower: 1 });
    for (const a of full.indexToKey) {
      for (const b of ['cat', 'apple', 'and'])
        expect(svd.similarity(a, b)).toBeCloseTo(full.similarity(a, b), 6);
    }
  });

  it('bad input', () => {
    expect(() => countVectors([])).toThrow('empty corpus');
    expect(() => countVectors([['a']], { minCount: 2 })).toThrow('vocabulary empty after minCount 2');
    expect(() => countVectors([['a', 'b']], { dimensions: 5 })).toThrow(
      'dimensions must be an integer in [1, 2] (the number of rows), got 5',
    );
    // A string was taken for a number by the comparisons, and the smoothing computed with it.
    expect(() => countVectors([['a', 'b']], { alpha: '0.75' as never })).toThrow(
      "alpha must be in (0, 1], got '0.75' (a string)",
    );
    expect(() => countVectors([['a', 'b']], { window: 0 })).toThrow(OptionError);
    expect(() => countVectors([['a', 'b']], 3 as never)).toThrow(
      'countVectors: the options are an object such as { window: 2, dimensions: 100 }, got 3',
    );
    // One long sentence and a window of 1e9: quadratic in the sentence, refused before counting.
    const long = [Array.from({ length: 100_000 }, (_, i) => `w${i % 1000}`)];
    expect(() => countVectors(long, { window: 1e9, dimensions: 2 })).toThrow(
      'window 1000000000 means 5.00e+9 word pairs to visit in these sentences, more than the 1e+9 allowed; use a smaller window or shorter sentences',
    );
    const many = [Array.from({ length: MAX_DENSE_PPMI_WORDS + 1 }, (_, i) => `w${i}`)];
    expect(() => countVectors(many)).toThrow(/ask for dimensions \(SVD\) or raise minCount/);
  });
});

describe('truncatedSvd', () => {
  it('finds the singular values of a known matrix', () => {
    // diag(5, 3, 1) with its rows permuted: singular values 5, 3, 1.
    const m = {
      rows: 3,
      columns: 3,
      indptr: Int32Array.of(0, 1, 2, 3),
      indices: Int32Array.of(1, 0, 2),
      data: Float64Array.of(3, 5, 1),
    };
    const { values, vectors } = truncatedSvd(m, 2);
    expect(Array.from(values).map((v) => Number(v.toFixed(9)))).toEqual([5, 3]);
    // The first left singular vector is ±e1 (row 1 holds the 5).
    expect(Math.abs(vectors[1 * 2 + 0] as number)).toBeCloseTo(1, 9);
  });
});
