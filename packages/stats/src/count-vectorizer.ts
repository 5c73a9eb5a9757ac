import { optionNames, requireOptionNames, requireOptions } from '@tokenlab/core';
import { type AnalyzerOptions, buildAnalyzer } from './analyzer.js';
import { numpyArgsort } from './numpy-argsort.js';
import { compareCodePoints } from './python-order.js';
import { CsrMatrix, EntryBuffer, type SparseRow } from './sparse.js';

/**
 * A document-frequency bound. A plain number follows Python's int/float distinction as far as
 * JavaScript can: an integer is a document count, a fraction a proportion of the documents. As
 * `1.0` and `1` are the same number here, write `{ proportion: 1 }` for "100% of the documents"
 * (the default `maxDf`) and `{ count: n }` to be explicit.
 *
 * @example
 * ```ts
 * const maxDf: DocumentFrequency = { proportion: 0.5 }; // or 0.5; { count: 2 } or 2 for a count
 * const vectorizer = new CountVectorizer({ maxDf });
 * vectorizer.fit(['the cat sat', 'the cat ran', 'the dog sat']).getFeatureNamesOut(); // ['dog', 'ran']
 * ```
 */
export type DocumentFrequency =
  | number
  | {
      /** A share of the documents, in `[0, 1]`. */
      proportion: number;
    }
  | {
      /** A number of documents. */
      count: number;
    };

/**
 * Options of {@link CountVectorizer}, with scikit-learn's names in camelCase.
 *
 * @example
 * ```ts
 * const options: CountVectorizerOptions = { stopWords: 'english', minDf: 2 };
 * const vectorizer = new CountVectorizer(options).fit(['the cat sat', 'the cat ran', 'a dog sat']);
 * vectorizer.getFeatureNamesOut(); // ['cat', 'sat']
 * ```
 */
export interface CountVectorizerOptions extends AnalyzerOptions {
  /** Drop terms in more documents than this (default `{ proportion: 1 }`: keep all). */
  maxDf?: DocumentFrequency;
  /** Drop terms in fewer documents than this (default 1). */
  minDf?: DocumentFrequency;
  /** Keep only this many terms, the most frequent over the corpus (ties broken as NumPy's argsort). */
  maxFeatures?: number | null;
  /** A fixed vocabulary: terms in column order, or term → column. Nothing is learned then. */
  vocabulary?: Iterable<string> | ReadonlyMap<string, number> | Readonly<Record<string, number>> | null;
  /** Record 1 for any term present instead of its count. */
  binary?: boolean;
}

/** Every option of {@link CountVectorizerOptions}, for the check of unknown names. */
export const COUNT_VECTORIZER_OPTIONS = optionNames<CountVectorizerOptions>()([
  'analyzer',
  'lowercase',
  'stripAccents',
  'preprocessor',
  'tokenizer',
  'tokenPattern',
  'stopWords',
  'ngramRange',
  'maxDf',
  'minDf',
  'maxFeatures',
  'vocabulary',
  'binary',
]);

/**
 * Documents as strings; sync or async iterables of them for the streaming methods.
 *
 * @example
 * ```ts
 * const documents: Documents = new Set(['the cat sat', 'the dog sat']);
 * new CountVectorizer().fitTransform(documents).shape; // [2, 4]
 * ```
 */
export type Documents = Iterable<string>;

/** Term statistics gathered in one pass: ids in first-seen order, document and total frequencies. */
class TermCounts {
  readonly ids = new Map<string, number>();
  readonly terms: string[] = [];
  df = new Int32Array(1024);
  tf = new Float64Array(1024);
  lastDocument = new Int32Array(1024).fill(-1);
  slot = new Int32Array(1024);
  documents = 0;

  add(term: string): number {
    const id = this.terms.length;
    if (id === this.df.length) {
      const grow = <A extends Int32Array | Float64Array>(array: A, fill?: number): A => {
        const bigger = new (array.constructor as new (n: number) => A)(array.length * 2);
        if (fill !== undefined) bigger.fill(fill);
        bigger.set(array);
        return bigger;
      };
      this.df = grow(this.df);
      this.tf = grow(this.tf);
      this.lastDocument = grow(this.lastDocument, -1);
      this.slot = grow(this.slot);
    }
    this.ids.set(term, id);
    this.terms.push(term);
    return id;
  }
}

