import { fileURLToPath } from 'node:url';
import { runAsInputPrograms } from '@tokenlab/test-support';
import { describe, expect, it } from 'vitest';
import { SeededRandom } from './random.js';
import { Word2Vec } from './word2vec.js';
import { startWorkerThread } from './worker-threads.js';

const TOPICS = [
  ['cat', 'dog', 'cow', 'horse', 'sheep', 'goat', 'pig', 'duck'],
  ['apple', 'pear', 'plum', 'grape', 'lemon', 'melon', 'peach', 'cherry'],
  ['red', 'blue', 'green', 'yellow', 'purple', 'orange', 'black', 'white'],
];

/** Sentences of eight words of one topic each (as word2vec.test.ts): words of a topic share contexts. */
function plantedCorpus(sentences: number, seed: number): string[][] {
  const random = new SeededRandom(seed);
  return Array.from({ length: sentences }, () => {
    const topic = TOPICS[random.nextUint32() % TOPICS.length] as string[];
    return Array.from({ length: 8 }, () => topic[random.nextUint32() % topic.length] as string);
  });
}

function nearestWithinTopic(model: Word2Vec): boolean {
  return TOPICS.every((topic) =>
    topic.every((word) =>
      model.wv.mostSimilar({ positive: [word], topn: 3 }).every((s) => topic.includes(s.word)),
    ),
  );
}

describe('Word2Vec on worker threads', () => {
  it('starts its threads from `node -e` and from a program on stdin (whose --input-type a worker file refuses)', () => {
    const script = [
      "const { Word2Vec } = await import('@tokenlab/vectors');",
      "const { startWorkerThread } = await import('@tokenlab/vectors/node');",
      "const corpus = Array.from({ length: 200 }, (_, i) => ['a', 'b', 'c', 'd'].map((w) => w + (i % 5)));",
      'const options = { vectorSize: 8, minCount: 1, epochs: 1, workers: 2, threads: startWorkerThread };',
      'const model = await Word2Vec.trainAsync(corpus, options);',
      'console.log(model.wv.indexToKey.length);',
    ].join('\n');
    for (const run of runAsInputPrograms(script, fileURLToPath(new URL('..', import.meta.url)))) {
      expect(run.stderr).toBe('');
      expect(run.stdout).toBe('20\n');
      expect(run.status).toBe(0);
    }
  }, 60_000);

  const corpus = plantedCorpus(3000, 3);
  const options = { vectorSize: 24, window: 3, minCount: 1, sample: 0, epochs: 5, seed: 1 };

  for (const sg of [false, true]) {
    it(`${sg ? 'skip-gram' : 'CBOW'} on 2 threads learns the planted topics and reports every epoch`, async () => {
      const epochs: [number, number][] = [];
      const model = await Word2Vec.trainAsync(corpus, {
        ...options,
        sg,
        workers: 2,
        threads: startWorkerThread,
        onProgress: (p) => epochs.push([p.epoch, p.tokensRead]),
      });
      expect(epochs).toEqual([1, 2, 3, 4, 5].map((epoch) => [epoch, epoch * 24_000]));
      expect(nearestWithinTopic(model)).toBe(true);
      expect(model.state().weights.input.buffer).toBeInstanceOf(SharedArrayBuffer);
    });
  }

  it('trains the later epochs from the rows kept from the first, on 2 threads', async () => {
    let passes = 0;
    function* stream() {
      passes++;
      yield* corpus;
    }
    const model = await Word2Vec.trainAsync(stream, {
      ...options,
      workers: 2,
      threads: startWorkerThread,
      corpusCacheBytes: 1 << 20,
    });
    expect(passes).toBe(2); // one count, one epoch read
    expect(nearestWithinTopic(model)).toBe(true);
  });

  it('continues a model trained in this thread (its weights move to shared memory)', async () => {
    const model = Word2Vec.buildVocab(corpus, options);
    model.train(corpus, { epochs: 1 });
    const before = Array.from(model.wv.vectors);
    await model.trainAsync(corpus, { workers: 3, threads: startWorkerThread });
    expect(model.progress).toEqual({ epochsDone: 5, epochs: 5 });
    expect(Array.from(model.wv.vectors)).not.toEqual(before);
    expect(nearestWithinTopic(model)).toBe(true);
  });

  it('reports divergence found by a thread, with the epoch', async () => {
    await expect(
      Word2Vec.trainAsync(corpus, { ...options, alpha: 1e42, workers: 2, threads: startWorkerThread }),
    ).rejects.toThrow(
      /^training diverged in epoch 1 \(learning rate .*\): a weight reached .*; lower alpha$/,
    );
  });

  it('needs trainAsync and a way to start threads', async () => {
    expect(() => Word2Vec.train(corpus, { ...options, workers: 2 })).toThrow(
      /training on worker threads is asynchronous: call trainAsync/,
    );
    await expect(Word2Vec.trainAsync(corpus, { ...options, workers: 2 })).rejects.toThrow(
      /workers 2 needs a way to start threads/,
    );
    expect(() => Word2Vec.buildVocab(corpus, { ...options, workers: 0 })).toThrow(
      'workers must be an integer in [1, 256], got 0',
    );
  });
});
