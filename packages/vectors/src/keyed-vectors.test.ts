import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KeyedVectors, type ScoredWord } from './keyed-vectors.js';
import { loadWord2VecFormat } from './node.js';

const fixtures = join(import.meta.dirname, '..', 'test', 'fixtures');

interface GensimAnswers {
  similarity: number;
  distance: number;
  most_similar: [string, number][];
  most_similar_cosmul: [string, number][];
  most_similar_single: [string, number][];
  doesnt_match: string;
  n_similarity: number;
}

/** gensim works in float32: scores agree to about 1e-6. */
function expectScores(actual: ScoredWord[], expected: [string, number][]): void {
  expect(actual.map((s) => s.word)).toEqual(expected.map(([word]) => word));
  actual.forEach((s, i) => {
    expect(s.score).toBeCloseTo((expected[i] as [string, number])[1], 5);
  });
}

describe('KeyedVectors answers as gensim 4.2 on the same vectors', async () => {
  const kv = await loadWord2VecFormat(join(fixtures, 'gensim.txt'));
  const answers = JSON.parse(await readFile(join(fixtures, 'gensim-answers.json'), 'utf8')) as GensimAnswers;

  it('similarity, distance, nSimilarity', () => {
    expect(kv.similarity('king', 'queen')).toBeCloseTo(answers.similarity, 6);
    expect(kv.distance('man', 'woman')).toBeCloseTo(answers.distance, 6);
    expect(kv.nSimilarity(['king', 'man'], ['queen', 'woman'])).toBeCloseTo(answers.n_similarity, 6);
  });

  it('mostSimilarMany answers each query as mostSimilar does alone, to the last bit, in batches of any mix', () => {
    let seed = 3;
    const next = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed / 2 ** 32;
    };
    const words = Array.from({ length: 300 }, (_, i) => `w${i}`);
    const kv = new KeyedVectors(
      words,
      Float32Array.from({ length: 300 * 7 }, () => next() * 2 - 1),
      7,
    );
    const pick = () => words[Math.floor(next() * words.length)] as string;
    const queries = Array.from({ length: 21 }, (_, i) =>
      i % 5 === 0
        ? pick()
        : {
            positive: [pick(), pick()],
            negative: i % 2 ? [pick()] : [],
            topn: 1 + (i % 12),
            restrictVocab: 50 + 20 * i,
          },
    );
    const alone = queries.map((query) => kv.mostSimilar(query));
    expect(kv.mostSimilarMany(queries)).toEqual(alone);
    expect(kv.mostSimilarMany(queries.slice(3, 4))).toEqual(alone.slice(3, 4));
    expect(kv.mostSimilarMany([])).toEqual([]);
  });

  it('mostSimilar (3CosAdd) and mostSimilarCosmul (3CosMul)', () => {
    expectScores(
      kv.mostSimilar({ positive: ['king', 'woman'], negative: ['man'], topn: 5 }),
      answers.most_similar,
    );
    expectScores(
      kv.mostSimilarCosmul({ positive: ['king', 'woman'], negative: ['man'], topn: 5 }),
      answers.most_similar_cosmul,
    );
    expectScores(kv.mostSimilar({ positive: ['ملك'], topn: 4 }), answers.most_similar_single);
    // gensim's most_similar('ملك') and most_similar(['ملك']): the word, or the list, is `positive`
    // (a string was read as its letters, a word or a list alone as a query with no words).
    const top10 = kv.mostSimilar({ positive: ['ملك'] });
    expect(kv.mostSimilar('ملك')).toEqual(top10);
    expect(kv.mostSimilar(['ملك'])).toEqual(top10);
    expect(kv.mostSimilar({ positive: 'ملك' })).toEqual(top10);
    expect(kv.mostSimilarCosmul('ملك')).toEqual(kv.mostSimilarCosmul({ positive: ['ملك'] }));
    expect(kv.mostSimilar({ positive: 'king', negative: 'man', topn: 3 })).toEqual(
      kv.mostSimilar({ positive: ['king'], negative: ['man'], topn: 3 }),
    );
  });

  it('doesntMatch', () => {
    expect(kv.doesntMatch(['the', 'king', 'queen', 'x'])).toBe(answers.doesnt_match);
  });
});

describe('KeyedVectors on hand-made vectors', () => {
  const kv = new KeyedVectors(['a', 'b', 'c', 'd'], new Float32Array([1, 0, 0, 1, 3, 4, -1, 0]), 2);

  it('computes cosines and excludes the query words', () => {
    expect(kv.similarity('a', 'b')).toBe(0);
    expect(kv.similarity('a', 'c')).toBeCloseTo(0.6, 6);
    expect(kv.distance('a', 'd')).toBeCloseTo(2, 6);
    expect(kv.mostSimilar({ positive: ['a'] }).map((s) => s.word)).toEqual(['c', 'b', 'd']);
    expect(kv.mostSimilar({ positive: ['a'], negative: ['b'], topn: 1 })).toEqual([
      { word: 'c', score: expect.closeTo(-0.1414, 3) },
    ]);
    expect(kv.doesntMatch(['a', 'c', 'd'])).toBe('d');
    expect(Array.from(kv.vector('c', true))).toEqual([Math.fround(0.6), Math.fround(0.8)]);
  });

  it('names an unknown word and refuses bad input', () => {
    expect(() => kv.vector('zebra')).toThrow('word "zebra" not in vocabulary');
    expect(() => kv.similarity('a', 'zebra')).toThrow('word "zebra" not in vocabulary');
    expect(() => kv.mostSimilar({ positive: ['a'], negative: ['zebra'] })).toThrow('"zebra"');
    expect(() => kv.mostSimilar({})).toThrow(/no input words/);
    expect(() => kv.nSimilarity([], ['a'])).toThrow(/non-empty/);
    expect(() => new KeyedVectors(['a', 'a'], new Float32Array(2), 1)).toThrow(/duplicate word "a"/);
    expect(() => new KeyedVectors(['a'], new Float32Array(3), 2)).toThrow(/need 2 values, got 3/);
    expect(() => new KeyedVectors(['a'], new Float32Array([Number.NaN]), 1)).toThrow(/non-finite/);
  });
});
