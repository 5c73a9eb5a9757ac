import { optionNames, requireOptionNames } from '@tokenlab/core';
import {
  type AnalogyEvaluation,
  type AnalogyEvaluationOptions,
  evaluateWordAnalogies,
} from './analogy-evaluation.js';
import { OptionError, shownValue } from './option-error.js';

/**
 * A word (or, in gensim's terms, a key) with its score in a {@link KeyedVectors} query.
 *
 * @example
 * ```ts
 * const [best]: ScoredWord[] = kv.mostSimilar({ positive: ['king'] });
 * console.log(best.word, best.score);
 * ```
 */
export interface ScoredWord {
  /** The word. */
  word: string;
  /** Its cosine (3CosAdd) or 3CosMul score; higher is closer. */
  score: number;
}

/**
 * Query of {@link KeyedVectors.mostSimilar} and {@link KeyedVectors.mostSimilarCosmul}.
 *
 * @example
 * ```ts
 * const query: MostSimilarQuery = { positive: ['king', 'woman'], negative: ['man'], topn: 1 };
 * kv.mostSimilar(query); // [{ word: 'queen', score: 0.71… }] on good vectors
 * ```
 */
export interface MostSimilarQuery {
  /** Words that contribute positively (gensim's `positive`; one word may be given as a string). */
  positive?: readonly string[] | string;
  /** Words that contribute negatively (gensim's `negative`; one word may be given as a string). */
  negative?: readonly string[] | string;
  /** How many words to return (default 10, as gensim). */
  topn?: number;
  /** Only the first `restrictVocab` rows (the most frequent words of a trained model) are candidates (gensim's `restrict_vocab`). */
  restrictVocab?: number;
}

/** Every field of {@link MostSimilarQuery}, for the check of unknown names (gensim's `restrict_vocab`). */
const MOST_SIMILAR_QUERY = optionNames<MostSimilarQuery>()(['positive', 'negative', 'topn', 'restrictVocab']);

/**
 * Word vectors held as one `Float32Array` (row `i` is the vector of `indexToKey[i]`), with the queries of
 * gensim's `KeyedVectors`: cosine similarity, 3CosAdd and 3CosMul analogies, odd-one-out.
 *
 * @example
 * ```ts
 * const kv = new KeyedVectors(['a', 'b'], new Float32Array([1, 0, 0, 1]), 2);
 * kv.similarity('a', 'b'); // 0
 * kv.vector('a'); // Float32Array [1, 0]
 * ```
 */
export class KeyedVectors {
  /** The words, in row order. */
  readonly indexToKey: readonly string[];
  /** Row of each word. */
  readonly keyToIndex: ReadonlyMap<string, number>;
  /** `indexToKey.length × vectorSize` values, row-major. */
  readonly vectors: Float32Array;
  /** Dimension of every vector. */
  readonly vectorSize: number;
  private normCache: Float32Array | undefined;

  /**
   * Wraps `vectors` (not copied). Duplicate words are an error, as are a size mismatch and non-finite values.
   *
   * @example
   * ```ts
   * const kv = new KeyedVectors(['x'], new Float32Array([3, 4]), 2);
   * ```
   */
  constructor(words: readonly string[], vectors: Float32Array, vectorSize: number) {
    if (!Number.isInteger(vectorSize) || vectorSize < 1) {
      throw new RangeError(`vector size must be a positive integer, got ${shownValue(vectorSize)}`);
    }
    if (vectors.length !== words.length * vectorSize) {
      throw new RangeError(
        `${words.length} words × ${vectorSize} dimensions need ${words.length * vectorSize} values, got ${vectors.length}`,
      );
    }
    const keyToIndex = new Map<string, number>();
    words.forEach((word, index) => {
      if (keyToIndex.has(word))
        throw new Error(
          `duplicate word ${JSON.stringify(word)} at rows ${keyToIndex.get(word)} and ${index}`,
        );
      keyToIndex.set(word, index);
    });
    for (let i = 0; i < vectors.length; i++) {
      if (!Number.isFinite(vectors[i])) {
        throw new RangeError(
          `non-finite value ${vectors[i]} in the vector of ${JSON.stringify(words[Math.floor(i / vectorSize)])}`,
        );
      }
    }
    this.indexToKey = [...words];
    this.keyToIndex = keyToIndex;
    this.vectors = vectors;
    this.vectorSize = vectorSize;
  }

