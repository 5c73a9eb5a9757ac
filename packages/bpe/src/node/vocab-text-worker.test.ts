import { describe, expect, it } from 'vitest';
import { vocabFileText } from '../model-file.js';
import { RegexTokenizer } from '../regex-tokenizer.js';
import { VocabTextWorker } from './vocab-text-worker.js';

describe('VocabTextWorker', () => {
  it('renders the .vocab text of merges fed during training, across several batches', async () => {
    let seed = 12345;
    const next = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 16) % n;
    };
    const letters = 'abcdefghijklmnopqrstuvwxyzابتثجحخدذرزسشصضطظعغفقكلمنهوي';
    const words = Array.from({ length: 20000 }, () =>
      Array.from({ length: 2 + next(8) }, () => letters[next(letters.length)]).join(''),
    );
    const tokenizer = new RegexTokenizer('gpt4');
    const vocab = VocabTextWorker.start();
    const summary = tokenizer.train(words.join(' '), 256 + 5000, {
      onProgress: ({ last }) => last && vocab.add(last.pair[0], last.pair[1]),
    });
    // More merges than one batch of the thread's, so that batches and the last partial one are sent.
    expect(summary.merges.length).toBeGreaterThan(2048);
    expect(await vocab.text()).toBe(vocabFileText(tokenizer));
  });

  it('rejects when a merge cannot be rendered, and can be closed unused', async () => {
    const vocab = VocabTextWorker.start();
    vocab.add(97, 97);
    vocab.add(300, 97);
    await expect(vocab.text()).rejects.toThrow('merge (300, 97) -> 257');
    VocabTextWorker.start().close();
  });
});
