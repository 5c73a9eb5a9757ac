import { pythonLog } from './python-math.js';
import { compareCodePoints } from './python-order.js';

/**
 * A bag of words: `[id, count]` pairs sorted by id, as gensim's `doc2bow` returns.
 *
 * @example
 * ```ts
 * const dictionary = new Dictionary([['b', 'a', 'b'], ['c']]);
 * const bow: BagOfWords = dictionary.doc2bow(['c', 'a', 'c']); // [[0, 1], [2, 2]]
 * ```
 */
export type BagOfWords = [number, number][];

/**
 * Options of {@link Dictionary.doc2bow}.
 *
 * @example
 * ```ts
 * const dictionary = new Dictionary([['b', 'a', 'b'], ['c']]);
 * const options: Doc2BowOptions = { allowUpdate: true };
 * dictionary.doc2bow(['b', 'x', 'x'], options); // [[1, 1], [3, 2]]: 'x' got id 3
 * ```
 */
export interface Doc2BowOptions {
  /** Add unseen tokens and update the statistics (gensim's `allow_update`). */
  allowUpdate?: boolean;
}

/**
 * gensim's `Dictionary`: token ↔ id, with document frequencies (`dfs`), collection frequencies
 * (`cfs`) and corpus totals. New tokens of a document get ids in code point order of the token, as
 * gensim assigns them (`sorted(missing)`). Documents may come from any iterable, so a large corpus
 * streams through with memory bounded by the vocabulary.
 *
 * @example
 * ```ts
 * const dictionary = new Dictionary([['b', 'a', 'b'], ['c']]);
 * dictionary.token2id;             // Map { 'a' => 0, 'b' => 1, 'c' => 2 }
 * dictionary.doc2bow(['b', 'b', 'x']); // [[1, 2]]
 * dictionary.dfs.get(1);           // 1
 * ```
 */
export class Dictionary {
  /** Token → id. */
  readonly token2id = new Map<string, number>();
  /** Id → number of documents containing the token. */
  readonly dfs = new Map<number, number>();
  /** Id → number of occurrences in the corpus. */
  readonly cfs = new Map<number, number>();
  /** Documents processed. */
  numDocs = 0;
  /** Tokens processed (corpus positions). */
  numPos = 0;
  /** Sum of the number of distinct tokens per document (non-zeros of the BoW matrix). */
  numNnz = 0;
  private id2token: string[] = [];

  /** Add the documents, if given. */
  constructor(documents?: Iterable<readonly string[]>) {
    if (documents) this.addDocuments(documents);
  }

  /** Update the dictionary from tokenized documents. */
  addDocuments(documents: Iterable<readonly string[]>): this {
    for (const document of documents) this.doc2bow(document, { allowUpdate: true });
    return this;
  }

  /** Update the dictionary from an async (or sync) stream of tokenized documents. */
  async addDocumentsAsync(
    documents: AsyncIterable<readonly string[]> | Iterable<readonly string[]>,
  ): Promise<this> {
    for await (const document of documents) this.doc2bow(document, { allowUpdate: true });
    return this;
  }

  /** The number of tokens. */
  get size(): number {
    return this.token2id.size;
  }

  /** The token with this id. */
  get(id: number): string | undefined {
    return this.id2token[id];
  }

  /**
   * The document as `[id, count]` pairs sorted by id; tokens not in the dictionary are left out
   * unless `allowUpdate` adds them.
   */
  doc2bow(document: readonly string[], options: Doc2BowOptions = {}): BagOfWords {
    if (typeof document === 'string')
      throw new TypeError('doc2bow expects an array of tokens, not a single string: split it first');
    const counter = new Map<string, number>();
    for (const token of document) counter.set(token, (counter.get(token) ?? 0) + 1);
    if (options.allowUpdate) {
      const missing = [...counter.keys()]
        .filter((token) => !this.token2id.has(token))
        .sort(compareCodePoints);
      for (const token of missing) {
        this.token2id.set(token, this.id2token.length);
        this.id2token.push(token);
      }
    }
    const bow: BagOfWords = [];
    for (const [token, count] of counter) {
      const id = this.token2id.get(token);
      if (id !== undefined) bow.push([id, count]);
    }
    if (options.allowUpdate) {
      this.numDocs++;
      this.numPos += document.length;
      this.numNnz += bow.length;
      for (const [id, count] of bow) {
        this.cfs.set(id, (this.cfs.get(id) ?? 0) + count);
        this.dfs.set(id, (this.dfs.get(id) ?? 0) + 1);
      }
    }
    return bow.sort((a, b) => a[0] - b[0]);
  }
}

