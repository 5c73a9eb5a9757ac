import { optionNames, requireOptionNames, requireOptions } from '@tokenlab/core';
import {
  COUNT_VECTORIZER_OPTIONS,
  CountVectorizer,
  type CountVectorizerOptions,
  columnDocumentFrequencies,
  type Documents,
} from './count-vectorizer.js';
import { pythonLog } from './python-math.js';
import { CsrMatrix, type SparseRow } from './sparse.js';

/**
 * Row normalisation: `'l2'` (unit length), `'l1'` (absolute values sum to 1), or none.
 *
 * @example
 * ```ts
 * const norm: Norm = 'l1';
 * const X = new TfidfVectorizer({ norm }).fitTransform(['the cat sat', 'the dog sat down']);
 * X.getRow(0).data; // Float64Array [0.4127..., 0.2936..., 0.2936...]: sums to 1
 * ```
 */
export type Norm = 'l1' | 'l2' | 'none' | null;

/**
 * Options of {@link TfidfTransformer}, scikit-learn's names in camelCase.
 *
 * @example
 * ```ts
 * const options: TfidfOptions = { norm: null, useIdf: false, sublinearTf: true };
 * const counts = CsrMatrix.fromRows([[[0, 1], [1, 3]]], 2);
 * new TfidfTransformer(options).fitTransform(counts).toDense(); // [[1, 2.0986...]]: 1 + ln(3)
 * ```
 */
export interface TfidfOptions {
  /** Row normalisation (default `'l2'`). */
  norm?: Norm;
  /** Weigh by inverse document frequency (default true). */
  useIdf?: boolean;
  /** Add one to every document frequency, as if one extra document held every term (default true). */
  smoothIdf?: boolean;
  /** Replace a count `tf` by `1 + ln(tf)` (default false). */
  sublinearTf?: boolean;
}

/** Every option of {@link TfidfOptions}, for the check of unknown names. */
const TFIDF_OPTIONS = optionNames<TfidfOptions>()(['norm', 'useIdf', 'smoothIdf', 'sublinearTf']);

/**
 * Counts to TF-IDF weights, as scikit-learn's `TfidfTransformer`: `idf = ln(n / df) + 1` (with
 * `n + 1` and `df + 1` when smoothing), optional sublinear tf, then each row normalised.
 *
 * @example
 * ```ts
 * const counts = CsrMatrix.fromRows([[[0, 3], [2, 1]], [[0, 2]], [[0, 3]], [[0, 4]], [[0, 3], [1, 2]], [[0, 3], [2, 2]]], 3);
 * const tfidf = new TfidfTransformer({ smoothIdf: false });
 * tfidf.fitTransform(counts).getRow(0).data; // Float64Array [0.8194..., 0.5732...]
 * tfidf.idf;                                 // Float64Array [1, 2.7917..., 2.0986...]
 * ```
 */
export class TfidfTransformer {
  /** The options in force. */
  readonly options: Required<TfidfOptions>;
  /** The idf weight of each column after fitting (undefined when `useIdf` is false). */
  idf: Float64Array | undefined;

  /** Create with scikit-learn's defaults for everything not given. */
  constructor(options: TfidfOptions = {}) {
    requireOptions(options, 'TfidfTransformer', "{ norm: 'l2' }");
    requireOptionNames(options, TFIDF_OPTIONS, 'TfidfTransformer');
    const norm = options.norm === undefined ? 'l2' : options.norm;
    if (norm !== null && norm !== 'none' && norm !== 'l1' && norm !== 'l2')
      throw new Error(`norm must be 'l1', 'l2' or null, got ${JSON.stringify(norm)}`);
    this.options = {
      norm,
      useIdf: options.useIdf ?? true,
      smoothIdf: options.smoothIdf ?? true,
      sublinearTf: options.sublinearTf ?? false,
    };
  }

  /** Learn the idf weights from a count matrix. */
  fit(counts: CsrMatrix): this {
    return this.fitDocumentFrequencies(columnDocumentFrequencies(counts), counts.shape[0]);
  }

  /** Learn the idf weights from per-column document frequencies and the number of documents. */
  fitDocumentFrequencies(frequencies: ArrayLike<number>, documents: number): this {
    if (!this.options.useIdf) return this;
    const smooth = this.options.smoothIdf ? 1 : 0;
    const n = documents + smooth;
    const idf = new Float64Array(frequencies.length);
    for (let j = 0; j < idf.length; j++) idf[j] = pythonLog(n / (frequencies[j]! + smooth)) + 1;
    this.idf = idf;
    return this;
  }

