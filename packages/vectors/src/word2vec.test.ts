import { loadCorpus } from '@tokenlab/corpora';
import { describe, expect, it } from 'vitest';
import { evaluateWordAnalogies } from './analogy-evaluation.js';
import { countVectors } from './count-vectors.js';
import { OptionError } from './option-error.js';
import { SeededRandom } from './random.js';
import { buildVocabulary } from './vocabulary.js';
import { Word2Vec } from './word2vec.js';

/**
 * Three topics, each with its own eight words; a sentence talks about one topic. Words of a topic share their
 * contexts, words of different topics never meet: a model that learns must put each word nearer to its own
 * topic than to the others.
 */
const TOPICS = [
  ['cat', 'dog', 'cow', 'horse', 'sheep', 'goat', 'pig', 'duck'],
  ['apple', 'pear', 'plum', 'grape', 'lemon', 'melon', 'peach', 'cherry'],
  ['red', 'blue', 'green', 'yellow', 'purple', 'orange', 'black', 'white'],
];

function plantedCorpus(sentences: number, seed: number): string[][] {
  const random = new SeededRandom(seed);
  const corpus: string[][] = [];
  for (let s = 0; s < sentences; s++) {
    const topic = TOPICS[random.nextUint32() % TOPICS.length] as string[];
    corpus.push(Array.from({ length: 8 }, () => topic[random.nextUint32() % topic.length] as string));
  }
  return corpus;
}

function meanSimilarity(model: Word2Vec, sameTopic: boolean): number {
  let sum = 0;
  let pairs = 0;
  TOPICS.forEach((topicA, a) => {
    TOPICS.forEach((topicB, b) => {
      if ((a === b) !== sameTopic) return;
      for (const x of topicA) {
        for (const y of topicB) {
          if (x === y) continue;
          sum += model.wv.similarity(x, y);
          pairs++;
        }
      }
    });
  });
  return sum / pairs;
}

describe('Word2Vec learns planted structure', () => {
  const corpus = plantedCorpus(1500, 3);

  for (const sg of [false, true]) {
    it(`${sg ? 'skip-gram' : 'CBOW'}: words are nearest to the words of their own topic`, () => {
      const model = Word2Vec.train(corpus, {
        sg,
        vectorSize: 24,
        window: 3,
        minCount: 1,
        sample: 0,
        epochs: 5,
        seed: 1,
      });
      expect(model.wv.size).toBe(24);
      const within = meanSimilarity(model, true);
      const across = meanSimilarity(model, false);
      expect(within).toBeGreaterThan(across + 0.3);
      for (const topic of TOPICS) {
        for (const word of topic) {
          const nearest = model.wv.mostSimilar({ positive: [word], topn: 5 }).map((s) => s.word);
          expect(nearest.every((other) => topic.includes(other))).toBe(true);
        }
      }
    });
  }

  it('is deterministic for a seed and depends on it', () => {
    const options = { vectorSize: 10, minCount: 1, epochs: 1 };
    const a = Word2Vec.train(corpus.slice(0, 200), { ...options, seed: 5 });
    const b = Word2Vec.train(corpus.slice(0, 200), { ...options, seed: 5 });
    const c = Word2Vec.train(corpus.slice(0, 200), { ...options, seed: 6 });
    expect(Array.from(a.wv.vectors)).toEqual(Array.from(b.wv.vectors));
    expect(Array.from(a.wv.vectors)).not.toEqual(Array.from(c.wv.vectors));
  });

  it('reports progress per epoch with the decaying learning rate', () => {
    const seen: number[][] = [];
    Word2Vec.train(corpus.slice(0, 100), {
      minCount: 1,
      epochs: 3,
      vectorSize: 5,
      onProgress: (p) => seen.push([p.epoch, p.tokensRead, p.alpha]),
    });
    expect(seen.map(([epoch, tokens]) => [epoch, tokens])).toEqual([
      [1, 800],
      [2, 1600],
      [3, 2400],
    ]);
    const alphas = seen.map(([, , alpha]) => alpha as number);
    expect(alphas[0]).toBeLessThan(0.025);
    expect(alphas[2]).toBeLessThan(alphas[1] as number);
    expect(alphas[2]).toBeGreaterThan(0.0001);
  });
});

