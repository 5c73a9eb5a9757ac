import { KeyedVectors } from './keyed-vectors.js';
import { SeededRandom } from './random.js';
import { buildVocabulary, type Vocabulary } from './vocabulary.js';

/**
 * Parameters of {@link Word2Vec.train}, named and defaulted as gensim's `Word2Vec`.
 *
 * @example
 * ```ts
 * const options: Word2VecOptions = { sg: true, vectorSize: 50, window: 5, minCount: 2, epochs: 10, seed: 1 };
 * ```
 */
export interface Word2VecOptions {
  /** Dimension of the vectors (default 100); at most {@link MAX_VECTOR_SIZE}. */
  vectorSize?: number;
  /** Largest distance between the current and a context word (default 5); each position draws a window in 1..window. */
  window?: number;
  /** Words seen fewer times are ignored (default 5). */
  minCount?: number;
  /** Down-sampling threshold of frequent words (default 1e-3; 0 turns it off). */
  sample?: number;
  /** Skip-gram when true, CBOW when false (default false, as gensim's `sg=0`). */
  sg?: boolean;
  /** Negative samples per positive one (default 5), drawn from the unigram^0.75 distribution. */
  negative?: number;
  /** CBOW averages the context vectors when true (default), sums them when false (gensim's `cbow_mean`). */
  cbowMean?: boolean;
  /** Initial learning rate (default 0.025). */
  alpha?: number;
  /** Learning rate reached at the end, decaying linearly (default 0.0001). */
  minAlpha?: number;
  /** Passes over the corpus (default 5). */
  epochs?: number;
  /** Seed of the initial vectors, down-sampling, windows and negative samples (default 1, as gensim). */
  seed?: number;
  /** Called after each epoch. */
  onProgress?: (progress: Word2VecProgress) => void;
}

/**
 * What {@link Word2VecOptions.onProgress} receives after each epoch.
 *
 * @example
 * ```ts
 * Word2Vec.train(sentences, { onProgress: (p: Word2VecProgress) => console.log(p.epoch, p.alpha) });
 * ```
 */
export interface Word2VecProgress {
  /** Epochs done (1-based). */
  epoch: number;
  /** Total number of epochs. */
  epochs: number;
  /** Corpus tokens read so far, over all epochs. */
  tokensRead: number;
  /** Tokens actually trained on so far (known words kept by down-sampling). */
  tokensTrained: number;
  /** Learning rate at the end of the epoch. */
  alpha: number;
}

/**
 * Largest accepted {@link Word2VecOptions.vectorSize}: beyond it, a typo (10^6) would ask for gigabytes.
 *
 * @example
 * ```ts
 * Word2Vec.train(sentences, { vectorSize: MAX_VECTOR_SIZE + 1 }); // throws RangeError
 * ```
 */
export const MAX_VECTOR_SIZE = 10_000;

/** gensim never updates on a dot product beyond ±6, where the sigmoid is saturated. */
const MAX_EXP = 6;
/** Trained word2vec weights stay within a few units; one beyond this means the learning rate is far too large. */
const MAX_WEIGHT = 1e4;
/** gensim hands sentences to the trainer in pieces of at most 10,000 words. */
const MAX_WORDS_IN_BATCH = 10_000;

/**
 * A word2vec model trained here: skip-gram or CBOW with negative sampling, gensim's parameters and defaults,
 * single-threaded and deterministic for a given seed. `wv` holds the word vectors.
 *
 * @example
 * ```ts
 * import { Word2Vec } from '@tokenlab/vectors';
 * const model = Word2Vec.train([['the', 'cat', 'sat'], ['the', 'dog', 'sat']], { minCount: 1, seed: 1 });
 * model.wv.similarity('cat', 'dog');
 * ```
 */
export class Word2Vec {
  /** The trained word vectors (gensim's `wv`). */
  readonly wv: KeyedVectors;
  /** Corpus count of each word of `wv`, in row order. */
  readonly counts: readonly number[];
  /** The parameters used, defaults filled in. */
  readonly options: Readonly<Required<Omit<Word2VecOptions, 'onProgress'>>>;

  private constructor(
    wv: KeyedVectors,
    counts: readonly number[],
    options: Required<Omit<Word2VecOptions, 'onProgress'>>,
  ) {
    this.wv = wv;
    this.counts = counts;
    this.options = options;
  }

