import type { HuffmanTree } from './huffman-tree.js';
import type { TrainingMemory, Word2VecKernels } from './kernels/word2vec-kernels.js';
import type { NegativeSampler } from './negative-sampler.js';
import type { SeededRandom } from './random.js';

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

/**
 * Where the weights and the per-thread scratch vectors lie in a training memory (byte offsets; −1 for
 * a matrix the settings do not use).
 *
 * @example
 * ```ts
 * const { layout } = trainingLayout(14_787, settings, 1);
 * layout.outputNegative; // byte offset of syn1neg
 * ```
 */
export interface TrainingLayout {
  /** Dimension of the vectors. */
  vectorSize: number;
  /** Start of `syn0`. */
  input: number;
  /** Start of `syn1neg`, or −1. */
  outputNegative: number;
  /** Start of `syn1`, or −1. */
  outputHierarchical: number;
  /**
   * Start of the threads' scratch space: thread t owns `scratchStride` bytes from `scratch + t · scratchStride`:
   * the hidden vector, the error vector, the output rows to predict (`pairCapacity` pairs of int32: byte
   * offset, label), the context rows (`contextCapacity` int32 byte offsets), the parameter block of the
   * WebAssembly sentence loops, a sentence's rows (10,000 int32) and the table of σ.
   */
  scratch: number;
  /** Bytes of scratch space per thread. */
  scratchStride: number;
  /** Output rows one prediction may need: the target and the negative samples, or the Huffman path, or both. */
  pairCapacity: number;
  /** Context words one CBOW prediction may sum. */
  contextCapacity: number;
  /** Threads the scratch space has room for. */
  threads: number;
  /** Start of the negative sampler's cumulative table (int32 per word), or −1. */
  negativeTable: number;
  /** Start of the negative sampler's bucket starts (int32 each), or −1. */
  negativeStarts: number;
  /** Start of the Huffman tree's path offsets (int32 per word, plus the total), or −1. */
  treeOffsets: number;
  /** Start of the Huffman paths' inner nodes (int32 per step), or −1. */
  treePoints: number;
  /** Start of the Huffman paths' codes (int32 per step), or −1. */
  treeCodes: number;
}

/**
 * What training reads besides the weights: the down-sampling thresholds, the negative sampler, the tree.
 *
 * @example
 * ```ts
 * const tables: TrainingTables = { keepThreshold: vocabulary.keepThreshold, sampler, tree: undefined };
 * ```
 */
export interface TrainingTables {
  /** A word is kept when a random integer in [0, 2^32) is at most its threshold. */
  keepThreshold: Float64Array;
  /** Draws negative words (with `negative > 0`). */
  sampler: NegativeSampler | undefined;
  /** The Huffman tree's paths (with `hs`). */
  tree: Pick<HuffmanTree, 'offsets' | 'codes' | 'points'> | undefined;
}

/** Trained word2vec weights stay within a few units; one beyond this means the learning rate is far too large. */
const MAX_WEIGHT = 1e4;

/**
 * The bytes a training memory needs for `rows` words: the weight matrices the settings use, the negative
 * sampler's tables (`samplerStarts` buckets) and the Huffman tree's (`treeSteps` steps in all paths),
 * then each thread's scratch space.
 *
 * @example
 * ```ts
 * const { bytes, layout } = trainingLayout(14_787, settings, 1);
 * ```
 */
export function trainingLayout(
  rows: number,
  settings: Pick<TrainerSettings, 'vectorSize' | 'hs' | 'negative' | 'window'>,
  threads: number,
  samplerStarts = 0,
  treeSteps = 0,
): { bytes: number; layout: TrainingLayout } {
  const size = settings.vectorSize;
  const matrix = rows * size * 4;
  let next = matrix;
  const outputNegative = settings.negative > 0 ? next : -1;
  if (settings.negative > 0) next += matrix;
  const outputHierarchical = settings.hs ? next : -1;
  if (settings.hs) next += Math.max(0, rows - 1) * size * 4;
  const sampled = settings.negative > 0 && samplerStarts > 0;
  const negativeTable = sampled ? next : -1;
  if (sampled) next += rows * 4;
  const negativeStarts = sampled ? next : -1;
  if (sampled) next += samplerStarts * 4;
  const tree = settings.hs && treeSteps > 0;
  const treeOffsets = tree ? next : -1;
  if (tree) next += (rows + 1) * 4;
  const treePoints = tree ? next : -1;
  if (tree) next += treeSteps * 4;
  const treeCodes = tree ? next : -1;
  if (tree) next += treeSteps * 4;
  const scratch = align16(next);
  const pairCapacity = 1 + settings.negative + (settings.hs ? MAX_CODE_LENGTH : 0);
  const contextCapacity = Math.min(2 * settings.window, 2 * MAX_SENTENCE_ROWS);
  const scratchStride = align16(
    2 * size * 4 +
      pairCapacity * 8 +
      contextCapacity * 4 +
      BLOCK_BYTES +
      MAX_SENTENCE_ROWS * 4 +
      16 + // the σ table starts at the next multiple of 16
      SIGMOID_TABLE_BYTES,
  );
  return {
    bytes: scratch + threads * scratchStride,
    layout: {
      vectorSize: size,
      input: 0,
      outputNegative,
      outputHierarchical,
      scratch,
      scratchStride,
      pairCapacity,
      contextCapacity,
      threads,
      negativeTable,
      negativeStarts,
      treeOffsets,
      treePoints,
      treeCodes,
    },
  };
}

