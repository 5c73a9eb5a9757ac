import type { BigramScoreFn, TrigramScoreFn } from './association.js';
import { codePointOrder } from './code-point-sort.js';
import { FreqDist } from './freqdist.js';
import { checkPairWork, countPairs, DOCUMENT_BREAK, documentEnd } from './pair-counts.js';
import { orderByScore } from './score-order.js';
import { TupleCounter } from './tuple-counter.js';
import { emptyWordTable, internWordList, wordId } from './word-table.js';

/**
 * A scored n-gram as `scoreNgrams` returns it: `[[w1, w2, ...], score]`.
 *
 * @example
 * ```ts
 * const finder = BigramCollocationFinder.fromWords('this this is is a a test test'.split(' '));
 * const [words, score]: ScoredNgram = finder.scoreNgrams(BigramAssocMeasures.rawFreq)[0]!;
 * // words ['a', 'a'], score 0.125
 * ```
 */
export type ScoredNgram = [string[], number];

/**
 * A word, or `null` for the padding between documents (NLTK's `None`), which is never counted.
 *
 * @example
 * ```ts
 * const words: WordOrPad[] = ['a', 'b', null, 'a', 'b'];
 * BigramCollocationFinder.fromWords(words).scoreNgrams(BigramAssocMeasures.rawFreq); // [[['a', 'b'], 0.5]]
 * ```
 */
export type WordOrPad = string | null | undefined;

/** Word ids in first-seen order, their counts and their code point rank for Python's tuple order. */
class Vocabulary {
  readonly words: string[] = [];
  counts: number[] = [];
  private table = emptyWordTable();
  private ranks: Int32Array | undefined;

  /** The id of `word` (undefined if it was never seen). */
  id(word: string): number | undefined {
    const id = wordId(this.words, this.table, word);
    return id < 0 ? undefined : id;
  }

  /** The words as an array of ids (-1 for padding), adding the new ones. */
  intern(words: Iterable<WordOrPad>): Int32Array {
    const list = Array.isArray(words) ? (words as WordOrPad[]) : [...words];
    const ids = new Int32Array(list.length);
    this.table = internWordList(list, ids, this.words, this.counts, this.table);
    this.ranks = undefined;
    return ids;
  }

  /** `rank[id]`: the position of the word in code point order, to compare tuples with integers. */
  rank(): Int32Array {
    if (!this.ranks) {
      const ranks = new Int32Array(this.words.length);
      const order = codePointOrder(this.words);
      for (let position = 0; position < order.length; position++) ranks[order[position]!] = position;
      this.ranks = ranks;
    }
    return this.ranks;
  }
}

/**
 * What the bigram and trigram finders share: word counts, the candidate n-gram counts, the filters,
 * and ranking with NLTK's order — score descending, ties by the n-gram tuple ascending (code point
 * order, as Python compares strings).
 */
abstract class CollocationFinder<Fn> {
  /** @internal Word ids, counts and ranks. */
  protected readonly vocabulary: Vocabulary;
  /** @internal Candidate n-gram counts. */
  protected ngrams: TupleCounter;
  /** The total word count `N` (NLTK's `word_fd.N()`), fixed at construction: filters leave it alone. */
  readonly N: number;

  protected constructor(vocabulary: Vocabulary, ngrams: TupleCounter) {
    this.vocabulary = vocabulary;
    this.ngrams = ngrams;
    let total = 0;
    for (const count of vocabulary.counts) total += count;
    this.N = total;
  }

  /**
   * @internal Write the score of each entry of `ngrams` into `scores` and the entries that have one
   * (in entry order; NLTK's `None` has none) into `scored`; returns how many do.
   */
  protected abstract scoreAll(fn: Fn, scores: Float64Array, scored: Int32Array): number;

  /** How often each word was counted (NLTK's `word_fd`). */
  get wordFd(): FreqDist<string> {
    const fd = new FreqDist<string>();
    this.vocabulary.words.forEach((word, id) => {
      if (this.vocabulary.counts[id]! > 0) fd.counts.set(word, this.vocabulary.counts[id]!);
    });
    return fd;
  }

