import { type ChunkCounts, scanSource } from '../chunk-counts.js';
import type { PositionedChunks } from '../chunk-store.js';
import { type PatternSpec, SplitPattern } from '../split-pattern.js';
import { countFileChunks } from './corpus.js';
import { type CountTableOptions, countFileRanges, readableInRanges } from './count-files.js';
import { checkCountOptions } from './count-options.js';

export type { CountTableOptions } from './count-files.js';

/**
 * Count the chunks of `files` (joined by `\n`) into a table of distinct chunks in first-appearance
 * order, ready for `trainMerges` or `RegexTokenizer.trainFromCounts`: the same chunks, counts and order
 * as `countChunks(wholeText, pattern)`, without the text or a string per chunk ever existing in this
 * thread. For minbpe's GPT-2 and GPT-4 patterns each worker reads byte ranges of the files itself
 * (cut where the patterns cannot join two chunks), counts them with the hand-written scanners into a
 * table held in typed arrays, with each chunk's first position; the tables are added up and ordered by
 * those positions at the end. Memory grows with the distinct chunks, not with the corpus. Other
 * patterns, and files that can only be read as a stream (a pipe such as `/dev/stdin` or a shell's
 * `<(zcat corpus.gz)`, a device), are counted by {@link countFileChunks}. The GPT-2 and GPT-4 counting alone is
 * {@link countFileRanges}, from the light subpath `@tokenlab/bpe/count-files`.
 *
 * @example
 * ```ts
 * const table = await countFileTable(['corpus.txt'], 'gpt4');
 * new RegexTokenizer('gpt4').trainFromCounts(table, 32768);
 * ```
 */
export async function countFileTable(
  files: readonly string[],
  pattern: PatternSpec = 'gpt4',
  options: CountTableOptions = {},
): Promise<PositionedChunks> {
  checkCountOptions('countFileTable', options);
  const split = SplitPattern.from(pattern);
  const scanner = scanSource(split)?.scanner;
  if (scanner === undefined || !(await readableInRanges(files))) {
    const counts = await countFileChunks(files, split, {
      ...(options.workers === undefined ? {} : { workers: options.workers }),
      ...(options.universalNewlines === undefined ? {} : { universalNewlines: options.universalNewlines }),
    });
    return positionedFromCounts(counts);
  }
  return countFileRanges(files, scanner, options);
}

/** Counts in first-appearance order as a positioned table (each chunk's position is its rank). */
function positionedFromCounts(counts: ChunkCounts): PositionedChunks {
  const encoder = new TextEncoder();
  let capacity = 0;
  for (const chunk of counts.keys()) capacity += chunk.length * 3;
  const bytes = new Uint8Array(capacity);
  const lengths = new Int32Array(counts.size);
  const values = new Float64Array(counts.size);
  const firsts = new Float64Array(counts.size);
  let offset = 0;
  let i = 0;
  for (const [chunk, count] of counts) {
    lengths[i] = encoder.encodeInto(chunk, bytes.subarray(offset)).written;
    offset += lengths[i]!;
    values[i] = count;
    firsts[i] = i;
    i++;
  }
  return { bytes: bytes.slice(0, offset), lengths, counts: values, firsts };
}