describe('Word2Vec on Tiny Shakespeare (bundled corpus)', () => {
  it('CBOW with gensim defaults learns kinship, pronoun and verb-form neighbours', async () => {
    const text = await loadCorpus('tinyshakespeare');
    const sentences = text
      .toLowerCase()
      .split('\n')
      .map((line) => line.match(/\p{L}+/gu) ?? [])
      .filter((sentence) => sentence.length > 0);
    const model = Word2Vec.train(sentences, { vectorSize: 50, epochs: 3, seed: 1 });
    const nearest = (word: string, topn: number) =>
      model.wv.mostSimilar({ positive: [word], topn }).map((s) => s.word);
    expect(nearest('he', 3)).toContain('she');
    expect(nearest('father', 6)).toEqual(expect.arrayContaining(['brother', 'son']));
    // "thou art", "thou hast", "thou wilt": the second-person verb forms gather around the pronoun.
    const verbForms = ['art', 'hast', 'dost', 'wilt', 'shalt', 'canst', 'wouldst', 'didst'];
    expect(nearest('thou', 6).filter((word) => verbForms.includes(word)).length).toBeGreaterThanOrEqual(4);
  });
});

describe('Word2Vec vocabulary as gensim', () => {
  it('keeps words seen minCount times, most frequent first, with the unigram^0.75 table', () => {
    const vocabulary = buildVocabulary([['b', 'a', 'a', 'c', 'a', 'b']], { minCount: 2, sample: 0 });
    expect(vocabulary.words).toEqual(['a', 'b']);
    expect(vocabulary.counts).toEqual([3, 2]);
    const total = 3 ** 0.75 + 2 ** 0.75;
    expect(Array.from(vocabulary.negativeTable)).toEqual([
      Math.round((3 ** 0.75 / total) * (2 ** 31 - 1)),
      2 ** 31 - 1,
    ]);
    expect(Array.from(vocabulary.keepThreshold)).toEqual([2 ** 32, 2 ** 32]);
  });

  it('down-samples frequent words with gensim’s formula', () => {
    const sentence = [...Array(990).fill('the'), ...Array(10).fill('rare')];
    const vocabulary = buildVocabulary([sentence], { minCount: 1, sample: 1e-3 });
    // threshold t = 1e-3 × 1000 = 1; keep(count) = (sqrt(count / t) + 1) × t / count
    expect(vocabulary.keepThreshold[0]).toBe(Math.round((Math.sqrt(990) + 1) * (1 / 990) * 2 ** 32));
    expect(vocabulary.keepThreshold[1]).toBe(Math.round((Math.sqrt(10) + 1) * (1 / 10) * 2 ** 32));
  });
});

