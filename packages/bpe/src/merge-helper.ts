import type { MergeArrays, MergeNotes } from './record-merger.js';

/**
 * A second thread for the trainer (in Node, `startMergeHelper` from `@tokenlab/bpe/node`): while the
 * training thread merges the first half of a long occurrence list, the helper merges the second half,
 * in the same records (shared memory), and hands back its notes, which the trainer adds to its own.
 * The merges stay exactly the same: the halves hold different chunks, and the notes add up to what one
 * thread would have noted. Given as `helper` in the training options; a helper that is not `ready` yet
 * is simply not asked.
 *
 * @example
 * ```ts
 * import { startMergeHelper } from '@tokenlab/bpe/node';
 * const helper = startMergeHelper();
 * trainMerges(table, 32768 - 256, { helper });
 * await helper.close();
 * ```
 */
export interface MergeHelper {
  /** Lists of at least this many records are shared with the helper; shorter ones are merged alone. */
  readonly minRecords: number;
  /** Whether the helper thread has started (until then the trainer merges alone). */
  readonly ready: boolean;
  /** A training starts: the arrays (in shared memory) to merge in, and the bound of its token ids. */
  attach(arrays: MergeArrays, vocab: number): void;
  /** Start merging (left, right) into `id` in the records `pool[from, to)`. */
  begin(left: number, right: number, id: number, from: number, to: number, pool: Int32Array): void;
  /** Wait for the merge begun last, and return the helper's notes of it. */
  end(): HelperNotes;
  /** The training is over (or failed): let go of its arrays. */
  detach(): void;
}

/**
 * What a {@link MergeHelper} noted in its part of a merge (see `RecordMerger`).
 *
 * @example
 * ```ts
 * const noted = (h: HelperNotes) => h.stepSize; // (slot, record) entries found
 * ```
 */
export interface HelperNotes {
  /** The notes, in shared memory. */
  notes: MergeNotes;
  /** How many slots it met. */
  metSize: number;
  /** How many (slot, record) entries it found. */
  stepSize: number;
}
