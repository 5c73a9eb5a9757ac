import type { ByteChunkStore } from '../byte-chunk-store.js';
import type { ChunkStore } from '../chunk-store.js';
import { countTextChunks } from '../fused-count.js';
import { countUtf8Chunks } from '../utf8-count.js';
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

/**
 * {@link countRange} straight from the range's UTF-8 bytes (checked, newlines translated), with no
 * decoding to a string: the chunks are the same, stored as bytes in a {@link ByteChunkStore}. A
 * chunk's position is `start` plus its byte offset in the range's translated bytes (the same order as
 * `countRange`'s positions, which count UTF-16 units instead).
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
): void {
  const bytes = corpus.utf8(start, end);
  countUtf8Chunks(bytes, bytes.length, scanner, store, start);
}