describe('Word2Vec refuses bad input', () => {
  it('an empty corpus, an empty vocabulary, absurd sizes', () => {
    expect(() => Word2Vec.train([])).toThrow('empty corpus');
    expect(() => Word2Vec.train([[], []])).toThrow('empty corpus');
    expect(() => Word2Vec.train([['a', 'b', 'a']])).toThrow(
      'vocabulary empty after minCount 5: the corpus has 2 distinct words, the most frequent seen 2 times',
    );
    expect(() => Word2Vec.train([['a']], { minCount: 1, vectorSize: 0 })).toThrow(
      'vectorSize must be an integer in [1, 10000], got 0',
    );
    expect(() => Word2Vec.train([['a']], { minCount: 1, vectorSize: 1e6 })).toThrow(/vectorSize must be/);
    expect(() => Word2Vec.train([['a']], { minCount: 1, alpha: Number.NaN })).toThrow(/alpha must be/);
    expect(() => Word2Vec.train([['a']], { minCount: 1, window: 0 })).toThrow(/window must be/);
  });

  it("answers gensim's snake_case option names with the names they have here (they set nothing, silently)", () => {
    const sentences = Array.from({ length: 20 }, () => ['the', 'cat', 'sat']);
    expect(() => Word2Vec.train(sentences, { vector_size: 8, min_count: 1 } as never)).toThrow(
      "Word2Vec: unknown option 'vector_size': it is written vectorSize here",
    );
    const model = Word2Vec.train(sentences, { vectorSize: 8, minCount: 1, epochs: 1 });
    expect(() => model.train(sentences, { total_examples: 20 } as never)).toThrow(
      "train: unknown option 'total_examples' (the options: epochs, onProgress, progressEvery, workers, threads, corpusCacheBytes)",
    );
    expect(() => model.wv.mostSimilar({ positive: ['cat'], topN: 1 } as never)).toThrow(
      "mostSimilar: unknown option 'topN': did you mean topn?",
    );
    expect(() => model.wv.mostSimilar({ positive: ['cat'], restrict_vocab: 2 } as never)).toThrow(
      "mostSimilar: unknown option 'restrict_vocab': it is written restrictVocab here",
    );
    expect(() =>
      evaluateWordAnalogies(model.wv, ': s\nthe cat sat the\n', { case_insensitive: false } as never),
    ).toThrow("evaluateWordAnalogies: unknown option 'case_insensitive': it is written caseInsensitive here");
    expect(() => countVectors(sentences, { min_count: 1 } as never)).toThrow(
      "countVectors: unknown option 'min_count': it is written minCount here",
    );
  });

  it('names the option it refuses, so that a command line can say which flag was wrong', () => {
    const refusal = (options: Parameters<typeof Word2Vec.train>[1]) => {
      try {
        Word2Vec.train([['a']], { minCount: 1, ...options });
      } catch (error) {
        return error;
      }
      throw new Error('trained');
    };
    for (const [options, option] of [
      [{ vectorSize: 0 }, 'vectorSize'],
      [{ maxFinalVocab: 0 }, 'maxFinalVocab'],
      [{ minAlpha: -1 }, 'minAlpha'],
      [{ seed: Number.POSITIVE_INFINITY }, 'seed'],
      [{ negative: 0 }, 'negative'],
    ] as const) {
      const error = refusal(options);
      expect(error).toBeInstanceOf(OptionError);
      expect(error).toBeInstanceOf(RangeError);
      expect((error as OptionError).option).toBe(option);
    }
    // A value from a form or a command line, still a string, is shown as one: 'got 100' read as a number.
    expect(() => Word2Vec.train([['a']], { minCount: 1, vectorSize: '100' as never })).toThrow(
      "vectorSize must be an integer in [1, 10000], got '100' (a string)",
    );
    expect(() => Word2Vec.train([['a']], { minCount: 1, sample: '0.001' as never })).toThrow(
      "sample must be a finite number ≥ 0, got '0.001' (a string)",
    );
    // gensim's positional parameters passed the Python way set nothing: refused by name.
    expect(() => Word2Vec.train([['a']], 16 as never)).toThrow(
      'Word2Vec: the options are an object such as { vectorSize: 100, window: 5 }, got 16',
    );
    // A corpus that is empty is not an option's fault.
    expect(() => Word2Vec.train([])).toThrow('empty corpus');
    expect(refusal({ minCount: 5 })).not.toBeInstanceOf(OptionError);
  });

  it('a learning rate so large that training diverges', () => {
    const corpus = plantedCorpus(200, 1);
    // 1e30 saturates every dot product after the first updates (training would stall silently); 1e42 overflows float32.
    for (const alpha of [1e4, 1e30, 1e42]) {
      expect(() => Word2Vec.train(corpus, { minCount: 1, vectorSize: 10, alpha, seed: 1 })).toThrow(
        /^training diverged in epoch 1 \(learning rate .*\): a weight reached .*; lower alpha$/,
      );
    }
  });
});

describe('Word2Vec with hierarchical softmax', () => {
  const corpus = plantedCorpus(1500, 3);
  for (const sg of [false, true]) {
    for (const negative of [0, 5]) {
      it(`${sg ? 'skip-gram' : 'CBOW'}, hs${negative ? ' and negative sampling' : ' alone'}: learns the planted topics`, () => {
        const model = Word2Vec.train(corpus, {
          sg,
          hs: true,
          negative,
          vectorSize: 24,
          window: 3,
          minCount: 1,
          sample: 0,
          epochs: 5,
          seed: 1,
        });
        expect(model.tree?.path(0).codes.length).toBeGreaterThan(0);
        expect(meanSimilarity(model, true)).toBeGreaterThan(meanSimilarity(model, false) + 0.3);
        for (const topic of TOPICS) {
          const nearest = model.wv
            .mostSimilar({ positive: [topic[0] as string], topn: 5 })
            .map((s) => s.word);
          expect(nearest.every((other) => topic.includes(other))).toBe(true);
        }
        const { weights } = model.state();
        expect(weights.outputHierarchical?.length).toBe((model.wv.size - 1) * 24);
        expect(weights.outputNegative === undefined).toBe(negative === 0);
      });
    }
  }

  it('needs hs or negative sampling', () => {
    expect(() => Word2Vec.train(corpus, { minCount: 1, negative: 0 })).toThrow(
      'nothing to train with: set negative above 0 or hs to true (or both)',
    );
  });
});

