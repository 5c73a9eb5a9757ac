import type { BigramScoreFn, TrigramScoreFn } from './association.js';
import { FreqDist } from './freqdist.js';
import { compareCodePoints } from './python-order.js';
import { TupleCounter } from './tuple-counter.js';

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
  readonly ids = new Map<string, number>();
  counts: number[] = [];
  private ranks: Int32Array | undefined;

  id(word: string): number {
    let id = this.ids.get(word);
    if (id === undefined) {
      id = this.words.length;
      this.ids.set(word, id);
      this.words.push(word);
      this.counts.push(0);
      this.ranks = undefined;
    }
    return id;
  }

  /** `rank[id]`: the position of the word in code point order, to compare tuples with integers. */
  rank(): Int32Array {
    if (!this.ranks) {
      const order = this.words
        .map((_, id) => id)
        .sort((a, b) => compareCodePoints(this.words[a]!, this.words[b]!));
      const ranks = new Int32Array(order.length);
      order.forEach((id, position) => {
        ranks[id] = position;
      });
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

  /** @internal Score entry `entry` of `ngrams` (undefined = not scored, as NLTK's `None`). */
  protected abstract scoreEntry(fn: Fn, entry: number): number | undefined;

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
    const scored: number[] = [];
    for (let entry = 0; entry < size; entry++) {
      const score = this.scoreEntry(fn, entry);
      if (score === undefined) continue;
      scores[entry] = score;
      scored.push(entry);
    }
    const order = rankOrder(
      this.ngrams,
      scored,
      scores,
      this.vocabulary.rank(),
      this.vocabulary.words.length,
    );
    const { arity, ids } = this.ngrams;
    const words = this.vocabulary.words;
    const result: ScoredNgram[] = new Array(order.length);
    for (let i = 0; i < order.length; i++) {
      const entry = order[i]!;
      const gram: string[] =
        arity === 2 ? [words[ids[2 * entry]!]!, words[ids[2 * entry + 1]!]!] : this.entryWords(entry);
      result[i] = [gram, scores[entry]!];
    }
    return result;
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

/**
 * The scored entries in NLTK's order — score descending, ties by the tuple of words in code point
 * order — without a comparison sort over all entries: a radix sort by word rank (last word first)
 * gives the tie order, then entries are bucketed by score and the distinct scores sorted.
 */
function rankOrder(
  ngrams: TupleCounter,
  entries: number[],
  scores: Float64Array,
  rank: Int32Array,
  vocabularySize: number,
): Int32Array {
  const { arity, ids } = ngrams;
  const n = entries.length;
  let current = Int32Array.from(entries);
  let next = new Int32Array(n);
  const counts = new Int32Array(vocabularySize + 1);
  for (let k = arity - 1; k >= 0; k--) {
    counts.fill(0);
    for (let i = 0; i < n; i++) counts[rank[ids[current[i]! * arity + k]!]! + 1]!++;
    for (let r = 0; r < vocabularySize; r++) counts[r + 1]! += counts[r]!;
    for (let i = 0; i < n; i++) {
      const entry = current[i]!;
      next[counts[rank[ids[entry * arity + k]!]!]!++] = entry;
    }
    const swap = current;
    current = next;
    next = swap;
  }
  // Then a stable counting sort by score: distinct scores from a native sort, each entry's bucket by
  // binary search (-0 and 0 are one score, as Python compares them; NaN goes last).
  const sortedScores = new Float64Array(n);
  for (let i = 0; i < n; i++) sortedScores[i] = scores[current[i]!]!;
  sortedScores.sort();
  const distinct = new Float64Array(n);
  let distinctCount = 0;
  let nanCount = 0;
  for (let i = 0; i < n; i++) {
    const score = sortedScores[i]!;
    if (Number.isNaN(score)) nanCount++;
    else if (distinctCount === 0 || distinct[distinctCount - 1] !== score) distinct[distinctCount++] = score;
  }
  const bucketCount = distinctCount + (nanCount > 0 ? 1 : 0);
  const bucketOf = new Int32Array(n);
  const starts = new Int32Array(bucketCount + 1);
  for (let i = 0; i < n; i++) {
    const score = scores[current[i]!]!;
    let bucket: number;
    if (Number.isNaN(score)) bucket = bucketCount - 1;
    else {
      let low = 0;
      let high = distinctCount - 1;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (distinct[middle]! < score) low = middle + 1;
        else high = middle;
      }
      bucket = distinctCount - 1 - low; // highest score first
    }
    bucketOf[i] = bucket;
    starts[bucket + 1]!++;
  }
  for (let b = 0; b < bucketCount; b++) starts[b + 1]! += starts[b]!;
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[starts[bucketOf[i]!]!++] = current[i]!;
  return order;
}

function* padDocuments(documents: Iterable<Iterable<string>>, padding: number): Generator<WordOrPad> {
  for (const document of documents) {
    yield* document;
    for (let i = 0; i < padding; i++) yield null;
  }
}

function checkWindow(windowSize: number, minimum: number): void {
  if (!Number.isInteger(windowSize) || windowSize < minimum)
    throw new RangeError(`windowSize must be an integer >= ${minimum}, got ${windowSize}`);
}

/** The words as an array of ids (-1 for padding), interning them into `vocabulary`. */
function internWords(words: Iterable<WordOrPad>, vocabulary: Vocabulary): Int32Array {
  const list = Array.isArray(words) ? (words as WordOrPad[]) : [...words];
  const ids = new Int32Array(list.length);
  for (let i = 0; i < list.length; i++) {
    const word = list[i];
    ids[i] = word === null || word === undefined ? -1 : vocabulary.id(word);
  }
  return ids;
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
    const ids = internWords(words, vocabulary);
    const counts = vocabulary.counts;
    const pairs = new TupleCounter(2, Math.max(1024, ids.length >> 2));
    const length = ids.length;
    for (let i = 0; i < length; i++) {
      const first = ids[i]!;
      if (first < 0) continue;
      counts[first]!++;
      const end = Math.min(length, i + windowSize);
      for (let j = i + 1; j < end; j++) {
        const second = ids[j]!;
        if (second >= 0) pairs.increment(first, second);
      }
    }
    return new BigramCollocationFinder(vocabulary, pairs, windowSize);
  }

  /**
   * One finder over several documents: each is followed by `windowSize - 1` pads, so no pair spans
   * two documents (NLTK's `from_documents`, which always uses window 2).
   */
  static fromDocuments(documents: Iterable<Iterable<string>>, windowSize = 2): BigramCollocationFinder {
    checkWindow(windowSize, 2);
    return BigramCollocationFinder.fromWords(padDocuments(documents, windowSize - 1), windowSize);
  }

  /** @internal */
  protected scoreEntry(fn: BigramScoreFn, entry: number): number | undefined {
    const nii = this.ngrams.counts[entry]! / (this.windowSize - 1);
    if (nii === 0) return undefined;
    const ids = this.ngrams.ids;
    const counts = this.vocabulary.counts;
    // One marginals pair reused for every call: measures read it and return a number.
    const marginals = this.marginals;
    marginals[0] = counts[ids[2 * entry]!]!;
    marginals[1] = counts[ids[2 * entry + 1]!]!;
    return fn(nii, marginals, this.N);
  }

  private readonly marginals: [number, number] = [0, 0];

  /** The score of one pair (undefined if it was not seen), as NLTK's `score_ngram`. */
  scoreNgram(fn: BigramScoreFn, w1: string, w2: string): number | undefined {
    const a = this.vocabulary.ids.get(w1);
    const b = this.vocabulary.ids.get(w2);
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
    const ids = internWords(words, vocabulary);
    const counts = vocabulary.counts;
    const pairs = new TupleCounter(2);
    const wildcards = new TupleCounter(2);
    const triples = new TupleCounter(3);
    const length = ids.length;
    const at = (position: number) => (position < length ? ids[position]! : -1);
    for (let i = 0; i < length; i++) {
      const first = ids[i]!;
      if (first < 0) continue;
      for (let j = 1; j < windowSize; j++) {
        for (let k = j + 1; k < windowSize; k++) {
          counts[first]!++;
          const second = at(i + j);
          if (second < 0) continue;
          pairs.increment(first, second);
          const third = at(i + k);
          if (third < 0) continue;
          wildcards.increment(first, third);
          triples.increment(first, second, third);
        }
      }
    }
    return new TrigramCollocationFinder(vocabulary, pairs, wildcards, triples);
  }

  /** One finder over several documents, each followed by `windowSize - 1` pads. */
  static fromDocuments(documents: Iterable<Iterable<string>>, windowSize = 3): TrigramCollocationFinder {
    checkWindow(windowSize, 3);
    return TrigramCollocationFinder.fromWords(padDocuments(documents, windowSize - 1), windowSize);
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
  protected scoreEntry(fn: TrigramScoreFn, entry: number): number | undefined {
    const ids = this.ngrams.ids;
    return this.scoreIds(
      fn,
      ids[3 * entry]!,
      ids[3 * entry + 1]!,
      ids[3 * entry + 2]!,
      this.ngrams.counts[entry]!,
    );
  }

  /** The score of one triple (undefined if it was not seen). */
  scoreNgram(fn: TrigramScoreFn, w1: string, w2: string, w3: string): number | undefined {
    const ids = [w1, w2, w3].map((word) => this.vocabulary.ids.get(word));
    if (ids.some((id) => id === undefined)) return undefined;
    const [a, b, c] = ids as [number, number, number];
    return this.scoreIds(fn, a, b, c, this.ngrams.countOf(a, b, c));
  }
}