/** Steps of the longest path of a tree whose paths start at `offsets` (the total last). */
function longestPath(offsets: Uint32Array): number {
  let longest = 0;
  for (let w = 0; w + 1 < offsets.length; w++)
    longest = Math.max(longest, (offsets[w + 1] as number) - (offsets[w] as number));
  return longest;
}

function align16(bytes: number): number {
  return Math.ceil(bytes / 16) * 16;
}

/**
 * Longest Huffman path: a word at depth d has a count at most the corpus's over the Fibonacci number
 * F(d + 2), so below 2^53 tokens no path is longer than 76.
 */
const MAX_CODE_LENGTH = 80;
/** Longest sentence piece trained at once (gensim's 10,000 words). */
export const MAX_SENTENCE_ROWS = 10_000;

/**
 * A thread's parameter block for the WebAssembly sentence loops: int32 fields at these byte offsets
 * (word2vec-kernels.wat reads them).
 */
const BLOCK = {
  random: 0,
  divergedDot: 4,
  window: 8,
  negative: 12,
  input: 16,
  outputNegative: 20,
  stride: 24,
  size: 28,
  hidden: 32,
  work: 36,
  pairs: 40,
  contexts: 44,
  negativeTable: 48,
  negativeStarts: 52,
  shift: 56,
  total: 60,
  cbowMean: 64,
  rows: 68,
  treeOffsets: 72,
  treePoints: 76,
  treeCodes: 80,
  outputHierarchical: 84,
} as const;
const BLOCK_BYTES = 96;
/** The WebAssembly kernels' table of σ (8,193 f64), one per thread. */
const SIGMOID_TABLE_BYTES = 8193 * 8;

/**
 * One thread's stochastic gradient descent: trains sentences (as vocabulary rows) at a given learning
 * rate, as gensim's `train_batch_sg` / `train_batch_cbow` do, updating the weights of a training memory
 * in place through its kernels.
 *
 * @example
 * ```ts
 * const trainer = new Word2VecTrainer(memory, layout, settings, tables, random, 0);
 * trainer.trainRows(Int32Array.of(0, 3, 1), 3, 0.025);
 * ```
 */
export class Word2VecTrainer {
  private readonly kernels: Word2VecKernels;
  private readonly size: number;
  private readonly stride: number;
  private readonly hidden: number;
  private readonly work: number;
  private readonly pairs: number;
  private readonly contexts: number;
  private readonly workValues: Float32Array;
  /** Int32 view of the whole memory, for the lists of pairs and contexts. */
  private readonly integers: Int32Array;
  /** The parameter block of the WebAssembly sentence loops, or −1 when they are not used. */
  private readonly block: number;
  /**
   * Where to put a sentence's rows before {@link Word2VecTrainer.trainRows}: in the training memory, so
   * that the WebAssembly loops read them without a copy.
   */
  readonly rowBuffer: Int32Array;
  private alpha = 0;
  /** The epoch being trained (1-based), for error messages. */
  epoch = 1;

