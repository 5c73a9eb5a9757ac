import type { MergeHelper } from './merge-helper.js';

/**
 * One merge, as reported to `onProgress`.
 *
 * @example
 * ```ts
 * const events: MergeEvent[] = [];
 * new BasicTokenizer().train('aaabdaaabac', 259, { onProgress: ({ last }) => last && events.push(last) });
 * events[0]; // { pair: [97, 97], id: 256, count: 4 }
 * ```
 */
export interface MergeEvent {
  /** The pair merged. */
  pair: [number, number];
  /** The id of the new token. */
  id: number;
  /** How often the pair occurred when it was chosen. */
  count: number;
}

/**
 * What the trainers report while they run.
 *
 * @example
 * ```ts
 * const report = (progress: TrainProgress) => console.log(`${progress.merges}/${progress.total}`);
 * new BasicTokenizer().train('aaabdaaabac', 259, { onProgress: report }); // 1/3, 2/3, 3/3
 * ```
 */
export interface TrainProgress {
  /** Merges done so far. */
  merges: number;
  /** Merges asked for (`vocabSize - 256`). */
  total: number;
  /** The pair merged last, its new id and how often it occurred. */
  last?: MergeEvent;
}

/**
 * Options shared by the trainers.
 *
 * @example
 * ```ts
 * const options: TrainOptions = { onProgress: ({ merges, total }) => console.log(merges, total) };
 * trainMerges(chunkTable(new Map([['abab', 2]])), 2, options);
 * ```
 */
export interface TrainOptions {
  /** Log every merge to the console, as minbpe's `verbose=True` does. */
  verbose?: boolean;
  /** Called after each merge (and once at the end) with the progress so far. */
  onProgress?: (progress: TrainProgress) => void;
  /**
   * A second thread that merges half of each long occurrence list (Node: `startMergeHelper` from
   * `@tokenlab/bpe/node`). The merges are the same with or without it.
   */
  helper?: MergeHelper;
}

/**
 * What a trainer learned: the merges in order (merge `i` makes id `256 + i`), their counts, and
 * whether it ran out of pairs before reaching the requested number of merges (minbpe raises
 * `ValueError: max() arg is an empty sequence` there; this stops cleanly instead).
 *
 * @example
 * ```ts
 * const result: TrainResult = trainMerges(chunkTable(new Map([['abab', 2]])), 2);
 * result; // { merges: [[97, 98], [256, 256]], counts: [4, 2], exhausted: false }
 * ```
 */
export interface TrainResult {
  /** `[left, right]` for each merge, in training order. */
  merges: Array<[number, number]>;
  /** How often each merged pair occurred when it was chosen. */
  counts: number[];
  /** `true` when no pair was left before the requested number of merges. */
  exhausted: boolean;
}
