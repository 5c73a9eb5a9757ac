import { checkVocabSize, type TrainSummary } from './bpe-tokenizer.js';
import { type ChunkTable, chunkTable } from './chunk-table.js';
import { trainMerges } from './fast-trainer.js';
import type { TrainOptions } from './train-progress.js';

/**
 * Learn merges up to `vocabSize` from chunk counts made anywhere (`countChunks`, the worker-thread
 * counter, another process or machine: merge their counts in text order with `mergeChunkCounts`). The
 * result is minbpe's training on the text those counts came from, provided the counts keep the order
 * in which chunks first appear. Install the merges with `RegexTokenizer.fromMerges` or use
 * `RegexTokenizer.trainFromCounts`, which does both.
 *
 * @example
 * ```ts
 * const summary = trainFromCounts(countChunks('aaab aaab', 'gpt4'), 258);
 * summary.merges; // [[97, 97], [256, 97]]
 * ```
 */
export function trainFromCounts(
  counts: Iterable<readonly [string | Uint8Array, number]> | ChunkTable,
  vocabSize: number,
  options: TrainOptions = {},
): TrainSummary {
  checkVocabSize(vocabSize);
  const result = trainMerges(chunkTable(counts), vocabSize - 256, options);
  return { ...result, vocabSize: 256 + result.merges.length };
}