  private entryWords(entry: number): string[] {
    const { arity, ids } = this.ngrams;
    const words: string[] = [];
    for (let k = 0; k < arity; k++) words.push(this.vocabulary.words[ids[entry * arity + k]!]!);
    return words;
  }

  /** The candidate n-grams with their counts (NLTK's `ngram_fd`), in first-seen order. */
  *ngramEntries(): IterableIterator<[string[], number]> {
    for (let entry = 0; entry < this.ngrams.size; entry++)
      yield [this.entryWords(entry), this.ngrams.counts[entry]!];
  }

  /** The number of candidate n-grams left after filtering. */
  get ngramCount(): number {
    return this.ngrams.size;
  }

  /** Drop candidates seen fewer than `minFreq` times (counts and `N` of words are kept). */
  applyFreqFilter(minFreq: number): this {
    const counts = this.ngrams.counts;
    this.ngrams = this.ngrams.filter((entry) => counts[entry]! >= minFreq);
    return this;
  }

  /** Drop candidates in which any word makes `fn(word)` true (e.g. stop words, punctuation). */
  applyWordFilter(fn: (word: string) => boolean): this {
    const drop = this.vocabulary.words.map((word) => fn(word));
    const { arity, ids } = this.ngrams;
    this.ngrams = this.ngrams.filter((entry) => {
      for (let k = 0; k < arity; k++) if (drop[ids[entry * arity + k]!]) return false;
      return true;
    });
    return this;
  }

  /** Drop candidates for which `fn(w1, w2, ...)` is true. */
  applyNgramFilter(fn: (...words: string[]) => boolean): this {
    this.ngrams = this.ngrams.filter((entry) => !fn(...this.entryWords(entry)));
    return this;
  }

  /** Every candidate with its score under `fn`, best first: NLTK's `(-score, ngram)` order. */
  scoreNgrams(fn: Fn): ScoredNgram[] {
    const size = this.ngrams.size;
    const scores = new Float64Array(size);
    const scored = new Int32Array(size);
    const scoredCount = this.scoreAll(fn, scores, scored);
    const order = orderByScore(
      scored,
      scoredCount,
      scores,
      this.ngrams.ids,
      this.ngrams.arity,
      this.vocabulary.rank(),
      this.vocabulary.words.length,
    );
    return scoredRows(order, scores, this.ngrams.ids, this.ngrams.arity, this.vocabulary.words);
  }

  /** The `n` best candidates under `fn`. */
  nbest(fn: Fn, n: number): string[][] {
    return this.scoreNgrams(fn)
      .slice(0, Math.max(0, n))
      .map(([ngram]) => ngram);
  }

  /** The candidates whose score is above `minScore`, best first. */
  aboveScore(fn: Fn, minScore: number): string[][] {
    const result: string[][] = [];
    for (const [ngram, score] of this.scoreNgrams(fn)) {
      if (!(score > minScore)) break;
      result.push(ngram);
    }
    return result;
  }
}

/** The result rows `[[w1, w2, ...], score]` of the entries in `order`. */
function scoredRows(
  order: Int32Array,
  scores: Float64Array,
  ids: Int32Array,
  arity: number,
  words: readonly string[],
): ScoredNgram[] {
  const count = order.length;
  const rows: ScoredNgram[] = new Array(count);
  if (arity !== 2) {
    for (let i = 0; i < count; i++) {
      const entry = order[i]!;
      const gram: string[] = [];
      for (let k = 0; k < arity; k++) gram.push(words[ids[entry * arity + k]!]!);
      rows[i] = [gram, scores[entry]!];
    }
    return rows;
  }
  // Gather the pairs' word ids and scores in row order first: the allocating loop then reads
  // memory in sequence, which makes it markedly faster than one loop doing the scattered reads.
  const firsts = new Int32Array(count);
  const seconds = new Int32Array(count);
  const rowScores = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const entry = order[i]!;
    firsts[i] = ids[2 * entry]!;
    seconds[i] = ids[2 * entry + 1]!;
    rowScores[i] = scores[entry]!;
  }
  for (let i = 0; i < count; i++) rows[i] = [[words[firsts[i]!]!, words[seconds[i]!]!], rowScores[i]!];
  return rows;
}