describe('Word2Vec streams, stops and continues', () => {
  const corpus = plantedCorpus(300, 5);
  const options = { vectorSize: 12, minCount: 1, epochs: 4, seed: 3 };

  it('an async corpus re-read per epoch (a generator function) trains as the array does', async () => {
    let passes = 0;
    async function* stream() {
      passes++;
      for (const sentence of corpus) yield sentence;
    }
    const fromStream = await Word2Vec.trainAsync(stream, options);
    const fromArray = Word2Vec.train(corpus, options);
    expect(passes).toBe(5); // one count, four epochs
    expect(Array.from(fromStream.wv.vectors)).toEqual(Array.from(fromArray.wv.vectors));
  });

  it('the first epoch kept as rows (corpusCacheBytes) trains the later ones as reading again does', async () => {
    let passes = 0;
    function* stream() {
      passes++;
      yield* corpus;
    }
    const kept = Word2Vec.train(stream, { ...options, corpusCacheBytes: 1 << 20 });
    expect(passes).toBe(2); // one count, one epoch read
    passes = 0;
    const reread = Word2Vec.train(stream, { ...options, corpusCacheBytes: 0 });
    expect(passes).toBe(5);
    expect(Array.from(kept.wv.vectors)).toEqual(Array.from(reread.wv.vectors));
    passes = 0;
    const keptAsync = await Word2Vec.trainAsync(stream, { ...options, corpusCacheBytes: 1 << 20 });
    expect(passes).toBe(2);
    expect(Array.from(keptAsync.wv.vectors)).toEqual(Array.from(reread.wv.vectors));
    // Too small a bound: the corpus is read every epoch.
    passes = 0;
    Word2Vec.train(stream, { ...options, corpusCacheBytes: 4000 });
    expect(passes).toBe(5);
    expect(() => Word2Vec.train(corpus, { ...options, corpusCacheBytes: -1 })).toThrow(
      /^corpusCacheBytes must be an integer/,
    );
  });

  it('a one-shot iterator is reported on its second pass', () => {
    const once = corpus.values();
    expect(() => Word2Vec.train(once, options)).toThrow(
      /^the corpus yielded no tokens in epoch 1: an iterator can be read only once/,
    );
  });

  it('training two epochs, then the rest, equals training all four', () => {
    const whole = Word2Vec.train(corpus, options);
    const split = Word2Vec.buildVocab(corpus, options);
    expect(split.progress).toEqual({ epochsDone: 0, epochs: 4 });
    split.train(corpus, { epochs: 2 });
    expect(split.progress).toEqual({ epochsDone: 2, epochs: 4 });
    const copy = Word2Vec.fromState(split.state());
    copy.train(corpus);
    expect(Array.from(copy.wv.vectors)).toEqual(Array.from(whole.wv.vectors));
    // A finished model trains a new run of its epochs, the learning rate starting again from alpha.
    const alphas: number[] = [];
    copy.train(corpus, { epochs: 1, progressEvery: 8, onProgress: (p) => alphas.push(p.alpha) });
    expect(copy.progress).toEqual({ epochsDone: 1, epochs: 1 });
    expect(alphas[0]).toBeGreaterThan(0.02);
  });

  it('reports progress every N tokens within epochs', () => {
    const seen: [number, boolean, number][] = [];
    Word2Vec.train(corpus.slice(0, 100), {
      ...options,
      epochs: 2,
      progressEvery: 300,
      onProgress: (p) => seen.push([p.epoch, p.epochDone, p.tokensRead]),
    });
    expect(seen).toEqual([
      [1, false, 304],
      [1, false, 600],
      [1, true, 800],
      [2, false, 904],
      [2, false, 1200],
      [2, false, 1504],
      [2, true, 1600],
    ]);
  });
});
