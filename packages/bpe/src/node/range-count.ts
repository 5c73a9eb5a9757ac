import type { ByteChunkStore } from '../byte-chunk-store.js';
import { countUtf8Chunks } from '../utf8-count.js';
import type { CorpusBytes } from './corpus-bytes.js';

/**
 * Count the chunks of the corpus range `[start, end)` (cut by `CorpusBytes.safeCut`) into `store`,
 * with the byte version of the hand-written scanner of minbpe's GPT-2 or GPT-4 pattern, straight from
 * the range's UTF-8 bytes (checked, newlines translated; nothing is decoded to a string). A chunk's
 * position is `start` plus its offset in the range's translated bytes, so positions increase through
 * the whole corpus whichever thread counts which range. Returns how many translated bytes the range
 * holds (fewer than `end - start` when a `\r\n` became `\n`).
 *
 * @example
 * ```ts
 * const corpus = new CorpusBytes(['corpus.txt']);
 * const store = new ByteChunkStore();
 * countRangeUtf8(corpus, 0, corpus.length, 'gpt4', store);
 * ```
 */
export function countRangeUtf8(
  corpus: CorpusBytes,
  start: number,
  end: number,
  scanner: 'gpt2' | 'gpt4',
  store: ByteChunkStore,
): number {
  const bytes = corpus.utf8(start, end);
  countUtf8Chunks(bytes, bytes.length, scanner, store, start);
  return bytes.length;
}
