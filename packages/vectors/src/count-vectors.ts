import { optionNames, requireOptionNames } from '@tokenlab/core';
import { KeyedVectors } from './keyed-vectors.js';
import { OptionError, requireOptionsObject, shownValue } from './option-error.js';
import { type SparseRows, truncatedSvd } from './truncated-svd.js';

/**
 * Options of {@link countVectors}.
 *
 * @example
 * ```ts
 * const options: CountVectorsOptions = { window: 2, minCount: 5, alpha: 0.75, dimensions: 100 };
 * ```
 */
export interface CountVectorsOptions {
  /** Contexts are the words at most this far away, within a sentence (default 2, as `CooccurrenceMatrix`). */
  window?: number;
  /** Count contexts on both sides (default true); false counts only the words after. */
  symmetric?: boolean;
  /** Weigh a context at distance d by 1/d instead of 1 (default false). */
  harmonic?: boolean;
  /** Leave out words seen fewer times, as words and as contexts; distances stay as in the text (default 1). */
  minCount?: number;
  /** Context distribution smoothing: context probabilities from `count^alpha` (default 1; 0.75 often helps). */
  alpha?: number;
  /** Subtract `log2(shift)` before clipping at 0 (shifted PPMI; default 1, no shift). */
  shift?: number;
  /**
   * Reduce the PPMI rows to this many dimensions by truncated SVD (`U Σ^p`); unset: the PPMI rows
   * themselves, one dimension per word (allowed up to {@link MAX_DENSE_PPMI_WORDS} words).
   */
  dimensions?: number;
  /** The power `p` of the singular values in `U Σ^p` (default 0.5, as Levy, Goldberg & Dagan suggest). */
  eigenvaluePower?: number;
  /** Power iterations of the SVD (default 8). */
  iterations?: number;
  /** Seed of the SVD's random start (default 1). */
  seed?: number;
}

/** Every option of {@link CountVectorsOptions}, for the check of unknown names. */
const COUNT_VECTORS_OPTIONS = optionNames<CountVectorsOptions>()([
  'window',
  'symmetric',
  'harmonic',
  'minCount',
  'alpha',
  'shift',
  'dimensions',
  'eigenvaluePower',
  'iterations',
  'seed',
]);

/**
 * Largest vocabulary for PPMI rows kept whole (`words × words` float32 values: 64 MB at this size); beyond it,
 * ask for `dimensions`.
 *
 * @example
 * ```ts
 * countVectors(sentences, { minCount: 1 }); // throws when more than MAX_DENSE_PPMI_WORDS words remain
 * ```
 */
export const MAX_DENSE_PPMI_WORDS = 4096;

/** The most word pairs {@link countVectors}' window may visit: the work follows the window as much as the text. */
const MAX_WINDOW_VISITS = 1e9;

/**
 * Count-based word vectors behind the {@link KeyedVectors} interface: positive pointwise mutual information
 * of words and their window contexts (`max(0, log2(P(w,c) / (P(w) P_α(c))) − log2 shift)`, the definition of
 * `CooccurrenceMatrix.ppmi` in `@tokenlab/stats`), optionally reduced by truncated SVD. Words are ordered by
 * descending count (ties by first appearance), like a trained model, so `restrictVocab` works the same.
 * The SVD is a randomized power iteration over the sparse PPMI matrix: fine for some thousands of words and
 * a few hundred dimensions, slow beyond (see {@link truncatedSvd}).
 *
 * @example
 * ```ts
 * const kv = countVectors(sentences, { window: 2, minCount: 2, dimensions: 50 });
 * kv.mostSimilar({ positive: ['king'], topn: 5 });
 * ```
 */
