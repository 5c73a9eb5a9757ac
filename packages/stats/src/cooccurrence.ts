import { MAX_PAIR_OCCURRENCES, pairOccurrences } from './pair-counts.js';
import { compareCodePoints } from './python-order.js';
import { CsrMatrix, type SparseRow } from './sparse.js';
import { countWindowPairs } from './window-counts.js';

/**
 * Options of {@link CooccurrenceMatrix}.
 *
 * @example
 * ```ts
 * const options: CooccurrenceOptions = { window: 2, harmonic: true, minCount: 1 };
 * const matrix = CooccurrenceMatrix.fromDocuments([['the', 'cat', 'drinks']], options);
 * matrix.count('the', 'drinks'); // 0.5: two words away, weighed 1/2
 * ```
 */
export interface CooccurrenceOptions {
  /** Contexts are the words at most this far from the word (default 2). */
  window?: number;
  /** Count contexts on both sides (default true); false counts only the words after. */
  symmetric?: boolean;
  /** Weigh a context at distance d by 1/d instead of 1 (as GloVe does; default false). */
  harmonic?: boolean;
  /** Leave out words seen fewer times than this, as words and as contexts (default 1). */
  minCount?: number;
}

/**
 * Options of {@link CooccurrenceMatrix.ppmi}.
 *
 * @example
 * ```ts
 * const options: PpmiOptions = { alpha: 0.75 };
 * matrix.pmi('cat', 'drinks');          // 0.1699... (the matrix of the CooccurrenceMatrix example)
 * matrix.pmi('cat', 'drinks', options); // 0.3379...
 * ```
 */
export interface PpmiOptions {
  /**
   * Context distribution smoothing: context probabilities from `count^alpha` (Levy, Goldberg &
   * Dagan 2015 use 0.75, which tempers PMI's bias towards rare contexts). Default 1: plain PMI.
   */
  alpha?: number;
  /** Subtract `log2(shift)` before clipping at 0 (shifted PPMI; default 1 = no shift). */
  shift?: number;
}

/**
 * The cosine of two sparse rows (column indices ascending): `a·b / (|a| |b|)`, 0 if either is zero.
 *
 * @example
 * ```ts
 * const a = { indices: Int32Array.of(0, 2), data: Float64Array.of(1, 1) };
 * const b = { indices: Int32Array.of(2), data: Float64Array.of(3) };
 * cosineSimilarity(a, b); // 0.7071...
 * ```
 */
export function cosineSimilarity(a: SparseRow, b: SparseRow): number {
  const normA = norm(a);
  const normB = norm(b);
  if (normA === 0 || normB === 0) return 0;
  return dot(a, b) / (normA * normB);
}

function norm(row: SparseRow): number {
  let sum = 0;
  for (const value of row.data) sum += value * value;
  return Math.sqrt(sum);
}

function dot(a: SparseRow, b: SparseRow): number {
  let i = 0;
  let j = 0;
  let sum = 0;
  while (i < a.indices.length && j < b.indices.length) {
    const x = a.indices[i]!;
    const y = b.indices[j]!;
    if (x === y) sum += a.data[i++]! * b.data[j++]!;
    else if (x < y) i++;
    else j++;
  }
  return sum;
}

/**
 * Refuse a window whose pairs over `ids` (documents separated by -2) are more than
 * `MAX_PAIR_OCCURRENCES` to visit: the work follows the window as much as the text (a window of 10^9
 * over one long document is quadratic in it).
 */
function checkWindowWork(ids: Int32Array, window: number): void {
  let work = 0;
  let words = 0;
  let start = 0;
  for (let i = 0; i <= ids.length; i++) {
    if (i < ids.length && ids[i] !== -2) continue;
    work += pairOccurrences(i - start, window);
    words += i - start;
    start = i + 1;
  }
  if (work > MAX_PAIR_OCCURRENCES)
    throw new RangeError(
      `a window of ${window} over ${words} words means ${work.toExponential(2)} word pairs to visit, ` +
        `more than the ${MAX_PAIR_OCCURRENCES.toExponential(0)} allowed; use a smaller window or less text`,
    );
}