function normaliseVocabulary(
  vocabulary: NonNullable<CountVectorizerOptions['vocabulary']>,
): Map<string, number> {
  let entries: [string, number][];
  if (vocabulary instanceof Map) entries = [...vocabulary.entries()];
  else if (typeof (vocabulary as Iterable<string>)[Symbol.iterator] === 'function') {
    const seen = new Map<string, number>();
    let index = 0;
    for (const term of vocabulary as Iterable<string>) {
      if (seen.has(term)) throw new Error(`Duplicate term in vocabulary: ${JSON.stringify(term)}`);
      seen.set(term, index++);
    }
    entries = [...seen.entries()];
  } else entries = Object.entries(vocabulary as Record<string, number>);
  const indices = new Set(entries.map(([, index]) => index));
  if (indices.size !== entries.length) throw new Error('Vocabulary contains repeated indices.');
  for (let i = 0; i < entries.length; i++)
    if (!indices.has(i)) throw new Error(`Vocabulary of size ${entries.length} doesn't contain index ${i}.`);
  if (entries.length === 0) throw new Error('empty vocabulary passed to fit');
  return new Map(entries);
}

/** A bound as a document count, given the number of documents (scikit-learn's int/float rule). */
function documentCount(bound: DocumentFrequency, documents: number, name: string): number {
  if (typeof bound === 'number') {
    if (!Number.isFinite(bound) || bound < 0) throw new RangeError(`${name} must be >= 0, got ${bound}`);
    if (Number.isInteger(bound)) return bound;
    if (bound > 1) throw new RangeError(`${name} as a proportion must be in [0, 1], got ${bound}`);
    return bound * documents;
  }
  if ('proportion' in bound) {
    if (!(bound.proportion >= 0 && bound.proportion <= 1))
      throw new RangeError(`${name}.proportion must be in [0, 1], got ${bound.proportion}`);
    return bound.proportion * documents;
  }
  return bound.count;
}

/**
 * Term counts per document, as scikit-learn's `CountVectorizer`: the same analyzer, the same
 * vocabulary (sorted by code point), the same pruning by `minDf`, `maxDf` and `maxFeatures`, and the
 * same numbers, in a {@link CsrMatrix}. Counting uses one `Map` lookup per token and typed arrays,
 * and `fit` keeps only per-term statistics, so its memory is bounded by the vocabulary.
 *
 * @example
 * ```ts
 * const vectorizer = new CountVectorizer();
 * const X = vectorizer.fitTransform(['This is the first document.', 'This document is the second document.']);
 * vectorizer.getFeatureNamesOut(); // ['document', 'first', 'is', 'second', 'the', 'this']
 * X.toDense();                     // [[1, 1, 1, 0, 1, 1], [2, 0, 1, 1, 1, 1]]
 * ```
 */
export class CountVectorizer {
  /** The options as given. */
  readonly options: Readonly<CountVectorizerOptions>;
  /** Term → column, after fitting (or the fixed vocabulary). */
  vocabulary: Map<string, number> | undefined;
  /** Terms dropped by `minDf`, `maxDf` or `maxFeatures` (scikit-learn's `stop_words_`). */
  prunedTerms: Set<string> = new Set();
  /** Per column, the number of fitted documents containing the term. */
  documentFrequencies: Int32Array | undefined;
  /** The number of documents seen by the last fit. */
  documentCount = 0;
  private analyzer: ((document: string) => string[]) | undefined;
  private readonly fixedVocabulary: Map<string, number> | undefined;

