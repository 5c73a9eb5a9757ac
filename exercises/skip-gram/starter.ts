// biome-ignore-all lint/correctness/noUnusedFunctionParameters: the parameters are there for you to use.
// Exercise: skip-gram with negative sampling by hand.
// The task, background and hints: docs/exercises/skip-gram.md
// Check your work with: pnpm exercise skip-gram
import { SeededRandom } from '@tokenlab/vectors';
import { Todo } from '../implementation.js';

/** Words kept for training (seen at least `minCount` times), most frequent first, ties in order of first appearance. */
export function countVocabulary(
  sentences: readonly (readonly string[])[],
  minCount: number,
): { words: string[]; counts: number[] } {
  // TODO step 1: count every word, keep those seen minCount times, sort by count (a stable sort keeps ties in order).
  throw new Todo('step 1, countVocabulary: count, filter by minCount, sort by descending count');
}

/** gensim's `cum_table`: cumulative count^0.75, scaled to 2^31 − 1 and rounded. */
export function negativeTable(counts: readonly number[]): number[] {
  // TODO step 2: running sum of count ** 0.75, divided by the total, times 2 ** 31 - 1, Math.round.
  throw new Todo('step 2, negativeTable: cumulative count^0.75 scaled to 2^31 - 1');
}

/** A row drawn from the table: the first entry ≥ `draw % last entry` (Python's `bisect_left`). */
export function drawNegative(table: readonly number[], draw: number): number {
  // TODO step 2: a binary search for the first entry >= draw % table[table.length - 1].
  throw new Todo('step 2, drawNegative: bisect_left of draw % total');
}

/** The logistic function. */
export function sigmoid(x: number): number {
  // TODO step 3
  throw new Todo('step 3, sigmoid: 1 / (1 + e^-x)');
}

/**
 * One skip-gram step: the input vector of `context` learns to predict `center` (label 1) and not the
 * `negatives` (label 0; one equal to `center` is skipped). Dot products beyond ±6 are skipped. The output
 * rows change at once; the input row takes the summed error at the end.
 */
export function trainPair(
  input: Float32Array,
  output: Float32Array,
  size: number,
  context: number,
  center: number,
  negatives: readonly number[],
  alpha: number,
): void {
  // TODO step 3: for the centre (label 1) then each negative (label 0): dot, gradient, work += …, output += …;
  // then input row += work.
  throw new Todo('step 3, trainPair: one logistic step per target, then the input update');
}

/** Options of {@link trainSkipGram}: those of `Word2Vec.train` with `sg: true, sample: 0`. */
export interface SkipGramOptions {
  vectorSize: number;
  window: number;
  minCount: number;
  negative: number;
  alpha: number;
  minAlpha: number;
  epochs: number;
  seed: number;
}

/** Skip-gram with negative sampling, drawing random numbers exactly as `Word2Vec.train` does. */
export function trainSkipGram(
  sentences: readonly (readonly string[])[],
  options: SkipGramOptions,
): { words: string[]; vectors: Float32Array } {
  const random = new SeededRandom(options.seed);
  // TODO step 4: initial vectors, then per epoch and sentence: learning rate, rows (one draw per known word),
  // per position a window shrink, per context word `negative` draws and trainPair. The order of the draws is
  // in docs/exercises/skip-gram.md.
  throw new Todo('step 4, trainSkipGram: the training loop, drawing random numbers in the library order');
}