  /**
   * Number of words.
   *
   * @example
   * ```ts
   * kv.size; // 2
   * ```
   */
  get size(): number {
    return this.indexToKey.length;
  }

  /**
   * Whether `word` has a vector.
   *
   * @example
   * ```ts
   * kv.has('a'); // true
   * ```
   */
  has(word: string): boolean {
    return this.keyToIndex.has(word);
  }

  /**
   * Row of `word`; an unknown word is an error naming it.
   *
   * @example
   * ```ts
   * kv.index('b'); // 1
   * ```
   */
  index(word: string): number {
    const index = this.keyToIndex.get(word);
    if (index === undefined) throw new Error(`word ${JSON.stringify(word)} not in vocabulary`);
    return index;
  }

  /**
   * The vector of `word` (a view into the storage, not a copy; `norm` gives a unit-length copy as gensim's
   * `get_vector(word, norm=True)`).
   *
   * @example
   * ```ts
   * kv.vector('x'); // Float32Array [3, 4]
   * kv.vector('x', true); // Float32Array [0.6, 0.8]
   * ```
   */
  vector(word: string, norm = false): Float32Array {
    const index = this.index(word);
    if (norm) return this.normed().slice(index * this.vectorSize, (index + 1) * this.vectorSize);
    return this.vectors.subarray(index * this.vectorSize, (index + 1) * this.vectorSize);
  }

  /**
   * Cosine similarity of two words.
   *
   * @example
   * ```ts
   * kv.similarity('a', 'a'); // 1
   * ```
   */
  similarity(a: string, b: string): number {
    const normed = this.normed();
    return dotRows(normed, this.index(a), normed, this.index(b), this.vectorSize);
  }

  /**
   * Cosine distance, `1 - similarity`.
   *
   * @example
   * ```ts
   * kv.distance('a', 'b'); // 1 for orthogonal vectors
   * ```
   */
  distance(a: string, b: string): number {
    return 1 - this.similarity(a, b);
  }

  /**
   * The `topn` words closest to the mean of the unit vectors of `positive` minus those of `negative`
   * (3CosAdd, gensim's `most_similar`), the query words excluded. As in gensim, a word or a list of
   * words alone is the `positive` side.
   *
   * @example
   * ```ts
   * kv.mostSimilar({ positive: ['king', 'woman'], negative: ['man'], topn: 3 });
   * kv.mostSimilar('king'); // gensim's most_similar('king')
   * ```
   */
  mostSimilar(query: MostSimilarQuery | string | readonly string[]): ScoredWord[] {
    return this.mostSimilarMany([query])[0] as ScoredWord[];
  }

