import { assertWellFormed } from './bpe-tokenizer.js';
import { type PatternSpec, SplitPattern } from './split-pattern.js';

/**
 * How often each chunk occurs, in the order chunks first appear in the text (a `Map` keeps insertion
 * order). This order is what lets the fast trainer break ties exactly as minbpe.
 */
export type ChunkCounts = Map<string, number>;

/**
 * Split `text` with `pattern` and count the chunks, adding to `counts` when given (so a text can be
 * counted piece by piece, in order). Throws on a lone surrogate, which UTF-8 cannot encode.
 *
 * @example
 * ```ts
 * countChunks('the cat the', 'gpt4'); // Map { 'the' => 1, ' cat' => 1, ' the' => 1 }
 * ```
 */
export function countChunks(
  text: string,
  pattern: PatternSpec = 'gpt4',
  counts: ChunkCounts = new Map(),
): ChunkCounts {
  assertWellFormed(text);
  SplitPattern.from(pattern).forEachChunk(text, (chunk) => {
    counts.set(chunk, (counts.get(chunk) ?? 0) + 1);
  });
  return counts;
}

/**
 * Add `source` counts into `target`, chunks new to `target` appended in `source` order. Merging the
 * counts of consecutive pieces of a text in order gives exactly the counts of the whole text.
 *
 * @example
 * ```ts
 * mergeChunkCounts(new Map([['a', 1]]), new Map([['b', 1], ['a', 2]])); // Map { 'a' => 3, 'b' => 1 }
 * ```
 */
export function mergeChunkCounts(
  target: ChunkCounts,
  source: Iterable<readonly [string, number]>,
): ChunkCounts {
  for (const [chunk, count] of source) target.set(chunk, (target.get(chunk) ?? 0) + count);
  return target;
}
