import { assertWellFormed } from './bpe-tokenizer.js';
import { GPT2_PYTHON_PATTERN, GPT4_PYTHON_PATTERN } from './patterns.js';
import { type ScannedCounts, type ScanSpec, scanCountChunks } from './scan-count.js';
import { type PatternSpec, SplitPattern } from './split-pattern.js';

/**
 * How often each chunk occurs, in the order chunks first appear in the text (a `Map` keeps insertion
 * order). This order is what lets the fast trainer break ties exactly as minbpe.
 *
 * @example
 * ```ts
 * const counts: ChunkCounts = countChunks('the cat the'); // Map { 'the' => 1, ' cat' => 1, ' the' => 1 }
 * new RegexTokenizer('gpt4').trainFromCounts(counts, 260);
 * ```
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
  const split = SplitPattern.from(pattern);
  const scan = scanSource(split);
  if (scan !== undefined) {
    const found = scanCountChunks(text, scan);
    return mergeScanned(counts, found);
  }
  split.forEachChunk(text, (chunk) => {
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

/**
 * How {@link scanCountChunks} should split for `split`: with the hand-written scanner for minbpe's GPT-2
 * and GPT-4 patterns, with the regex for other patterns whose whole match is the chunk, or undefined when
 * only the general path (Python group and empty-match rules) is exact.
 */
export function scanSource(split: SplitPattern): ScanSpec | undefined {
  if (split.source === GPT4_PYTHON_PATTERN) return { scanner: 'gpt4' };
  if (split.source === GPT2_PYTHON_PATTERN) return { scanner: 'gpt2' };
  if (split.cuttable && split.group === 0) return { source: split.regexp.source, flags: split.regexp.flags };
  return undefined;
}

/** Add scanned counts (in first-appearance order) into `counts`. */
export function mergeScanned(counts: ChunkCounts, found: ScannedCounts): ChunkCounts {
  const { chunks, counts: values } = found;
  for (let i = 0; i < chunks.length; i++) counts.set(chunks[i]!, (counts.get(chunks[i]!) ?? 0) + values[i]!);
  return counts;
}
