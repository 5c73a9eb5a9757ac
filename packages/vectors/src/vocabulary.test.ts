import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { VocabularyCounter } from './vocabulary.js';

interface Fixture {
  sentences: string[][];
  cases: {
    options: { max_vocab_size?: number; max_final_vocab?: number; min_count: number };
    raw: Record<string, number>;
    counts: Record<string, number>;
  }[];
}

describe('vocabulary scan as gensim 4.2 (max_vocab_size, max_final_vocab)', async () => {
  // scripts/make-vocabulary-fixture.py: gensim's raw_vocab and final vocabulary on a synthetic corpus.
  const fixture: Fixture = JSON.parse(
    await readFile(new URL('../test/fixtures/vocabulary.json', import.meta.url), 'utf8'),
  );
  for (const { options, raw, counts } of fixture.cases) {
    it(`the same pruned counts and kept words with ${JSON.stringify(options)}`, () => {
      const counter = new VocabularyCounter({
        minCount: options.min_count,
        sample: 1e-3,
        maxVocabSize: options.max_vocab_size,
        maxFinalVocab: options.max_final_vocab,
      });
      for (const sentence of fixture.sentences) counter.add(sentence);
      expect(Object.fromEntries(counter.rawCounts)).toEqual(raw);
      const vocabulary = counter.finish();
      expect(Object.fromEntries(vocabulary.words.map((w, i) => [w, vocabulary.counts[i]]))).toEqual(counts);
      expect(vocabulary.totalTokens).toBe(fixture.sentences.reduce((n, s) => n + s.length, 0));
    });
  }

  it('pruning forgets nothing the first time, then words seen fewer than 2, 3 … times', () => {
    const counter = new VocabularyCounter({ minCount: 1, sample: 0, maxVocabSize: 2 });
    counter.add(['a', 'a', 'b', 'c']); // 3 words > 2: prune below 1 (nothing)
    expect([...counter.rawCounts.keys()]).toEqual(['a', 'b', 'c']);
    counter.add(['d']); // prune below 2: b, c, d go
    expect(Object.fromEntries(counter.rawCounts)).toEqual({ a: 2 });
  });

  it('an empty vocabulary names the raised minCount', () => {
    const counter = new VocabularyCounter({ minCount: 1, sample: 0, maxFinalVocab: 1 });
    counter.add(['a', 'b']);
    expect(() => counter.finish()).toThrow(
      'vocabulary empty after minCount 2 (raised from 1 by maxFinalVocab 1): the corpus has 2 distinct words, the most frequent seen 1 times',
    );
  });
});