/**
 * A word × context co-occurrence matrix counted in a sliding window, with PMI and positive PMI
 * weighting and cosine nearest neighbours: the count-based distributional similarity of the
 * textbooks (Jurafsky & Martin ch. 6, Levy & Goldberg). Rows and columns share one vocabulary,
 * sorted by code point.
 *
 * @example
 * ```ts
 * const sentences = ['the cat drinks milk', 'the dog drinks water', 'the cat eats fish'];
 * const matrix = CooccurrenceMatrix.fromDocuments(sentences.map((s) => s.split(' ')), { window: 1 });
 * matrix.count('cat', 'drinks');       // 1
 * matrix.nearestNeighbours('cat', 1);  // [['dog', 0.6959...]]: both sit between 'the' and a verb
 * ```
 */
export class CooccurrenceMatrix {
  /** Words in code point order: row/column `i` is `vocabulary[i]`. */
  readonly vocabulary: string[];
  /** Word → row/column. */
  readonly ids: Map<string, number>;
  /** The raw (possibly 1/d-weighted) co-occurrence counts. */
  readonly counts: CsrMatrix;
  private ppmiCache: { key: string; matrix: CsrMatrix; norms: Float64Array } | undefined;

  private constructor(vocabulary: string[], counts: CsrMatrix) {
    this.vocabulary = vocabulary;
    this.ids = new Map(vocabulary.map((word, id) => [word, id]));
    this.counts = counts;
  }

  /** Count co-occurrences in a word sequence; `null` entries separate documents. */
  static fromWords(
    words: Iterable<string | null | undefined>,
    options: CooccurrenceOptions = {},
  ): CooccurrenceMatrix {
    const window = options.window ?? 2;
    if (!Number.isInteger(window) || window < 1)
      throw new RangeError(`window must be an integer >= 1, got ${window}`);
    const symmetric = options.symmetric ?? true;
    const harmonic = options.harmonic ?? false;
    const minCount = options.minCount ?? 1;
    const list = [...words];
    const frequency = new Map<string, number>();
    for (const word of list)
      if (word !== null && word !== undefined) frequency.set(word, (frequency.get(word) ?? 0) + 1);
    const vocabulary = [...frequency.keys()]
      .filter((word) => frequency.get(word)! >= minCount)
      .sort(compareCodePoints);
    const idOf = new Map(vocabulary.map((word, id) => [word, id]));
    // Words below minCount become gaps (not separators), so distances stay as in the text.
    const ids = Int32Array.from(list, (word) =>
      word === null || word === undefined ? -2 : (idOf.get(word) ?? -1),
    );
    checkWindowWork(ids, window);
    const counts = countWindowPairs(ids, window, symmetric, harmonic, vocabulary.length);
    return new CooccurrenceMatrix(vocabulary, counts);
  }

  /** Count co-occurrences within each document (windows never cross documents). */
  static fromDocuments(
    documents: Iterable<Iterable<string>>,
    options: CooccurrenceOptions = {},
  ): CooccurrenceMatrix {
    function* joined() {
      for (const document of documents) {
        yield* document;
        yield null;
      }
    }
    return CooccurrenceMatrix.fromWords(joined(), options);
  }

  /** The co-occurrence count of `word` with `context` (0 if either is unknown). */
  count(word: string, context: string): number {
    const i = this.ids.get(word);
    const j = this.ids.get(context);
    return i === undefined || j === undefined ? 0 : this.counts.get(i, j);
  }

  /**
   * `log2(P(w, c) / (P(w) P_α(c)))` from the counts (−Infinity when they never co-occur; undefined
   * for unknown words).
   */
  pmi(word: string, context: string, options: PpmiOptions = {}): number | undefined {
    const i = this.ids.get(word);
    const j = this.ids.get(context);
    if (i === undefined || j === undefined) return undefined;
    const { rowSums, contextProbability, total } = this.marginals(options.alpha ?? 1);
    const joint = this.counts.get(i, j);
    if (joint === 0) return Number.NEGATIVE_INFINITY;
    return Math.log2(joint / total / ((rowSums[i]! / total) * contextProbability[j]!));
  }

