import type { HuffmanTree } from './huffman-tree.js';
import type { SeededRandom } from './random.js';
import type { Vocabulary } from './vocabulary.js';

/**
 * The training parameters a trainer needs (the resolved {@link Word2VecOptions}).
 *
 * @example
 * ```ts
 * const settings: TrainerSettings = { vectorSize: 100, window: 5, sg: false, hs: false, negative: 5, cbowMean: true };
 * ```
 */
export interface TrainerSettings {
  /** Dimension of the vectors. */
  vectorSize: number;
  /** Largest context distance. */
  window: number;
  /** Skip-gram (true) or CBOW. */
  sg: boolean;
  /** Hierarchical softmax. */
  hs: boolean;
  /** Negative samples per positive one (0: none). */
  negative: number;
  /** CBOW averages (true) or sums the context vectors. */
  cbowMean: boolean;
}

/**
 * The weights of a word2vec model: input vectors (`syn0`, the word vectors), output vectors of negative
 * sampling (`syn1neg`) and of hierarchical softmax (`syn1`, one row per inner node of the Huffman tree).
 *
 * @example
 * ```ts
 * const weights: Word2VecWeights = { input, outputNegative, outputHierarchical: undefined };
 * ```
 */
export interface Word2VecWeights {
  /** `words × vectorSize`, uniform in [-1/size, 1/size) at the start. */
  input: Float32Array;
  /** `words × vectorSize`, zero at the start; present when `negative > 0`. */
  outputNegative: Float32Array | undefined;
  /** `(words − 1) × vectorSize`, zero at the start; present with `hs`. */
  outputHierarchical: Float32Array | undefined;
}

/** gensim never updates on a dot product beyond ±6, where the sigmoid is saturated. */
const MAX_EXP = 6;
/** Trained word2vec weights stay within a few units; one beyond this means the learning rate is far too large. */
const MAX_WEIGHT = 1e4;

/**
 * One model's stochastic gradient descent: trains sentences (as vocabulary rows) at a given learning rate,
 * as gensim's `train_batch_sg` / `train_batch_cbow` do, updating the weights in place.
 *
 * @example
 * ```ts
 * const trainer = new Word2VecTrainer(vocabulary, tree, settings, weights, random);
 * trainer.trainSentence([0, 3, 1], 0.025);
 * ```
 */
export class Word2VecTrainer {
  private readonly work: Float64Array;
  private readonly hidden: Float64Array;
  private readonly size: number;
  private alpha = 0;
  /** The epoch being trained (1-based), for error messages. */
  epoch = 1;

  /**
   * A trainer over `weights` (updated in place), drawing from `random`.
   *
   * @example
   * ```ts
   * const trainer = new Word2VecTrainer(vocabulary, undefined, settings, weights, new SeededRandom(1));
   * ```
   */
  constructor(
    private readonly vocabulary: Vocabulary,
    private readonly tree: HuffmanTree | undefined,
    private readonly settings: TrainerSettings,
    private readonly weights: Word2VecWeights,
    readonly random: SeededRandom,
  ) {
    this.size = settings.vectorSize;
    this.work = new Float64Array(this.size);
    this.hidden = new Float64Array(this.size);
  }

  /**
   * Trains one sentence given as vocabulary rows (unknown and down-sampled words already removed).
   *
   * @example
   * ```ts
   * trainer.trainSentence(rows, 0.02);
   * ```
   */
  trainSentence(rows: readonly number[], alpha: number): void {
    this.alpha = alpha;
    if (this.settings.sg) this.skipGram(rows);
    else this.cbow(rows);
  }

  /**
   * A learning rate far too large rarely yields NaN: the first updates blow the output weights up, every later
   * dot product lies beyond ±6 and is skipped, and training stalls silently. So a weight beyond ±10,000 counts
   * as divergence too, reported with the epoch.
   *
   * @example
   * ```ts
   * trainer.checkWeights();
   * ```
   */
  checkWeights(): void {
    const { input, outputNegative, outputHierarchical } = this.weights;
    for (const matrix of [input, outputNegative, outputHierarchical]) {
      if (!matrix) continue;
      for (let i = 0; i < matrix.length; i++) {
        const value = matrix[i] as number;
        if (!(Math.abs(value) <= MAX_WEIGHT)) this.diverged(value);
      }
    }
  }