  /**
   * A trainer over the weights in `memory` (updated in place) at `layout`, drawing from `random`, using the
   * scratch vectors of `thread`.
   *
   * @example
   * ```ts
   * const trainer = new Word2VecTrainer(memory, layout, settings, tables, new SeededRandom(1), 0);
   * ```
   */
  constructor(
    private readonly memory: TrainingMemory,
    private readonly layout: TrainingLayout,
    private readonly settings: TrainerSettings,
    private readonly tables: TrainingTables,
    readonly random: SeededRandom,
    thread: number,
  ) {
    this.kernels = memory.kernels;
    this.size = settings.vectorSize;
    this.stride = this.size * 4;
    if (!(thread >= 0 && thread < layout.threads))
      throw new RangeError(`thread ${thread} has no scratch space (${layout.threads} threads)`);
    this.hidden = layout.scratch + thread * layout.scratchStride;
    this.work = this.hidden + this.stride;
    this.pairs = this.work + this.stride;
    this.contexts = this.pairs + layout.pairCapacity * 8;
    this.workValues = new Float32Array(memory.buffer, this.work, this.size);
    this.integers = new Int32Array(memory.buffer);
    const block = this.contexts + layout.contextCapacity * 4;
    this.rowBuffer = new Int32Array(memory.buffer, block + BLOCK_BYTES, MAX_SENTENCE_ROWS);
    this.kernels.useSigmoidTable?.(align16(this.rowBuffer.byteOffset + MAX_SENTENCE_ROWS * 4));
    const { sampler, tree } = tables;
    // The WebAssembly loops read the sampler's and the tree's tables in the training memory, and list a
    // Huffman path in the scratch space only if it fits (longer ones are refused by the JavaScript loop).
    const sentenceLoops =
      this.kernels.cbowSentence !== undefined &&
      (sampler === undefined || layout.negativeTable >= 0) &&
      (tree === undefined || (layout.treeOffsets >= 0 && longestPath(tree.offsets) <= MAX_CODE_LENGTH));
    this.block = sentenceLoops ? block : -1;
    if (this.block >= 0) {
      const fields: [number, number][] = [
        [BLOCK.window, settings.window],
        [BLOCK.negative, sampler ? settings.negative : 0],
        [BLOCK.input, layout.input],
        [BLOCK.outputNegative, layout.outputNegative],
        [BLOCK.stride, this.stride],
        [BLOCK.size, this.size],
        [BLOCK.hidden, this.hidden],
        [BLOCK.work, this.work],
        [BLOCK.pairs, this.pairs],
        [BLOCK.contexts, this.contexts],
        [BLOCK.negativeTable, layout.negativeTable],
        [BLOCK.negativeStarts, layout.negativeStarts],
        [BLOCK.shift, sampler?.shift ?? 0],
        [BLOCK.total, sampler ? (sampler.table[sampler.table.length - 1] as number) : 1],
        [BLOCK.cbowMean, settings.cbowMean ? 1 : 0],
        [BLOCK.rows, this.rowBuffer.byteOffset],
        [BLOCK.treeOffsets, tree ? layout.treeOffsets : -1],
        [BLOCK.treePoints, layout.treePoints],
        [BLOCK.treeCodes, layout.treeCodes],
        [BLOCK.outputHierarchical, layout.outputHierarchical],
      ];
      for (const [offset, value] of fields) this.integers[(this.block + offset) >> 2] = value;
    }
  }

  /**
   * Keeps the words of `words[from, to)` that down-sampling keeps (one random draw each), writing them to
   * `rows`; returns how many.
   *
   * @example
   * ```ts
   * const kept = trainer.downsample(words, 0, words.length, rows);
   * ```
   */
  downsample(words: Int32Array, from: number, to: number, rows: Int32Array): number {
    const keep = this.tables.keepThreshold;
    const random = this.random;
    let kept = 0;
    for (let i = from; i < to; i++) {
      const row = words[i] as number;
      if ((keep[row] as number) < random.nextUint32()) continue;
      rows[kept++] = row;
    }
    return kept;
  }

  /**
   * Trains one sentence given as its first `length` vocabulary rows (unknown and down-sampled words
   * already removed).
   *
   * @example
   * ```ts
   * trainer.trainRows(rows, kept, 0.02);
   * ```
   */
  trainRows(rows: Int32Array, length: number, alpha: number): void {
    this.alpha = alpha;
    if (this.block >= 0) this.sentenceLoop(rows, length, alpha);
    else if (this.settings.sg) this.skipGram(rows, length);
    else this.cbow(rows, length);
  }

  /** The whole sentence in one WebAssembly call, the random state handed over and back. */
  private sentenceLoop(rows: Int32Array, length: number, alpha: number): void {
    if (rows !== this.rowBuffer) this.rowBuffer.set(rows.subarray(0, length));
    const integers = this.integers;
    const at = this.block >> 2;
    integers[at] = this.random.state | 0;
    const kernels = this.kernels as Required<Word2VecKernels>;
    const failed = this.settings.sg
      ? kernels.skipGramSentence(this.block, length, alpha)
      : kernels.cbowSentence(this.block, length, alpha);
    this.random.state = integers[at] as number;
    if (failed !== 0)
      this.diverged(new Float32Array(this.memory.buffer, this.block + BLOCK.divergedDot, 1)[0] as number);
  }