  private marginals(alpha: number) {
    const size = this.vocabulary.length;
    const rowSums = new Float64Array(size);
    const columnSums = new Float64Array(size);
    let total = 0;
    for (let row = 0; row < size; row++) {
      for (let k = this.counts.indptr[row]!; k < this.counts.indptr[row + 1]!; k++) {
        const value = this.counts.data[k]!;
        rowSums[row]! += value;
        columnSums[this.counts.indices[k]!]! += value;
        total += value;
      }
    }
    let smoothed = 0;
    for (const sum of columnSums) smoothed += sum ** alpha;
    const contextProbability = columnSums.map((sum) => (sum === 0 ? 0 : sum ** alpha / smoothed));
    return { rowSums, contextProbability, total };
  }

  /** The positive PMI matrix `max(0, PMI − log2 shift)`, same shape, zeros not stored. */
  ppmi(options: PpmiOptions = {}): CsrMatrix {
    return this.ppmiWithNorms(options).matrix;
  }

  private ppmiWithNorms(options: PpmiOptions) {
    const alpha = options.alpha ?? 1;
    const shift = options.shift ?? 1;
    const key = `${alpha}/${shift}`;
    if (this.ppmiCache?.key === key) return this.ppmiCache;
    const { rowSums, contextProbability, total } = this.marginals(alpha);
    const size = this.vocabulary.length;
    const indptr = new Int32Array(size + 1);
    const indices: number[] = [];
    const data: number[] = [];
    const norms = new Float64Array(size);
    const offset = Math.log2(shift);
    for (let row = 0; row < size; row++) {
      for (let k = this.counts.indptr[row]!; k < this.counts.indptr[row + 1]!; k++) {
        const column = this.counts.indices[k]!;
        const value =
          Math.log2(this.counts.data[k]! / total / ((rowSums[row]! / total) * contextProbability[column]!)) -
          offset;
        if (value > 0) {
          indices.push(column);
          data.push(value);
          norms[row]! += value * value;
        }
      }
      indptr[row + 1] = indices.length;
      norms[row] = Math.sqrt(norms[row]!);
    }
    const matrix = new CsrMatrix(indptr, Int32Array.from(indices), Float64Array.from(data), [size, size]);
    this.ppmiCache = { key, matrix, norms };
    return this.ppmiCache;
  }

  /** The cosine of two words' PPMI rows (undefined for an unknown word). */
  similarity(a: string, b: string, options: PpmiOptions = {}): number | undefined {
    const i = this.ids.get(a);
    const j = this.ids.get(b);
    if (i === undefined || j === undefined) return undefined;
    const { matrix } = this.ppmiWithNorms(options);
    return cosineSimilarity(matrix.getRow(i), matrix.getRow(j));
  }

  /** The `k` words whose PPMI rows are closest (cosine) to `word`'s, best first, ties by word. */
  nearestNeighbours(word: string, k = 10, options: PpmiOptions = {}): [string, number][] {
    const id = this.ids.get(word);
    if (id === undefined) throw new Error(`'${word}' is not in the vocabulary (or below minCount)`);
    const { matrix, norms } = this.ppmiWithNorms(options);
    const row = matrix.getRow(id);
    if (norms[id] === 0) return [];
    const scores: [string, number][] = [];
    for (let other = 0; other < this.vocabulary.length; other++) {
      if (other === id || norms[other] === 0) continue;
      const score = dot(row, matrix.getRow(other)) / (norms[id]! * norms[other]!);
      if (score > 0) scores.push([this.vocabulary[other]!, score]);
    }
    scores.sort((a, b) => b[1] - a[1] || compareCodePoints(a[0], b[0]));
    return scores.slice(0, k);
  }
}