  /** Create with scikit-learn's defaults for everything not given. */
  constructor(options: CountVectorizerOptions = {}) {
    const { where, names } = this.accepted;
    requireOptions(options, where, '{ ngramRange: [1, 2] }');
    requireOptionNames(options, names, where);
    this.options = options;
    if (options.maxFeatures !== undefined && options.maxFeatures !== null)
      if (!Number.isInteger(options.maxFeatures) || options.maxFeatures < 1)
        throw new RangeError(`maxFeatures must be a positive integer, got ${options.maxFeatures}`);
    this.fixedVocabulary = options.vocabulary ? normaliseVocabulary(options.vocabulary) : undefined;
    if (this.fixedVocabulary) this.vocabulary = this.fixedVocabulary;
  }

  /** @internal The class's name and the options it takes, for the checks of the constructor. */
  protected get accepted(): { where: string; names: readonly string[] } {
    return { where: 'CountVectorizer', names: COUNT_VECTORIZER_OPTIONS };
  }

  /** The document → features function (scikit-learn's `build_analyzer()`). */
  buildAnalyzer(): (document: string) => string[] {
    this.analyzer ??= buildAnalyzer(this.options);
    return this.analyzer;
  }

  /** Learn the vocabulary (and document frequencies) without keeping the matrix. */
  fit(documents: Documents): this {
    this.fitCounts(documents, false);
    return this;
  }

  /** Learn the vocabulary from an async (or sync) stream of documents, e.g. lines of a large file. */
  async fitAsync(documents: AsyncIterable<string> | Iterable<string>): Promise<this> {
    const counts = new TermCounts();
    const analyze = this.buildAnalyzer();
    for await (const document of documents)
      this.countDocument(counts, analyze(checkDocument(document, counts.documents)));
    this.finishFit(counts);
    return this;
  }

  /** Learn the vocabulary and return the document-term count matrix. */
  fitTransform(documents: Documents): CsrMatrix {
    return this.fitCounts(documents, true)!;
  }

  /** Count the documents' terms in the fitted (or fixed) vocabulary; unknown terms are ignored. */
  transform(documents: Documents): CsrMatrix {
    return this.countMatrix(documents);
  }

  private countMatrix(documents: Documents): CsrMatrix {
    if (typeof documents === 'string')
      throw new TypeError('Iterable over raw text documents expected, string object received.');
    const vocabulary = this.requireVocabulary();
    const analyze = this.buildAnalyzer();
    const entries = new EntryBuffer();
    const indptr: number[] = [0];
    for (const document of documents) {
      this.appendRow(entries, vocabulary, analyze(checkDocument(document, indptr.length - 1)));
      indptr.push(entries.length);
    }
    return this.toMatrix(entries, indptr, vocabulary.size);
  }

  /** One document's counts as a sparse row, for streaming transforms. */
  transformRow(document: string): SparseRow {
    const vocabulary = this.requireVocabulary();
    const entries = new EntryBuffer();
    this.appendRow(entries, vocabulary, this.buildAnalyzer()(checkDocument(document, 0)));
    const matrix = this.toMatrix(entries, [0, entries.length], vocabulary.size);
    return matrix.getRow(0);
  }

  /** The terms in column order. */
  getFeatureNamesOut(): string[] {
    const vocabulary = this.requireVocabulary();
    const names = new Array<string>(vocabulary.size);
    for (const [term, index] of vocabulary) names[index] = term;
    return names;
  }

  private requireVocabulary(): Map<string, number> {
    if (!this.vocabulary) throw new Error('Vocabulary not fitted or provided: call fit() first');
    if (this.vocabulary.size === 0) throw new Error('Vocabulary is empty');
    return this.vocabulary;
  }

  private appendRow(entries: EntryBuffer, vocabulary: Map<string, number>, features: string[]): void {
    const start = entries.length;
    const binary = this.options.binary ?? false;
    const columns = new Map<number, number>();
    for (const feature of features) {
      const column = vocabulary.get(feature);
      if (column === undefined) continue;
      const at = columns.get(column);
      if (at === undefined) {
        columns.set(column, entries.length);
        entries.push(column, 1);
      } else if (!binary) entries.data[at]!++;
    }
    sortRow(entries, start, entries.length);
  }