  /** Each context word's input vector learns to predict the centre word. */
  private skipGram(rows: readonly number[]): void {
    const { window } = this.settings;
    const size = this.size;
    const input = this.weights.input;
    const hidden = this.hidden;
    const work = this.work;
    for (let i = 0; i < rows.length; i++) {
      const shrink = this.random.nextUint32() % window;
      const from = Math.max(0, i - window + shrink);
      const to = Math.min(rows.length, i + window + 1 - shrink);
      for (let j = from; j < to; j++) {
        if (j === i) continue;
        const inputOffset = (rows[j] as number) * size;
        for (let k = 0; k < size; k++) {
          hidden[k] = input[inputOffset + k] as number;
          work[k] = 0;
        }
        this.predict(rows[i] as number);
        for (let k = 0; k < size; k++)
          input[inputOffset + k] = (input[inputOffset + k] as number) + (work[k] as number);
      }
    }
  }

  /** The mean (or sum) of the context vectors learns to predict the centre word; each context word takes the update. */
  private cbow(rows: readonly number[]): void {
    const { window, cbowMean } = this.settings;
    const size = this.size;
    const input = this.weights.input;
    for (let i = 0; i < rows.length; i++) {
      const shrink = this.random.nextUint32() % window;
      const from = Math.max(0, i - window + shrink);
      const to = Math.min(rows.length, i + window + 1 - shrink);
      this.hidden.fill(0);
      let count = 0;
      for (let j = from; j < to; j++) {
        if (j === i) continue;
        const offset = (rows[j] as number) * size;
        for (let k = 0; k < size; k++)
          this.hidden[k] = (this.hidden[k] as number) + (input[offset + k] as number);
        count++;
      }
      if (count === 0) continue;
      if (cbowMean) for (let k = 0; k < size; k++) this.hidden[k] = (this.hidden[k] as number) / count;
      this.work.fill(0);
      this.predict(rows[i] as number);
      // As gensim: the summed variant spreads the error over the context words, the mean variant does not.
      if (!cbowMean) for (let k = 0; k < size; k++) this.work[k] = (this.work[k] as number) / count;
      for (let j = from; j < to; j++) {
        if (j === i) continue;
        const offset = (rows[j] as number) * size;
        for (let k = 0; k < size; k++)
          input[offset + k] = (input[offset + k] as number) + (this.work[k] as number);
      }
    }
  }

  /** `hidden` learns to predict `target`: hierarchical softmax first, then negative sampling, as gensim. */
  private predict(target: number): void {
    const { outputHierarchical, outputNegative } = this.weights;
    if (outputHierarchical && this.tree) {
      const { offsets, codes, points } = this.tree;
      for (let step = offsets[target] as number; step < (offsets[target + 1] as number); step++) {
        // gensim's label for a branch is 1 − code.
        this.update(outputHierarchical, points[step] as number, 1 - (codes[step] as number));
      }
    }
    if (outputNegative) {
      const table = this.vocabulary.negativeTable;
      const tableTotal = table[table.length - 1] as number;
      this.update(outputNegative, target, 1);
      for (let d = 0; d < this.settings.negative; d++) {
        const row = lowerBound(table, this.random.nextUint32() % tableTotal);
        if (row === target) continue;
        this.update(outputNegative, row, 0);
      }
    }
  }

  /** One logistic step of `hidden` against output row `row` towards `label`; the input-side error goes to `work`. */
  private update(output: Float32Array, row: number, label: number): void {
    const size = this.size;
    const hidden = this.hidden;
    const work = this.work;
    const offset = row * size;
    let dot = 0;
    for (let k = 0; k < size; k++) dot += (hidden[k] as number) * (output[offset + k] as number);
    if (!Number.isFinite(dot)) this.diverged(dot);
    if (dot <= -MAX_EXP || dot >= MAX_EXP) return;
    const gradient = (label - 1 / (1 + Math.exp(-dot))) * this.alpha;
    for (let k = 0; k < size; k++) {
      const weight = output[offset + k] as number;
      work[k] = (work[k] as number) + gradient * weight;
      output[offset + k] = weight + gradient * (hidden[k] as number);
    }
  }

  private diverged(value: number): never {
    throw new RangeError(
      `training diverged in epoch ${this.epoch} (learning rate ${this.alpha}): a weight reached ${value}; lower alpha`,
    );
  }
}

/** First index whose value is ≥ `value` (Python's `bisect_left`). */
function lowerBound(table: Float64Array, value: number): number {
  let low = 0;
  let high = table.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((table[middle] as number) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