  /** Weigh and normalise a count matrix (a new matrix; the input is left as is). */
  transform(counts: CsrMatrix): CsrMatrix {
    const data = Float64Array.from(counts.data);
    const { sublinearTf, useIdf, norm } = this.options;
    if (useIdf && !this.idf) throw new Error('idf vector is not fitted: call fit() first');
    if (useIdf && this.idf!.length !== counts.shape[1])
      throw new Error(`the matrix has ${counts.shape[1]} columns but the idf vector ${this.idf!.length}`);
    const idf = this.idf;
    const { indices, indptr } = counts;
    for (let k = 0; k < data.length; k++) {
      let value = data[k]!;
      if (sublinearTf) value = pythonLog(value) + 1;
      if (idf) value *= idf[indices[k]!]!;
      data[k] = value;
    }
    if (norm === 'l1' || norm === 'l2') {
      for (let row = 0; row < counts.shape[0]; row++) {
        const start = indptr[row]!;
        const end = indptr[row + 1]!;
        let total = 0;
        if (norm === 'l2') for (let k = start; k < end; k++) total += data[k]! * data[k]!;
        else for (let k = start; k < end; k++) total += Math.abs(data[k]!);
        if (total === 0) continue;
        const scale = norm === 'l2' ? Math.sqrt(total) : total;
        for (let k = start; k < end; k++) data[k] = data[k]! / scale;
      }
    }
    return new CsrMatrix(Int32Array.from(indptr), Int32Array.from(indices), data, counts.shape);
  }

  /** `fit` then `transform`. */
  fitTransform(counts: CsrMatrix): CsrMatrix {
    return this.fit(counts).transform(counts);
  }
}

/**
 * Options of {@link TfidfVectorizer}: those of the count vectorizer and of the transformer.
 *
 * @example
 * ```ts
 * const options: TfidfVectorizerOptions = { stopWords: 'english', norm: null };
 * const vectorizer = new TfidfVectorizer(options);
 * vectorizer.fitTransform(['the cat sat', 'the dog sat down']).toDense(); // [[1.405..., 0, 1], [0, 1.405..., 1]]
 * vectorizer.getFeatureNamesOut(); // ['cat', 'dog', 'sat']
 * ```
 */
export interface TfidfVectorizerOptions extends CountVectorizerOptions, TfidfOptions {}

/** Every option of {@link TfidfVectorizerOptions}, for the check of unknown names. */
const TFIDF_VECTORIZER_OPTIONS = optionNames<TfidfVectorizerOptions>()([
  ...COUNT_VECTORIZER_OPTIONS,
  'norm',
  'useIdf',
  'smoothIdf',
  'sublinearTf',
]);

/**
 * scikit-learn's `TfidfVectorizer`: {@link CountVectorizer} followed by {@link TfidfTransformer},
 * same parameters, same numbers, a {@link CsrMatrix} of float weights.
 *
 * @example
 * ```ts
 * const vectorizer = new TfidfVectorizer();
 * const X = vectorizer.fitTransform(['the cat sat', 'the dog sat down']);
 * vectorizer.getFeatureNamesOut(); // ['cat', 'dog', 'down', 'sat', 'the']
 * vectorizer.idf;                  // Float64Array [1.405..., 1.405..., 1.405..., 1, 1]
 * X.getRow(0).data;                // Float64Array [0.704..., 0.501..., 0.501...]
 * ```
 */
export class TfidfVectorizer extends CountVectorizer {
  /** The weighting step, fitted along with the vocabulary. */
  readonly transformer: TfidfTransformer;

  /** Create with scikit-learn's defaults for everything not given. */
  constructor(options: TfidfVectorizerOptions = {}) {
    super(options);
    const { norm, useIdf, smoothIdf, sublinearTf } = options;
    // Only its own options: the others are the vectorizer's, checked by the constructor above.
    this.transformer = new TfidfTransformer({
      ...(norm !== undefined && { norm }),
      ...(useIdf !== undefined && { useIdf }),
      ...(smoothIdf !== undefined && { smoothIdf }),
      ...(sublinearTf !== undefined && { sublinearTf }),
    });
  }

  /** @internal The class's name and the options it takes, for the checks of the constructor. */
  protected override get accepted(): { where: string; names: readonly string[] } {
    return { where: 'TfidfVectorizer', names: TFIDF_VECTORIZER_OPTIONS };
  }

  /** The idf weight of each feature (scikit-learn's `idf_`), undefined when `useIdf` is false. */
  get idf(): Float64Array | undefined {
    return this.transformer.idf;
  }

  /** Learn vocabulary and idf; memory is bounded by the vocabulary. */
  override fit(documents: Documents): this {
    super.fit(documents);
    this.transformer.fitDocumentFrequencies(this.documentFrequencies!, this.documentCount);
    return this;
  }

  /** Learn vocabulary and idf from an async (or sync) stream of documents. */
  override async fitAsync(documents: AsyncIterable<string> | Iterable<string>): Promise<this> {
    await super.fitAsync(documents);
    this.transformer.fitDocumentFrequencies(this.documentFrequencies!, this.documentCount);
    return this;
  }

  /** Learn vocabulary and idf, and return the TF-IDF matrix. */
  override fitTransform(documents: Documents): CsrMatrix {
    const counts = super.fitTransform(documents);
    this.transformer.fitDocumentFrequencies(this.documentFrequencies!, this.documentCount);
    return this.transformer.transform(counts);
  }

  /** TF-IDF weights of new documents with the fitted vocabulary and idf. */
  override transform(documents: Documents): CsrMatrix {
    return this.transformer.transform(super.transform(documents));
  }

  /** One document's TF-IDF weights as a sparse row, for streaming. */
  override transformRow(document: string): SparseRow {
    const row = super.transformRow(document);
    const counts = new CsrMatrix(Int32Array.of(0, row.indices.length), row.indices, row.data, [
      1,
      this.vocabulary!.size,
    ]);
    return this.transformer.transform(counts).getRow(0);
  }
}