  /** Each context word's input vector learns to predict the centre word. */
  private skipGram(rows: Int32Array, length: number): void {
    const window = this.settings.window >>> 0;
    const stride = this.stride;
    const input = this.layout.input;
    const random = this.random;
    const errors = this.workValues;
    for (let i = 0; i < length; i++) {
      const shrink = random.nextUint32() % window; // both unsigned 32-bit: an integer remainder
      const from = Math.max(0, i - window + shrink);
      const to = Math.min(length, i + window + 1 - shrink);
      const target = rows[i] as number;
      for (let j = from; j < to; j++) {
        if (j === i) continue;
        const context = input + (rows[j] as number) * stride;
        errors.fill(0);
        this.predict(context, target);
        this.kernels.axpy(this.work, context, this.size, 1);
      }
    }
  }

  /** The mean (or sum) of the context vectors learns to predict the centre word; each context word takes the update. */
  private cbow(rows: Int32Array, length: number): void {
    const window = this.settings.window >>> 0;
    const cbowMean = this.settings.cbowMean;
    const size = this.size;
    const stride = this.stride;
    const input = this.layout.input;
    const kernels = this.kernels;
    const random = this.random;
    const integers = this.integers;
    const contexts = this.contexts;
    for (let i = 0; i < length; i++) {
      const shrink = random.nextUint32() % window; // both unsigned 32-bit: an integer remainder
      const from = Math.max(0, i - window + shrink);
      const to = Math.min(length, i + window + 1 - shrink);
      let count = 0;
      for (let j = from; j < to; j++) {
        if (j !== i) integers[(contexts >> 2) + count++] = input + (rows[j] as number) * stride;
      }
      if (count === 0) continue;
      kernels.gather(contexts, count, this.hidden, size);
      if (cbowMean && count > 1) kernels.scale(this.hidden, size, 1 / count);
      this.workValues.fill(0);
      this.predict(this.hidden, rows[i] as number);
      // As gensim: the summed variant spreads the error over the context words, the mean variant does not.
      kernels.scatter(this.work, contexts, count, size, cbowMean ? 1 : 1 / count);
    }
  }

  /**
   * The vector at `hidden` learns to predict `target`: hierarchical softmax first, then negative sampling,
   * as gensim. The negative words are drawn first (updates draw nothing, so the order of draws is gensim's).
   */
  private predict(hidden: number, target: number): void {
    const stride = this.stride;
    const integers = this.integers;
    let at = this.pairs >> 2;
    const tree = this.tables.tree;
    if (tree) {
      const { offsets, codes, points } = tree;
      const output = this.layout.outputHierarchical;
      const end = offsets[target + 1] as number;
      if (end - (offsets[target] as number) > MAX_CODE_LENGTH)
        throw new RangeError(`a Huffman path longer than ${MAX_CODE_LENGTH}`);
      for (let step = offsets[target] as number; step < end; step++) {
        integers[at++] = output + (points[step] as number) * stride;
        // gensim's label for a branch is 1 − code.
        integers[at++] = 1 - (codes[step] as number);
      }
    }
    const sampler = this.tables.sampler;
    if (sampler) {
      const output = this.layout.outputNegative;
      const random = this.random;
      integers[at++] = output + target * stride;
      integers[at++] = 1;
      for (let d = this.settings.negative; d > 0; d--) {
        const row = sampler.draw(random.nextUint32());
        if (row === target) continue;
        integers[at++] = output + row * stride;
        integers[at++] = 0;
      }
    }
    const count = (at - (this.pairs >> 2)) >> 1;
    const failed = this.kernels.predict(hidden, this.work, this.size, this.pairs, count, this.alpha);
    if (failed !== 0) {
      const row = integers[(this.pairs >> 2) + 2 * (failed - 1)] as number;
      this.diverged(this.kernels.dot(hidden, row, this.size));
    }
  }

  private diverged(value: number): never {
    throw divergence(this.epoch, this.alpha, value);
  }
}

/**
 * A learning rate far too large rarely yields NaN: the first updates blow the output weights up, every later
 * dot product lies beyond ±6 and is skipped, and training stalls silently. So a weight beyond ±10,000 counts
 * as divergence too, reported with the epoch and learning rate.
 *
 * @example
 * ```ts
 * checkWeights(model.state().weights, 1, 0.025); // throws RangeError if training diverged
 * ```
 */
export function checkWeights(weights: Word2VecWeights, epoch: number, alpha: number): void {
  const { input, outputNegative, outputHierarchical } = weights;
  for (const matrix of [input, outputNegative, outputHierarchical]) {
    if (!matrix) continue;
    for (let i = 0; i < matrix.length; i++) {
      const value = matrix[i] as number;
      if (!(Math.abs(value) <= MAX_WEIGHT)) throw divergence(epoch, alpha, value);
    }
  }
}

function divergence(epoch: number, alpha: number, value: number): RangeError {
  return new RangeError(
    `training diverged in epoch ${epoch} (learning rate ${alpha}): a weight reached ${value}; lower alpha`,
  );
}