export function countVectors(
  sentences: Iterable<readonly string[]>,
  options: CountVectorsOptions = {},
): KeyedVectors {
  requireOptionsObject(options, 'countVectors', '{ window: 2, dimensions: 100 }');
  requireOptionNames(options, COUNT_VECTORS_OPTIONS, 'countVectors');
  const window = options.window ?? 2;
  const symmetric = options.symmetric ?? true;
  const harmonic = options.harmonic ?? false;
  const minCount = options.minCount ?? 1;
  const alpha = options.alpha ?? 1;
  const shift = options.shift ?? 1;
  if (!Number.isInteger(window) || window < 1)
    throw new OptionError('window', `window must be an integer ≥ 1, got ${shownValue(window)}`);
  if (!Number.isInteger(minCount) || minCount < 1)
    throw new OptionError('minCount', `minCount must be an integer ≥ 1, got ${shownValue(minCount)}`);
  if (typeof alpha !== 'number' || !(alpha > 0 && alpha <= 1))
    throw new OptionError('alpha', `alpha must be in (0, 1], got ${shownValue(alpha)}`);
  if (!(shift >= 1 && Number.isFinite(shift)))
    throw new OptionError('shift', `shift must be a finite number ≥ 1, got ${shownValue(shift)}`);

  const corpus = [...sentences];
  const frequency = new Map<string, number>();
  let tokens = 0;
  for (const sentence of corpus) {
    for (const word of sentence) frequency.set(word, (frequency.get(word) ?? 0) + 1);
    tokens += sentence.length;
  }
  if (tokens === 0) throw new Error('empty corpus: no tokens to count');
  const words = [...frequency].filter(([, count]) => count >= minCount).sort((a, b) => b[1] - a[1]);
  if (words.length === 0)
    throw new Error(
      `vocabulary empty after minCount ${minCount}: the corpus has ${frequency.size} distinct words`,
    );
  const size = words.length;
  if (options.dimensions === undefined && size > MAX_DENSE_PPMI_WORDS) {
    throw new RangeError(
      `${size} words would need ${size} × ${size} PPMI values; ask for dimensions (SVD) or raise minCount`,
    );
  }
  const index = new Map(words.map(([word], row) => [word, row]));
  // The pairs the window visits: each word's next min(window, rest of its sentence) words.
  let visits = 0;
  for (const sentence of corpus) {
    const reach = Math.min(window, Math.max(0, sentence.length - 1));
    visits += sentence.length * reach - (reach * (reach + 1)) / 2;
  }
  if (visits > MAX_WINDOW_VISITS)
    throw new OptionError(
      'window',
      `window ${window} means ${visits.toExponential(2)} word pairs to visit in these sentences, more than ` +
        `the ${MAX_WINDOW_VISITS.toExponential(0)} allowed; use a smaller window or shorter sentences`,
    );

  // Co-occurrence counts, one map of context → weight per word.
  const pairs: Map<number, number>[] = Array.from({ length: size }, () => new Map());
  const add = (word: number, context: number, weight: number) => {
    const row = pairs[word] as Map<number, number>;
    row.set(context, (row.get(context) ?? 0) + weight);
  };
  for (const sentence of corpus) {
    const ids = sentence.map((word) => index.get(word) ?? -1);
    for (let i = 0; i < ids.length; i++) {
      const word = ids[i] as number;
      if (word < 0) continue;
      for (let d = 1; d <= window && i + d < ids.length; d++) {
        const context = ids[i + d] as number;
        if (context < 0) continue;
        const weight = harmonic ? 1 / d : 1;
        add(word, context, weight);
        if (symmetric) add(context, word, weight);
      }
    }
  }
  const ppmi = positivePmi(pairs, size, alpha, shift);
  const wordList = words.map(([word]) => word);
  if (options.dimensions === undefined) {
    const dense = new Float32Array(size * size);
    for (let r = 0; r < size; r++)
      for (let p = ppmi.indptr[r] as number; p < (ppmi.indptr[r + 1] as number); p++)
        dense[r * size + (ppmi.indices[p] as number)] = ppmi.data[p] as number;
    return new KeyedVectors(wordList, dense, size);
  }
  const power = options.eigenvaluePower ?? 0.5;
  if (!Number.isFinite(power))
    throw new OptionError(
      'eigenvaluePower',
      `eigenvaluePower must be a finite number, got ${shownValue(power)}`,
    );
  const k = options.dimensions;
  const { values, vectors } = truncatedSvd(ppmi, k, { iterations: options.iterations, seed: options.seed });
  const out = new Float32Array(size * k);
  for (let r = 0; r < size; r++)
    for (let j = 0; j < k; j++)
      out[r * k + j] = (vectors[r * k + j] as number) * (values[j] as number) ** power;
  return new KeyedVectors(wordList, out, k);
}

function positivePmi(pairs: Map<number, number>[], size: number, alpha: number, shift: number): SparseRows {
  const rowSums = new Float64Array(size);
  const columnSums = new Float64Array(size);
  let total = 0;
  pairs.forEach((row, r) => {
    for (const [c, value] of row) {
      rowSums[r] = (rowSums[r] as number) + value;
      columnSums[c] = (columnSums[c] as number) + value;
      total += value;
    }
  });
  let smoothed = 0;
  for (const sum of columnSums) smoothed += sum ** alpha;
  const offset = Math.log2(shift);
  const indptr = new Int32Array(size + 1);
  const indices: number[] = [];
  const data: number[] = [];
  pairs.forEach((row, r) => {
    for (const c of [...row.keys()].sort((a, b) => a - b)) {
      const contextProbability = (columnSums[c] as number) ** alpha / smoothed;
      const value =
        Math.log2((row.get(c) as number) / total / (((rowSums[r] as number) / total) * contextProbability)) -
        offset;
      if (value > 0) {
        indices.push(c);
        data.push(value);
      }
    }
    indptr[r + 1] = indices.length;
  });
  return {
    rows: size,
    columns: size,
    indptr,
    indices: Int32Array.from(indices),
    data: Float64Array.from(data),
  };
}
