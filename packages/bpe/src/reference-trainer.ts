import { unpackPair } from './pair.js';
import { getStats, merge } from './stats.js';
import type { TrainOptions, TrainResult } from './train-progress.js';

/**
 * minbpe's training loop, transcribed: recount every pair of every chunk (duplicates kept, in text
 * order), take the most frequent (the first counted wins a tie, as Python's `max` over a dict), merge it
 * everywhere, repeat. Quadratic and slow; it is here to be read and to check {@link trainMerges} against.
 * `chunks` are the byte ids of every chunk in text order (one chunk for a BasicTokenizer).
 *
 * @example
 * ```ts
 * trainMergesReference([[...new TextEncoder().encode('aaabdaaabac')]], 3).merges;
 * // [[97, 97], [256, 97], [257, 98]]
 * ```
 */
export function trainMergesReference(
  chunks: ReadonlyArray<ArrayLike<number>>,
  numMerges: number,
  options: TrainOptions = {},
): TrainResult {
  let ids = chunks.map((chunk) => Array.from(chunk));
  const merges: Array<[number, number]> = [];
  const counts: number[] = [];
  for (let i = 0; i < numMerges; i++) {
    const stats = new Map<number, number>();
    for (const chunk of ids) getStats(chunk, stats);
    let best = -1;
    let bestCount = 0;
    for (const [key, count] of stats) {
      if (count > bestCount) {
        best = key;
        bestCount = count;
      }
    }
    if (best < 0) return { merges, counts, exhausted: true };
    const pair = unpackPair(best);
    const id = 256 + i;
    ids = ids.map((chunk) => merge(chunk, pair, id));
    merges.push(pair);
    counts.push(bestCount);
    if (options.verbose)
      console.log(
        `merge ${i + 1}/${numMerges}: (${pair[0]}, ${pair[1]}) -> ${id} had ${bestCount} occurrences`,
      );
    options.onProgress?.({ merges: i + 1, total: numMerges, last: { pair, id, count: bestCount } });
  }
  return { merges, counts, exhausted: false };
}