  /**
   * {@link KeyedVectors.mostSimilar} for each query, with the same answers, reading the vectors once
   * per eight queries instead of once per query (fewer than eight are read once each): a large
   * vocabulary does not fit in the processor's cache, and eight sums side by side keep it busy where
   * one waits on each addition (analogy evaluation asks thousands of queries).
   *
   * @example
   * ```ts
   * kv.mostSimilarMany([{ positive: ['king', 'woman'], negative: ['man'] }, 'paris']); // two answer lists
   * ```
   */
  mostSimilarMany(queries: ReadonlyArray<MostSimilarQuery | string | readonly string[]>): ScoredWord[][] {
    const checked = queries.map((query) => this.checkQuery(query));
    const normed = this.normed();
    const size = this.vectorSize;
    const answers: ScoredWord[][] = [];
    for (let first = 0; first < checked.length; first += BATCH) {
      const batch = checked.slice(first, first + BATCH);
      const means = batch.map(({ positive, negative }) => this.unitMean(positive, negative));
      const rows = Math.max(...batch.map(({ candidates }) => candidates));
      const scores = batch.map(() => new Float64Array(rows));
      // A batch short of eight (one query alone) takes one pass per query: eight sums for one
      // would be eight times the arithmetic.
      if (batch.length === BATCH) dotsOfEight(normed, size, rows, means, scores);
      else
        for (const [q, mean] of means.entries())
          dotsOfOne(normed, size, rows, mean, scores[q] as Float64Array);
      for (const [q, { positive, negative, topn, candidates }] of batch.entries()) {
        const scored = (scores[q] as Float64Array).subarray(0, candidates);
        answers.push(this.top(scored, topn, new Set([...positive, ...negative])));
      }
    }
    return answers;
  }

  /** The unit-length mean of the unit vectors of `positive` minus those of `negative`. */
  private unitMean(positive: readonly string[], negative: readonly string[]): Float64Array {
    const normed = this.normed();
    const size = this.vectorSize;
    const mean = new Float64Array(size);
    for (const [words, weight] of [
      [positive, 1],
      [negative, -1],
    ] as const) {
      for (const word of words) {
        const offset = this.index(word) * size;
        for (let k = 0; k < size; k++) mean[k] += weight * (normed[offset + k] as number);
      }
    }
    const count = positive.length + negative.length;
    for (let k = 0; k < size; k++) mean[k] = (mean[k] as number) / count;
    normalise(mean);
    return mean;
  }

  /**
   * The `topn` words maximising the product of `(1 + cos)/2` to `positive` divided by that to `negative`
   * (+1e-6), the 3CosMul of Levy and Goldberg as gensim's `most_similar_cosmul`, the query words excluded.
   *
   * @example
   * ```ts
   * kv.mostSimilarCosmul({ positive: ['king', 'woman'], negative: ['man'], topn: 3 });
   * ```
   */
  mostSimilarCosmul(query: MostSimilarQuery | string | readonly string[]): ScoredWord[] {
    const { positive, negative, topn, candidates } = this.checkQuery(query);
    const normed = this.normed();
    const size = this.vectorSize;
    const scores = new Float64Array(candidates);
    const positiveRows = positive.map((word) => this.index(word));
    const negativeRows = negative.map((word) => this.index(word));
    for (let row = 0; row < candidates; row++) {
      let numerator = 1;
      for (const other of positiveRows) numerator *= (1 + dotRows(normed, row, normed, other, size)) / 2;
      let denominator = 1;
      for (const other of negativeRows) denominator *= (1 + dotRows(normed, row, normed, other, size)) / 2;
      scores[row] = numerator / (denominator + 1e-6);
    }
    return this.top(scores, topn, new Set([...positive, ...negative]));
  }

  /**
   * The word that fits least with the others: the one whose unit vector is farthest from the normalised mean
   * of all of them (gensim's `doesnt_match`; unlike gensim, an unknown word is an error, not skipped).
   *
   * @example
   * ```ts
   * kv.doesntMatch(['breakfast', 'cereal', 'dinner', 'lunch']); // 'cereal' on good vectors
   * ```
   */
  doesntMatch(words: readonly string[]): string {
    if (words.length === 0) throw new Error('doesntMatch needs at least one word');
    const rows = words.map((word) => this.index(word));
    const normed = this.normed();
    const size = this.vectorSize;
    const mean = new Float64Array(size);
    for (const row of rows) for (let k = 0; k < size; k++) mean[k] += normed[row * size + k] as number;
    normalise(mean);
    let worst = '';
    let worstScore = Number.POSITIVE_INFINITY;
    rows.forEach((row, i) => {
      let dot = 0;
      for (let k = 0; k < size; k++) dot += (normed[row * size + k] as number) * (mean[k] as number);
      const word = words[i] as string;
      // gensim sorts (score, word) pairs: the lowest score wins, ties go to the smallest word.
      if (dot < worstScore || (dot === worstScore && word < worst)) {
        worst = word;
        worstScore = dot;
      }
    });
    return worst;
  }

