/** One merge, as reported to `onProgress`. */
export interface MergeEvent {
  /** The pair merged. */
  pair: [number, number];
  /** The id of the new token. */
  id: number;
  /** How often the pair occurred when it was chosen. */
  count: number;
}

/** What the trainers report while they run. */
export interface TrainProgress {
  /** Merges done so far. */
  merges: number;
  /** Merges asked for (`vocabSize - 256`). */
  total: number;
  /** The pair merged last, its new id and how often it occurred. */
  last?: MergeEvent;
}

/** Options shared by the trainers. */
export interface TrainOptions {
  /** Log every merge to the console, as minbpe's `verbose=True` does. */
  verbose?: boolean;
  /** Called after each merge (and once at the end) with the progress so far. */
  onProgress?: (progress: TrainProgress) => void;
}

/**
 * What a trainer learned: the merges in order (merge `i` makes id `256 + i`), their counts, and
 * whether it ran out of pairs before reaching the requested number of merges (minbpe raises
 * `ValueError: max() arg is an empty sequence` there; this stops cleanly instead).
 */
export interface TrainResult {
  /** `[left, right]` for each merge, in training order. */
  merges: Array<[number, number]>;
  /** How often each merged pair occurred when it was chosen. */
  counts: number[];
  /** `true` when no pair was left before the requested number of merges. */
  exhausted: boolean;
}
