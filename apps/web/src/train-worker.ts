/// <reference lib="webworker" />
import { RegexTokenizer, type TrainProgress } from '@tokenlab/bpe';
import { bytesAsText } from '@tokenlab/core';

/** Ask the worker to train: the text, the vocabulary size to reach. */
export interface TrainRequest {
  text: string;
  vocabSize: number;
}

/** One learned merge, ready to show. */
export interface MergeShown {
  /** The new token's id. */
  id: number;
  /** The ids it joins. */
  pair: [number, number];
  /** The new token's text (whole characters as such, partial ones as byte escapes). */
  text: string;
  /** The texts of its two parts, rendered the same way. */
  parts: [string, string];
  /** How often the pair occurred when it was chosen. */
  count: number;
  /** Tokens in the text after this merge (occurrences of overlapping pairs such as `aaa` counted once each). */
  tokens: number;
}

/** What the worker posts back. */
export type TrainMessage =
  | { type: 'start'; bytes: number; total: number }
  | { type: 'merges'; merges: MergeShown[] }
  | { type: 'done'; merges: Array<[number, number]>; exhausted: boolean; tokens: number; bytes: number }
  | { type: 'error'; message: string };

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: TrainMessage) => scope.postMessage(message);

scope.onmessage = (event: MessageEvent<TrainRequest>) => {
  const { text, vocabSize } = event.data;
  try {
    const bytes = new TextEncoder().encode(text).length;
    post({ type: 'start', bytes, total: vocabSize - 256 });
    const vocab: Uint8Array[] = Array.from({ length: 256 }, (_, byte) => Uint8Array.of(byte));
    let tokens = bytes;
    let batch: MergeShown[] = [];
    let lastPost = 0;
    const onProgress = (progress: TrainProgress) => {
      const last = progress.last;
      if (last) {
        const [left, right] = last.pair;
        const joined = new Uint8Array(vocab[left]!.length + vocab[right]!.length);
        joined.set(vocab[left]!);
        joined.set(vocab[right]!, vocab[left]!.length);
        vocab[last.id] = joined;
        tokens -= last.count;
        batch.push({
          id: last.id,
          pair: [left, right],
          text: bytesAsText(joined),
          parts: [bytesAsText(vocab[left]!), bytesAsText(vocab[right]!)],
          count: last.count,
          tokens,
        });
      }
      // Batches of merges, at most ~30 posts a second, so the page keeps up.
      const now = performance.now();
      if (batch.length > 0 && now - lastPost > 33) {
        post({ type: 'merges', merges: batch });
        batch = [];
        lastPost = now;
      }
    };
    const tokenizer = new RegexTokenizer('gpt4');
    const summary = tokenizer.train(text, vocabSize, { onProgress });
    if (batch.length > 0) post({ type: 'merges', merges: batch });
    post({
      type: 'done',
      merges: summary.merges,
      exhausted: summary.exhausted,
      tokens: tokenizer.encodeOrdinary(text).length,
      bytes,
    });
  } catch (error) {
    post({ type: 'error', message: (error as Error).message });
  }
};
