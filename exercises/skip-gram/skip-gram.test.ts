import { buildVocabulary, SeededRandom, Word2Vec } from '@tokenlab/vectors';
import { describe, expect, it } from 'vitest';
import { testingSolution } from '../implementation.js';

// A variable, not a literal: the repository's type check never reads the file a learner edits.
const starter = './starter.js';
const { countVocabulary, drawNegative, negativeTable, sigmoid, trainPair, trainSkipGram } = testingSolution
  ? await import('./solution.js')
  : ((await import(starter)) as typeof import('./solution.js'));

/** A tiny corpus: two topics that never share a sentence. */
const CORPUS = [
  'the cat chased the dog',
  'the dog chased the cat',
  'a cat and a dog play',
  'the red apple and the green pear',
  'a green apple and a red pear',
  'the pear and the apple are ripe',
  'the dog and the cat sleep',
  'a ripe red apple',
].map((line) => line.split(' '));

describe('step 1: the vocabulary', () => {
  it('keeps words seen minCount times, most frequent first, ties in order of first appearance', () => {
    const ours = countVocabulary(CORPUS, 2);
    const library = buildVocabulary(CORPUS, { minCount: 2, sample: 0 });
    expect(ours.words, 'the words of buildVocabulary from @tokenlab/vectors').toEqual(library.words);
    expect(ours.counts, 'their counts').toEqual(library.counts);
  });
});

describe('step 2: negative samples', () => {
  it('builds the unigram^0.75 table as the library does', () => {
    const { counts } = countVocabulary(CORPUS, 1);
    const library = buildVocabulary(CORPUS, { minCount: 1, sample: 0 });
    expect(negativeTable(counts), 'the cumulative table, last entry 2^31 - 1').toEqual(
      Array.from(library.negativeTable),
    );
  });

  it('draws a row with bisect_left on draw % total', () => {
    const table = [10, 30, 60];
    expect(drawNegative(table, 0), 'value 0: the first row').toBe(0);
    expect(drawNegative(table, 10), 'value 10 equals the first entry: still row 0').toBe(0);
    expect(drawNegative(table, 11), 'value 11: row 1').toBe(1);
    expect(drawNegative(table, 65), '65 % 60 = 5: row 0').toBe(0);
    expect(drawNegative(table, 59), 'value 59: the last row').toBe(2);
  });
});

describe('step 3: one training pair', () => {
  it('sigmoid', () => {
    expect(sigmoid(0), 'sigmoid(0) = 1/2').toBe(0.5);
    expect(sigmoid(2) + sigmoid(-2), 'sigmoid(x) + sigmoid(-x) = 1').toBeCloseTo(1, 12);
  });

  it('moves the output rows and then the input row', () => {
    // Two dimensions; input row 0 is the context, output row 1 the centre, output row 2 a negative.
    const input = Float32Array.of(1, 0, 0, 0, 0, 0);
    const output = Float32Array.of(0, 0, 1, 1, 0.5, -0.5);
    trainPair(input, output, 2, 0, 1, [2, 1], 0.1);
    // Centre: dot = 1, gradient g1 = (1 - sigmoid(1)) × 0.1; output row 1 += g1 × (1, 0).
    const g1 = (1 - 1 / (1 + Math.exp(-1))) * 0.1;
    // Negative: dot = 0.5, g2 = (0 - sigmoid(0.5)) × 0.1; the second negative equals the centre: skipped.
    const g2 = -(1 / (1 + Math.exp(-0.5))) * 0.1;
    expect(Array.from(output), 'output rows 1 and 2 moved along the input vector').toEqual(
      Array.from(Float32Array.of(0, 0, 1 + g1, 1, 0.5 + g2, -0.5)),
    );
    // The input row takes g × (output row before its update), summed: g1 × (1, 1) + g2 × (0.5, -0.5).
    expect(Array.from(input), 'input row 0 += the summed error').toEqual(
      Array.from(Float32Array.of(1 + g1 + 0.5 * g2, g1 - 0.5 * g2, 0, 0, 0, 0)),
    );
  });

  it('skips a dot product beyond ±6', () => {
    const input = Float32Array.of(4, 0);
    const output = Float32Array.of(2, 0);
    trainPair(input, output, 2, 0, 0, [], 0.1);
    expect(Array.from(output), 'dot = 8: no update').toEqual([2, 0]);
  });
});

describe('step 4: the whole training, checked against Word2Vec', () => {
  const options = {
    vectorSize: 8,
    window: 2,
    minCount: 1,
    negative: 3,
    alpha: 0.025,
    minAlpha: 0.0001,
    epochs: 3,
    seed: 7,
  };

  it('draws the initial vectors first', () => {
    const { vectors } = trainSkipGram(CORPUS, { ...options, epochs: 0 });
    const random = new SeededRandom(7);
    const first = (random.nextFloat() * 2 - 1) / 8;
    expect(vectors[0], 'vectors[0] = (2 × random.nextFloat() − 1) / vectorSize').toBeCloseTo(first, 7);
  });

  for (const seed of [7, 8]) {
    it(`gives the vectors of Word2Vec.train with sg, sample 0, seed ${seed}`, () => {
      const ours = trainSkipGram(CORPUS, { ...options, seed });
      const library = Word2Vec.train(CORPUS, { ...options, seed, sg: true, sample: 0 });
      expect(ours.words, 'the same vocabulary').toEqual([...library.wv.indexToKey]);
      const expected = Array.from(library.wv.vectors);
      const actual = Array.from(ours.vectors);
      expect(actual.length, 'one vector per word').toBe(expected.length);
      actual.forEach((value, i) => {
        expect(value, `value ${i} (word ${ours.words[Math.floor(i / 8)]})`).toBeCloseTo(
          expected[i] as number,
          6,
        );
      });
    });
  }
});