/**
 * Options of {@link TfidfModel}.
 *
 * @example
 * ```ts
 * const dictionary = new Dictionary([['a', 'b'], ['a', 'c']]);
 * const options: TfidfModelOptions = { dictionary, normalize: false };
 * new TfidfModel(undefined, options).transform(dictionary.doc2bow(['b', 'c'])); // [[1, 1], [2, 1]]
 * ```
 */
export interface TfidfModelOptions {
  /** Take document frequencies and the document count from this dictionary instead of a corpus. */
  dictionary?: Dictionary;
  /** Base of the idf logarithm (default 2, gensim's `df2idf`). */
  logBase?: number;
  /** L2-normalise each vector (default true). */
  normalize?: boolean;
  /** Weights with absolute value at or below this are dropped (default 1e-12, gensim's `eps`). */
  eps?: number;
}

/**
 * gensim's `TfidfModel` with its defaults: `weight = tf · log2(D / df)`, then L2 normalisation, and
 * entries whose idf or final weight is at most `eps` in size are dropped — so a term in every
 * document vanishes.
 *
 * @example
 * ```ts
 * const dictionary = new Dictionary([['a', 'b'], ['a', 'c']]);
 * const corpus = [['a', 'b'], ['a', 'c']].map((doc) => dictionary.doc2bow(doc));
 * const model = new TfidfModel(corpus);
 * model.transform(corpus[0]); // [[1, 1]]: 'a' is in every document, 'b' keeps all the weight
 * ```
 */
export class TfidfModel {
  /** Id → idf. */
  readonly idfs = new Map<number, number>();
  /** Id → document frequency. */
  readonly dfs = new Map<number, number>();
  /** Documents counted. */
  numDocs = 0;
  /** Non-zero entries counted. */
  numNnz = 0;
  private readonly normalize: boolean;
  private readonly eps: number;
  private readonly logBase: number;

  /** Count document frequencies over `corpus` (or take them from `options.dictionary`). */
  constructor(corpus?: Iterable<BagOfWords>, options: TfidfModelOptions = {}) {
    this.normalize = options.normalize ?? true;
    this.eps = options.eps ?? 1e-12;
    this.logBase = options.logBase ?? 2;
    if (options.dictionary) {
      for (const [id, df] of options.dictionary.dfs) this.dfs.set(id, df);
      this.numDocs = options.dictionary.numDocs;
      this.numNnz = options.dictionary.numNnz;
    } else if (corpus) {
      for (const bow of corpus) {
        this.numDocs++;
        this.numNnz += bow.length;
        for (const [id] of bow) this.dfs.set(id, (this.dfs.get(id) ?? 0) + 1);
      }
    } else throw new Error('TfidfModel needs a corpus or options.dictionary to compute document frequencies');
    const base = pythonLog(this.logBase);
    for (const [id, df] of this.dfs) this.idfs.set(id, pythonLog(this.numDocs / df) / base);
  }

  /** The TF-IDF vector of a bag of words, as `[id, weight]` pairs in the input order. */
  transform(bow: BagOfWords): [number, number][] {
    let vector: [number, number][] = [];
    for (const [id, tf] of bow) {
      const idf = this.idfs.get(id) ?? 0;
      if (Math.abs(idf) > this.eps) vector.push([id, tf * idf]);
    }
    if (this.normalize && vector.length > 0) {
      let sum = 0;
      for (const [, weight] of vector) sum += weight * weight;
      const length = Math.sqrt(sum);
      if (length > 0 && length !== 1) vector = vector.map(([id, weight]) => [id, weight / length]);
    }
    return vector.filter(([, weight]) => Math.abs(weight) > this.eps);
  }
}