/**
 * The bigram scoring loop of {@link BigramCollocationFinder}: `fn(n_ii, [n_ix, n_xi], N)` for each
 * pair, with `n_ii` its count over `windowSpan` (the pairs a window holds). Returns the number of
 * pairs scored, listed in `scored` (a zero count, NLTK's `None`, gets no score).
 */
function scoreBigrams(
  fn: BigramScoreFn,
  pairIds: Int32Array,
  pairCounts: Float64Array,
  size: number,
  wordCounts: readonly number[],
  windowSpan: number,
  total: number,
  scores: Float64Array,
  scored: Int32Array,
): number {
  // One marginals pair reused for every call: measures read it and return a number.
  const marginals: [number, number] = [0, 0];
  let count = 0;
  for (let entry = 0; entry < size; entry++) {
    const nii = pairCounts[entry]! / windowSpan;
    if (nii === 0) continue;
    marginals[0] = wordCounts[pairIds[2 * entry]!]!;
    marginals[1] = wordCounts[pairIds[2 * entry + 1]!]!;
    const score: number | undefined = fn(nii, marginals, total);
    if (score === undefined) continue; // as NLTK's None
    scores[entry] = score;
    scored[count++] = entry;
  }
  return count;
}

/**
 * The words of `documents` as ids, a {@link DOCUMENT_BREAK} after each document: what NLTK's
 * `windowSize - 1` pads after each document do (no n-gram reaches from one document into the next),
 * in memory that follows the words, not the window.
 */
function internDocuments(vocabulary: Vocabulary, documents: Iterable<Iterable<string>>): Int32Array {
  const words: WordOrPad[] = [];
  const breaks: number[] = [];
  for (const document of documents) {
    for (const word of document) words.push(word);
    breaks.push(words.length);
    words.push(null);
  }
  const ids = vocabulary.intern(words);
  for (const at of breaks) ids[at] = DOCUMENT_BREAK;
  return ids;
}

/** How many ways there are to choose 2 of `n`. */
function choose2(n: number): number {
  return n < 2 ? 0 : (n * (n - 1)) / 2;
}

function checkWindow(windowSize: number, minimum: number): void {
  if (!Number.isInteger(windowSize) || windowSize < minimum)
    throw new RangeError(`windowSize must be an integer >= ${minimum}, got ${windowSize}`);
}

/** Count each word once per occurrence (padding, id -1, is not counted). */
function countWords(ids: Int32Array, counts: number[]): void {
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    if (id >= 0) counts[id]!++;
  }
}

/** Lets the trigram finder build a bigram finder over its counts without a public constructor. */
let createBigramFinder: (
  vocabulary: Vocabulary,
  pairs: TupleCounter,
  windowSize: number,
) => BigramCollocationFinder;

/**
 * Bigram collocations as NLTK's `BigramCollocationFinder`: counts of words and of word pairs
 * within a window (`windowSize` 2 = adjacent; larger windows count non-adjacent pairs and scale
 * the pair count by `1/(windowSize - 1)` when scoring, after Church & Hanks).
 *
 * @example
 * ```ts
 * const finder = BigramCollocationFinder.fromWords('this this is is a a test test'.split(' '));
 * finder.scoreNgrams(BigramAssocMeasures.pmi)[0]; // [['a', 'a'], 1]
 * finder.applyFreqFilter(2).nbest(BigramAssocMeasures.pmi, 5); // []
 * ```
 */
export class BigramCollocationFinder extends CollocationFinder<BigramScoreFn> {
  /** The window the pairs were counted in. */
  readonly windowSize: number;

  private constructor(vocabulary: Vocabulary, pairs: TupleCounter, windowSize: number) {
    super(vocabulary, pairs);
    this.windowSize = windowSize;
  }

  static {
    createBigramFinder = (vocabulary, pairs, windowSize) =>
      new BigramCollocationFinder(
        vocabulary,
        pairs.filter(() => true),
        windowSize,
      );
  }

