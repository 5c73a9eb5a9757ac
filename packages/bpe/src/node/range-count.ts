import type { ChunkStore } from '../chunk-store.js';
import { countTextChunks } from '../fused-count.js';
import type { CorpusBytes } from './corpus-bytes.js';

/**
 * Count the chunks of the corpus range `[start, end)` (cut by `CorpusBytes.safeCut`) into `store`,
 * with the hand-written scanner of minbpe's GPT-2 or GPT-4 pattern. A chunk's position is `start` plus
 * its offset in the range's text: a UTF-8 range holds at least as many bytes as UTF-16 units, so
 * positions increase through the whole corpus whichever thread counts which range.
 *
 * @example
 * ```ts
 * const corpus = new CorpusBytes(['corpus.txt']);
 * const store = new ChunkStore();
 * countRange(corpus, 0, corpus.length, 'gpt4', store);
 * ```
 */
export function countRange(
  corpus: CorpusBytes,
  start: number,
  end: number,
  scanner: 'gpt2' | 'gpt4',
  store: ChunkStore,
): void {
  const text = corpus.text(start, end);
  countTextChunks(text, scanner, store, start);
}