  /**
   * Trains on `sentences` (token arrays from any tokenizer). Errors, before anything is trained: an empty
   * corpus, a vocabulary empty after `minCount`, an out-of-range parameter; after each epoch: a weight that is
   * not finite or beyond ±10,000 (a learning rate far too large), reported with the epoch.
   *
   * @example
   * ```ts
   * const model = Word2Vec.train(sentences, { sg: true, vectorSize: 50, minCount: 2, seed: 7 });
   * model.wv.mostSimilar({ positive: ['king'], topn: 5 });
   * ```
   */
  static train(sentences: readonly (readonly string[])[], options: Word2VecOptions = {}): Word2Vec {
    const settings = checkOptions(options);
    const vocabulary = buildVocabulary(sentences, settings);
    const rows = vocabulary.words.length;
    if (rows * settings.vectorSize > 2 ** 28) {
      throw new RangeError(
        `${rows} words × ${settings.vectorSize} dimensions is more than 2^28 values per matrix; lower vectorSize or raise minCount`,
      );
    }
    const trainer = new Trainer(vocabulary, settings);
    trainer.run(sentences, options.onProgress);
    return new Word2Vec(
      new KeyedVectors(vocabulary.words, trainer.input, settings.vectorSize),
      vocabulary.counts,
      settings,
    );
  }
}

function checkOptions(options: Word2VecOptions): Required<Omit<Word2VecOptions, 'onProgress'>> {
  const settings = {
    vectorSize: options.vectorSize ?? 100,
    window: options.window ?? 5,
    minCount: options.minCount ?? 5,
    sample: options.sample ?? 1e-3,
    sg: options.sg ?? false,
    negative: options.negative ?? 5,
    cbowMean: options.cbowMean ?? true,
    alpha: options.alpha ?? 0.025,
    minAlpha: options.minAlpha ?? 0.0001,
    epochs: options.epochs ?? 5,
    seed: options.seed ?? 1,
  };
  const integer = (name: keyof typeof settings, min: number, max = Number.MAX_SAFE_INTEGER) => {
    const value = settings[name] as number;
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new RangeError(`${name} must be an integer in [${min}, ${max}], got ${value}`);
    }
  };
  integer('vectorSize', 1, MAX_VECTOR_SIZE);
  integer('window', 1);
  integer('minCount', 0);
  integer('negative', 1, 1000);
  integer('epochs', 1);
  for (const name of ['sample', 'alpha', 'minAlpha'] as const) {
    if (!Number.isFinite(settings[name]) || settings[name] < 0) {
      throw new RangeError(`${name} must be a finite number ≥ 0, got ${settings[name]}`);
    }
  }
  if (settings.alpha === 0) throw new RangeError('alpha must be greater than 0');
  if (!Number.isFinite(settings.seed))
    throw new RangeError(`seed must be a finite number, got ${settings.seed}`);
  return settings;
}

/** The training state: the two weight matrices, the random stream and the scratch vectors. */
class Trainer {
  /** Input vectors (gensim's `wv.vectors`, `syn0`), uniform in [-1/size, 1/size) at the start. */
  readonly input: Float32Array;
  /** Output vectors of negative sampling (gensim's `syn1neg`), zero at the start. */
  private readonly output: Float32Array;
  private readonly random: SeededRandom;
  private readonly work: Float64Array;
  private readonly hidden: Float64Array;
  private readonly size: number;
  private alpha: number;
  private epoch = 0;

  constructor(
    private readonly vocabulary: Vocabulary,
    private readonly settings: Required<Omit<Word2VecOptions, 'onProgress'>>,
  ) {
    this.size = settings.vectorSize;
    const values = vocabulary.words.length * this.size;
    this.input = new Float32Array(values);
    this.output = new Float32Array(values);
    this.random = new SeededRandom(settings.seed);
    for (let i = 0; i < values; i++) this.input[i] = (this.random.nextFloat() * 2 - 1) / this.size;
    this.work = new Float64Array(this.size);
    this.hidden = new Float64Array(this.size);
    this.alpha = settings.alpha;
  }