  private countDocument(counts: TermCounts, features: string[], entries?: EntryBuffer): void {
    const document = counts.documents++;
    const { ids } = counts;
    for (const feature of features) {
      let id = ids.get(feature);
      if (id === undefined) id = counts.add(feature);
      counts.tf[id]!++;
      if (counts.lastDocument[id] !== document) {
        counts.lastDocument[id] = document;
        counts.df[id]!++;
        if (entries) {
          counts.slot[id] = entries.length;
          entries.push(id, 1);
        }
      } else if (entries) entries.data[counts.slot[id]!]!++;
    }
  }

  /** One pass over the documents; with `keepMatrix`, the count matrix in the final columns. */
  private fitCounts(documents: Documents, keepMatrix: boolean): CsrMatrix | undefined {
    if (typeof documents === 'string')
      throw new TypeError('Iterable over raw text documents expected, string object received.');
    if (this.fixedVocabulary) {
      const matrix = this.countMatrix(documents);
      this.documentCount = matrix.shape[0];
      this.documentFrequencies = columnDocumentFrequencies(matrix);
      return matrix;
    }
    const counts = new TermCounts();
    const analyze = this.buildAnalyzer();
    const entries = keepMatrix ? new EntryBuffer() : undefined;
    const indptr: number[] = [0];
    for (const document of documents) {
      this.countDocument(counts, analyze(checkDocument(document, counts.documents)), entries);
      if (entries) indptr.push(entries.length);
    }
    const columnOf = this.finishFit(counts);
    if (!entries) return undefined;
    // Move the entries to their final columns, dropping pruned terms; sort the rows by column.
    return sortedByColumn(entries, indptr, columnOf, this.vocabulary!.size, this.options.binary ?? false);
  }

  /** Prune and sort the counted terms into the vocabulary; returns old id → column (-1 = dropped). */
  private finishFit(counts: TermCounts): Int32Array {
    const termCount = counts.terms.length;
    if (termCount === 0) throw new Error('empty vocabulary; perhaps the documents only contain stop words');
    const documents = counts.documents;
    const high = documentCount(this.options.maxDf ?? { proportion: 1 }, documents, 'maxDf');
    const low = documentCount(this.options.minDf ?? 1, documents, 'minDf');
    if (high < low) throw new Error('maxDf corresponds to < documents than minDf');
    // Candidates in sorted (code point) order, as scikit-learn sorts before limiting.
    const sorted = Array.from({ length: termCount }, (_, id) => id).sort((a, b) =>
      compareCodePoints(counts.terms[a]!, counts.terms[b]!),
    );
    let kept = sorted.filter((id) => counts.df[id]! <= high && counts.df[id]! >= low);
    const limit = this.options.maxFeatures ?? undefined;
    if (limit !== undefined && kept.length > limit) {
      // Binary counts are 1 per document, so the "total count" is the document frequency.
      const totals = this.options.binary ? counts.df : counts.tf;
      const negated = Float64Array.from(kept, (id) => -totals[id]!);
      const chosen = new Set(
        Array.from(numpyArgsort(negated).subarray(0, limit), (position) => kept[position]!),
      );
      kept = kept.filter((id) => chosen.has(id));
    }
    if (kept.length === 0)
      throw new Error('After pruning, no terms remain. Try a lower minDf or a higher maxDf.');
    const columnOf = new Int32Array(termCount).fill(-1);
    const vocabulary = new Map<string, number>();
    const frequencies = new Int32Array(kept.length);
    kept.forEach((id, column) => {
      columnOf[id] = column;
      vocabulary.set(counts.terms[id]!, column);
      frequencies[column] = counts.df[id]!;
    });
    this.prunedTerms = new Set(counts.terms.filter((_, id) => columnOf[id]! < 0));
    this.vocabulary = vocabulary;
    this.documentFrequencies = frequencies;
    this.documentCount = documents;
    return columnOf;
  }

  private toMatrix(entries: EntryBuffer, indptr: number[], columns: number): CsrMatrix {
    return new CsrMatrix(
      Int32Array.from(indptr),
      entries.indices.slice(0, entries.length),
      entries.data.slice(0, entries.length),
      [indptr.length - 1, columns],
    );
  }
}