  /**
   * Cosine similarity between the mean of the (raw) vectors of two word sets, as gensim's `n_similarity`.
   *
   * @example
   * ```ts
   * kv.nSimilarity(['sushi', 'shop'], ['japanese', 'restaurant']);
   * ```
   */
  nSimilarity(first: readonly string[], second: readonly string[]): number {
    if (first.length === 0 || second.length === 0)
      throw new Error('nSimilarity needs two non-empty word lists');
    const a = this.meanOf(first);
    const b = this.meanOf(second);
    normalise(a);
    normalise(b);
    let dot = 0;
    for (let k = 0; k < this.vectorSize; k++) dot += (a[k] as number) * (b[k] as number);
    return dot;
  }

  /**
   * Accuracy on analogy questions in the word2vec `: section` format, per section and overall, as gensim's
   * `evaluate_word_analogies` (see {@link evaluateWordAnalogies}).
   *
   * @example
   * ```ts
   * const { accuracy, sections } = kv.evaluateWordAnalogies(questionsText, { restrictVocab: 30000 });
   * ```
   */
  evaluateWordAnalogies(questionsText: string, options: AnalogyEvaluationOptions = {}): AnalogyEvaluation {
    return evaluateWordAnalogies(this, questionsText, options);
  }

  private meanOf(words: readonly string[]): Float64Array {
    const size = this.vectorSize;
    const mean = new Float64Array(size);
    for (const word of words) {
      const offset = this.index(word) * size;
      for (let k = 0; k < size; k++) mean[k] += this.vectors[offset + k] as number;
    }
    for (let k = 0; k < size; k++) mean[k] = (mean[k] as number) / words.length;
    return mean;
  }

  private checkQuery(given: MostSimilarQuery | string | readonly string[]): {
    positive: readonly string[];
    negative: readonly string[];
    topn: number;
    candidates: number;
  } {
    // gensim takes a word, or a list of words, as the positive side; a word as a string was read
    // here as its letters, and a word or a list alone as a query with no words.
    const query: MostSimilarQuery =
      typeof given === 'string' || Array.isArray(given)
        ? { positive: given as string | readonly string[] }
        : (given as MostSimilarQuery);
    requireOptionNames(query, MOST_SIMILAR_QUERY, 'mostSimilar');
    const words = (side: readonly string[] | string | undefined) =>
      side === undefined ? [] : typeof side === 'string' ? [side] : side;
    const positive = words(query.positive);
    const negative = words(query.negative);
    const topn = query.topn ?? 10;
    const restrictVocab = query.restrictVocab ?? this.size;
    if (!Number.isInteger(restrictVocab) || restrictVocab < 0)
      throw new OptionError(
        'restrictVocab',
        `restrictVocab must be a non-negative integer, got ${shownValue(restrictVocab)}`,
      );
    if (positive.length + negative.length === 0)
      throw new Error('cannot compute similarity with no input words');
    if (!Number.isInteger(topn) || topn < 0)
      throw new OptionError('topn', `topn must be a non-negative integer, got ${shownValue(topn)}`);
    for (const word of [...positive, ...negative]) this.index(word);
    return { positive, negative, topn, candidates: Math.min(restrictVocab, this.size) };
  }

  /** The `topn` best rows (score descending, then row), kept in a small sorted list instead of sorting every row. */
  private top(scores: Float64Array, topn: number, exclude: ReadonlySet<string>): ScoredWord[] {
    const best: number[] = [];
    const before = (a: number, b: number) =>
      (scores[a] as number) > (scores[b] as number) || (scores[a] === scores[b] && a < b);
    for (let row = 0; row < scores.length; row++) {
      if (best.length === topn && !before(row, best[topn - 1] as number)) continue;
      if (exclude.has(this.indexToKey[row] as string)) continue;
      let at = best.length;
      while (at > 0 && before(row, best[at - 1] as number)) at--;
      best.splice(at, 0, row);
      if (best.length > topn) best.pop();
    }
    return best.map((row) => ({ word: this.indexToKey[row] as string, score: scores[row] as number }));
  }