  run(sentences: readonly (readonly string[])[], onProgress: Word2VecOptions['onProgress']): void {
    const { epochs, alpha, minAlpha } = this.settings;
    const totalTokens = this.vocabulary.totalTokens * epochs;
    let tokensRead = 0;
    let tokensTrained = 0;
    const rows: number[] = [];
    for (this.epoch = 0; this.epoch < epochs; this.epoch++) {
      for (const sentence of sentences) {
        for (let start = 0; start < sentence.length; start += MAX_WORDS_IN_BATCH) {
          const end = Math.min(sentence.length, start + MAX_WORDS_IN_BATCH);
          this.alpha = alpha - (alpha - minAlpha) * (tokensRead / totalTokens);
          rows.length = 0;
          for (let i = start; i < end; i++) {
            const row = this.vocabulary.index.get(sentence[i] as string);
            if (row === undefined) continue;
            if ((this.vocabulary.keepThreshold[row] as number) < this.random.nextUint32()) continue;
            rows.push(row);
          }
          if (this.settings.sg) this.skipGram(rows);
          else this.cbow(rows);
          tokensRead += end - start;
          tokensTrained += rows.length;
        }
      }
      this.checkFinite();
      onProgress?.({ epoch: this.epoch + 1, epochs, tokensRead, tokensTrained, alpha: this.alpha });
    }
  }

  /** Each context word's input vector learns to predict the centre word. */
  private skipGram(rows: readonly number[]): void {
    const { window } = this.settings;
    const size = this.size;
    for (let i = 0; i < rows.length; i++) {
      const shrink = this.random.nextUint32() % window;
      const from = Math.max(0, i - window + shrink);
      const to = Math.min(rows.length, i + window + 1 - shrink);
      for (let j = from; j < to; j++) {
        if (j === i) continue;
        const inputOffset = (rows[j] as number) * size;
        for (let k = 0; k < size; k++) this.hidden[k] = this.input[inputOffset + k] as number;
        this.work.fill(0);
        this.negativeSampling(rows[i] as number);
        for (let k = 0; k < size; k++)
          this.input[inputOffset + k] = (this.input[inputOffset + k] as number) + (this.work[k] as number);
      }
    }
  }

  /** The mean (or sum) of the context vectors learns to predict the centre word; each context word takes the update. */
  private cbow(rows: readonly number[]): void {
    const { window, cbowMean } = this.settings;
    const size = this.size;
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
          this.hidden[k] = (this.hidden[k] as number) + (this.input[offset + k] as number);
        count++;
      }
      if (count === 0) continue;
      if (cbowMean) for (let k = 0; k < size; k++) this.hidden[k] = (this.hidden[k] as number) / count;
      this.work.fill(0);
      this.negativeSampling(rows[i] as number);
      // As gensim: the summed variant spreads the error over the context words, the mean variant does not.
      if (!cbowMean) for (let k = 0; k < size; k++) this.work[k] = (this.work[k] as number) / count;
      for (let j = from; j < to; j++) {
        if (j === i) continue;
        const offset = (rows[j] as number) * size;
        for (let k = 0; k < size; k++)
          this.input[offset + k] = (this.input[offset + k] as number) + (this.work[k] as number);
      }
    }
  }

  /**
   * One positive and `negative` sampled targets for `hidden`: updates their output vectors and adds the error
   * for the input side into `work`.
   */
  private negativeSampling(target: number): void {
    const size = this.size;
    const table = this.vocabulary.negativeTable;
    const tableTotal = table[table.length - 1] as number;
    for (let d = 0; d <= this.settings.negative; d++) {
      let row = target;
      let label = 1;
      if (d > 0) {
        row = lowerBound(table, this.random.nextUint32() % tableTotal);
        if (row === target) continue;
        label = 0;
      }
      const offset = row * size;
      let dot = 0;
      for (let k = 0; k < size; k++) dot += (this.hidden[k] as number) * (this.output[offset + k] as number);
      if (!Number.isFinite(dot)) this.diverged(dot);
      if (dot <= -MAX_EXP || dot >= MAX_EXP) continue;
      const gradient = (label - 1 / (1 + Math.exp(-dot))) * this.alpha;
      for (let k = 0; k < size; k++) {
        this.work[k] = (this.work[k] as number) + gradient * (this.output[offset + k] as number);
        this.output[offset + k] = (this.output[offset + k] as number) + gradient * (this.hidden[k] as number);
      }
    }
  }

  /**
   * A learning rate far too large rarely yields NaN: the first updates blow the output weights up, every later
   * dot product lies beyond ±6 and is skipped, and training stalls silently. So a weight beyond
   * `MAX_WEIGHT` counts as divergence too.
   */
  private checkFinite(): void {
    for (const matrix of [this.input, this.output]) {
      for (let i = 0; i < matrix.length; i++) {
        const value = matrix[i] as number;
        if (!(Math.abs(value) <= MAX_WEIGHT)) this.diverged(value);
      }
    }
  }

  private diverged(value: number): never {
    throw new RangeError(
      `training diverged in epoch ${this.epoch + 1} (learning rate ${this.alpha}): a weight reached ${value}; lower alpha`,
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