function checkDocument(document: unknown, index: number): string {
  if (typeof document !== 'string')
    throw new TypeError(
      `document ${index} is ${document === null ? 'null' : typeof document}, expected a string`,
    );
  return document;
}

/** Sort entries `[start, end)` of a buffer by column: insertion sort for short rows, else via an index sort. */
function sortRow(entries: EntryBuffer, start: number, end: number): void {
  const { indices, data } = entries;
  if (end - start > 48) {
    const order = Array.from({ length: end - start }, (_, k) => start + k).sort(
      (a, b) => indices[a]! - indices[b]!,
    );
    const sortedIndices = Int32Array.from(order, (k) => indices[k]!);
    const sortedData = Float64Array.from(order, (k) => data[k]!);
    indices.set(sortedIndices, start);
    data.set(sortedData, start);
    return;
  }
  for (let i = start + 1; i < end; i++) {
    const column = indices[i]!;
    const value = data[i]!;
    let j = i - 1;
    if (indices[j]! <= column) continue;
    while (j >= start && indices[j]! > column) {
      indices[j + 1] = indices[j]!;
      data[j + 1] = data[j]!;
      j--;
    }
    indices[j + 1] = column;
    data[j + 1] = value;
  }
}

/**
 * The CSR matrix of `entries` (rows delimited by `indptr`) with column `columnOf[old]` (dropped if
 * negative) and columns ascending in each row, in O(nnz): a counting sort by column (as SciPy sorts
 * by transposing twice) instead of a comparison sort per row.
 */
function sortedByColumn(
  entries: EntryBuffer,
  indptr: number[],
  columnOf: Int32Array,
  columns: number,
  binary: boolean,
): CsrMatrix {
  const rows = indptr.length - 1;
  const columnCounts = new Int32Array(columns + 1);
  const rowCounts = new Int32Array(rows + 1);
  for (let row = 0; row < rows; row++) {
    for (let k = indptr[row]!; k < indptr[row + 1]!; k++) {
      const column = columnOf[entries.indices[k]!]!;
      if (column < 0) continue;
      columnCounts[column + 1]!++;
      rowCounts[row + 1]!++;
    }
  }
  for (let column = 0; column < columns; column++) columnCounts[column + 1]! += columnCounts[column]!;
  for (let row = 0; row < rows; row++) rowCounts[row + 1]! += rowCounts[row]!;
  const nnz = rowCounts[rows]!;
  // Pass 1: bucket the entries by column (rows ascending within each column).
  const byColumnRow = new Int32Array(nnz);
  const byColumnValue = new Float64Array(nnz);
  const columnFill = columnCounts.slice(0, columns);
  for (let row = 0; row < rows; row++) {
    for (let k = indptr[row]!; k < indptr[row + 1]!; k++) {
      const column = columnOf[entries.indices[k]!]!;
      if (column < 0) continue;
      const at = columnFill[column]!++;
      byColumnRow[at] = row;
      byColumnValue[at] = binary ? 1 : entries.data[k]!;
    }
  }
  // Pass 2: back to rows, visiting columns in ascending order.
  const indices = new Int32Array(nnz);
  const data = new Float64Array(nnz);
  const rowFill = rowCounts.slice(0, rows);
  for (let column = 0; column < columns; column++) {
    for (let k = columnCounts[column]!; k < columnCounts[column + 1]!; k++) {
      const at = rowFill[byColumnRow[k]!]!++;
      indices[at] = column;
      data[at] = byColumnValue[k]!;
    }
  }
  return new CsrMatrix(rowCounts, indices, data, [rows, columns]);
}

/** The number of rows with an entry in each column. */
export function columnDocumentFrequencies(matrix: CsrMatrix): Int32Array {
  const frequencies = new Int32Array(matrix.shape[1]);
  for (let k = 0; k < matrix.nnz; k++) frequencies[matrix.indices[k]!]!++;
  return frequencies;
}