  /**
   * Count the words and the pairs `(w1, w2)` with `w2` among the `windowSize - 1` words after `w1`.
   * `null` entries are padding: never counted, and pairs across them are not formed.
   */
  static fromWords(words: Iterable<WordOrPad>, windowSize = 2): BigramCollocationFinder {
    checkWindow(windowSize, 2);
    const vocabulary = new Vocabulary();
    return BigramCollocationFinder.fromIds(vocabulary, vocabulary.intern(words), windowSize);
  }

  /**
   * One finder over several documents, as if each were followed by `windowSize - 1` pads: no pair
   * spans two documents (NLTK's `from_documents`, which always uses window 2). Memory and time follow
   * the words whatever the window: a window longer than a document pairs each of its words with all
   * the words after it, as NLTK's does.
   */
  static fromDocuments(documents: Iterable<Iterable<string>>, windowSize = 2): BigramCollocationFinder {
    checkWindow(windowSize, 2);
    const vocabulary = new Vocabulary();
    return BigramCollocationFinder.fromIds(vocabulary, internDocuments(vocabulary, documents), windowSize);
  }

  private static fromIds(
    vocabulary: Vocabulary,
    ids: Int32Array,
    windowSize: number,
  ): BigramCollocationFinder {
    countWords(ids, vocabulary.counts);
    const pairs = TupleCounter.fromPairs(countPairs(ids, windowSize, vocabulary.words.length));
    return new BigramCollocationFinder(vocabulary, pairs, windowSize);
  }

  /** @internal */
  protected scoreAll(fn: BigramScoreFn, scores: Float64Array, scored: Int32Array): number {
    const { ids, counts, size } = this.ngrams;
    const span = this.windowSize - 1;
    return scoreBigrams(fn, ids, counts, size, this.vocabulary.counts, span, this.N, scores, scored);
  }

  /** The score of one pair (undefined if it was not seen), as NLTK's `score_ngram`. */
  scoreNgram(fn: BigramScoreFn, w1: string, w2: string): number | undefined {
    const a = this.vocabulary.id(w1);
    const b = this.vocabulary.id(w2);
    if (a === undefined || b === undefined) return undefined;
    const nii = this.ngrams.countOf(a, b) / (this.windowSize - 1);
    if (nii === 0) return undefined;
    const counts = this.vocabulary.counts;
    return fn(nii, [counts[a]!, counts[b]!], this.N);
  }
}

/**
 * Trigram collocations as NLTK's `TrigramCollocationFinder`: counts of words, of pairs `(w1, w2)`,
 * of "wildcard" pairs `(w1, w3)` and of triples within a window (default 3).
 *
 * @example
 * ```ts
 * const words = 'I do not like green eggs and ham , I do not like them Sam I am !'.split(' ');
 * const finder = TrigramCollocationFinder.fromWords(words).applyFreqFilter(2);
 * finder.scoreNgrams(TrigramAssocMeasures.pmi);
 * // [[['do', 'not', 'like'], 6.339850002884624], [['I', 'do', 'not'], 5.754887502163468]]
 * ```
 */
export class TrigramCollocationFinder extends CollocationFinder<TrigramScoreFn> {
  private readonly pairs: TupleCounter;
  private readonly wildcards: TupleCounter;

  private constructor(
    vocabulary: Vocabulary,
    pairs: TupleCounter,
    wildcards: TupleCounter,
    triples: TupleCounter,
  ) {
    super(vocabulary, triples);
    this.pairs = pairs;
    this.wildcards = wildcards;
  }

  /**
   * Count, for each window start `w1` and each choice of two later words `(w2, w3)` in the window:
   * `w1` once per choice, `(w1, w2)`, `(w1, w3)` and `(w1, w2, w3)` — stopping at padding as NLTK does.
   */
  static fromWords(words: Iterable<WordOrPad>, windowSize = 3): TrigramCollocationFinder {
    checkWindow(windowSize, 3);
    const vocabulary = new Vocabulary();
    return TrigramCollocationFinder.fromIds(vocabulary, vocabulary.intern(words), windowSize);
  }