  /** Unit-length copy of the vectors, computed once (zero vectors stay zero). */
  private normed(): Float32Array {
    if (this.normCache) return this.normCache;
    const size = this.vectorSize;
    const normed = new Float32Array(this.vectors.length);
    for (let row = 0; row < this.size; row++) {
      const offset = row * size;
      let sum = 0;
      for (let k = 0; k < size; k++) sum += (this.vectors[offset + k] as number) ** 2;
      const norm = Math.sqrt(sum);
      if (norm === 0) continue;
      for (let k = 0; k < size; k++) normed[offset + k] = (this.vectors[offset + k] as number) / norm;
    }
    this.normCache = normed;
    return normed;
  }
}

/** Queries {@link KeyedVectors.mostSimilarMany} scores in one pass over the vectors. */
const BATCH = 8;

/**
 * `scores[q][row] = vectors[row] · means[q]` for the first `rows` rows and eight means, each sum
 * added in the order of a single dot product (so each score is the same as one query's alone).
 */
function dotsOfEight(
  vectors: Float32Array,
  size: number,
  rows: number,
  means: readonly Float64Array[],
  scores: readonly Float64Array[],
): void {
  const [m0, m1, m2, m3, m4, m5, m6, m7] = means as [
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
  ];
  for (let row = 0; row < rows; row++) {
    const offset = row * size;
    let d0 = 0;
    let d1 = 0;
    let d2 = 0;
    let d3 = 0;
    let d4 = 0;
    let d5 = 0;
    let d6 = 0;
    let d7 = 0;
    for (let k = 0; k < size; k++) {
      const v = vectors[offset + k] as number;
      d0 += v * (m0[k] as number);
      d1 += v * (m1[k] as number);
      d2 += v * (m2[k] as number);
      d3 += v * (m3[k] as number);
      d4 += v * (m4[k] as number);
      d5 += v * (m5[k] as number);
      d6 += v * (m6[k] as number);
      d7 += v * (m7[k] as number);
    }
    (scores[0] as Float64Array)[row] = d0;
    (scores[1] as Float64Array)[row] = d1;
    (scores[2] as Float64Array)[row] = d2;
    (scores[3] as Float64Array)[row] = d3;
    (scores[4] as Float64Array)[row] = d4;
    (scores[5] as Float64Array)[row] = d5;
    (scores[6] as Float64Array)[row] = d6;
    (scores[7] as Float64Array)[row] = d7;
  }
}

/** `scores[row] = vectors[row] · mean` for the first `rows` rows (the order of {@link dotsOfEight}'s sums). */
function dotsOfOne(
  vectors: Float32Array,
  size: number,
  rows: number,
  mean: Float64Array,
  scores: Float64Array,
): void {
  for (let row = 0; row < rows; row++) {
    const offset = row * size;
    let dot = 0;
    for (let k = 0; k < size; k++) dot += (vectors[offset + k] as number) * (mean[k] as number);
    scores[row] = dot;
  }
}

function dotRows(a: Float32Array, rowA: number, b: Float32Array, rowB: number, size: number): number {
  let dot = 0;
  const offsetA = rowA * size;
  const offsetB = rowB * size;
  for (let k = 0; k < size; k++) dot += (a[offsetA + k] as number) * (b[offsetB + k] as number);
  return dot;
}

function normalise(values: Float64Array): void {
  let sum = 0;
  for (const value of values) sum += value * value;
  const norm = Math.sqrt(sum);
  if (norm === 0) return;
  for (let k = 0; k < values.length; k++) values[k] = (values[k] as number) / norm;
}