  /**
   * One finder over several documents, as if each were followed by `windowSize - 1` pads (no triple
   * spans two documents), in memory and time that follow the words whatever the window.
   */
  static fromDocuments(documents: Iterable<Iterable<string>>, windowSize = 3): TrigramCollocationFinder {
    checkWindow(windowSize, 3);
    const vocabulary = new Vocabulary();
    return TrigramCollocationFinder.fromIds(vocabulary, internDocuments(vocabulary, documents), windowSize);
  }

  /**
   * NLTK's counting, choice by choice, without visiting the choices that only meet padding (the
   * positions past the end of a document or of the text, NLTK's `None`): `w1` counts once per choice,
   * that is C(windowSize - 1, 2) times; `(w1, w2)` once per later `w3` slot of the window, present or
   * not, that is `windowSize - 1 - j` times for `w2` at offset `j`; `(w1, w3)` and the triple once per
   * choice whose words are both there.
   */
  private static fromIds(
    vocabulary: Vocabulary,
    ids: Int32Array,
    windowSize: number,
  ): TrigramCollocationFinder {
    checkPairWork(ids, windowSize, choose2);
    const counts = vocabulary.counts;
    const perStart = choose2(windowSize - 1);
    const pairs = new TupleCounter(2);
    const wildcards = new TupleCounter(2);
    const triples = new TupleCounter(3);
    const pair = new Int32Array(2);
    const length = ids.length;
    for (let i = 0, documentStop = 0; i < length; i++) {
      if (i >= documentStop) documentStop = documentEnd(ids, i);
      const first = ids[i]!;
      if (first < 0) continue;
      counts[first]! += perStart;
      // The window's offsets that fall inside the document.
      const reach = Math.min(windowSize - 1, documentStop - i - 1);
      for (let j = 1; j <= reach; j++) {
        const second = ids[i + j]!;
        if (second < 0) continue;
        const laterSlots = windowSize - 1 - j;
        if (laterSlots > 0) {
          pair[0] = first;
          pair[1] = second;
          pairs.add(pair, 0, laterSlots);
        }
        for (let k = j + 1; k <= reach; k++) {
          const third = ids[i + k]!;
          if (third < 0) continue;
          wildcards.increment(first, third);
          triples.increment(first, second, third);
        }
      }
    }
    return new TrigramCollocationFinder(vocabulary, pairs, wildcards, triples);
  }

  /** A bigram finder over this finder's word and pair counts (ignoring filters), as NLTK's. */
  bigramFinder(): BigramCollocationFinder {
    return createBigramFinder(this.vocabulary, this.pairs, 2);
  }

  private scoreIds(fn: TrigramScoreFn, a: number, b: number, c: number, count: number): number | undefined {
    if (count === 0) return undefined;
    const counts = this.vocabulary.counts;
    const niix = this.pairs.countOf(a, b);
    const nixi = this.wildcards.countOf(a, c);
    const nxii = this.pairs.countOf(b, c);
    return fn(count, [niix, nixi, nxii], [counts[a]!, counts[b]!, counts[c]!], this.N);
  }

  /** @internal */
  protected scoreAll(fn: TrigramScoreFn, scores: Float64Array, scored: Int32Array): number {
    const { ids, counts, size } = this.ngrams;
    let count = 0;
    for (let entry = 0; entry < size; entry++) {
      const score = this.scoreIds(
        fn,
        ids[3 * entry]!,
        ids[3 * entry + 1]!,
        ids[3 * entry + 2]!,
        counts[entry]!,
      );
      if (score === undefined) continue;
      scores[entry] = score;
      scored[count++] = entry;
    }
    return count;
  }

  /** The score of one triple (undefined if it was not seen). */
  scoreNgram(fn: TrigramScoreFn, w1: string, w2: string, w3: string): number | undefined {
    const ids = [w1, w2, w3].map((word) => this.vocabulary.id(word));
    if (ids.some((id) => id === undefined)) return undefined;
    const [a, b, c] = ids as [number, number, number];
    return this.scoreIds(fn, a, b, c, this.ngrams.countOf(a, b, c));
  }
}
