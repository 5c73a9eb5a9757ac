/**
 * The words kept for training, most frequent first, with the tables gensim derives from their counts.
 *
 * @example
 * ```ts
 * const vocabulary = buildVocabulary([['a', 'b', 'a']], { minCount: 1, sample: 0 });
 * vocabulary.words; // ['a', 'b']
 * vocabulary.counts; // [2, 1]
 * ```
 */
export interface Vocabulary {
  /** Kept words, by descending count (ties in order of first appearance). */
  words: string[];
  /** Corpus count of each kept word. */
  counts: number[];
  /** Row of each kept word. */
  index: Map<string, number>;
  /** Tokens in the corpus, kept or not (the denominator of the learning-rate decay). */
  totalTokens: number;
  /**
   * Per word, the probability of keeping an occurrence scaled to 2^32 (gensim's `sample_int`): an occurrence
   * is dropped when a random 32-bit integer exceeds it.
   */
  keepThreshold: Float64Array;
  /** Cumulative count^0.75 scaled to 2^31 - 1 (gensim's `cum_table`), for drawing negative samples. */
  negativeTable: Float64Array;
}

/**
 * Options of {@link buildVocabulary}.
 *
 * @example
 * ```ts
 * const options: VocabularyOptions = { minCount: 5, sample: 1e-3, maxVocabSize: 1_000_000 };
 * ```
 */
export interface VocabularyOptions {
  /** Words seen fewer times are dropped (gensim's `min_count`). */
  minCount: number;
  /** Down-sampling of frequent words (gensim's `sample`; 0 turns it off). */
  sample: number;
  /**
   * Bound on distinct words held while counting (gensim's `max_vocab_size`): whenever a sentence leaves more,
   * the words seen fewer than 1, then 2, 3 … times (one more at each pruning) are forgotten, so memory stays
   * bounded on any corpus. Unset: no bound.
   */
  maxVocabSize?: number;
  /** Keep at most this many words, raising `minCount` as needed (gensim's `max_final_vocab`). Unset: no limit. */
  maxFinalVocab?: number;
}

/**
 * Counts words sentence by sentence, pruning as gensim's `scan_vocab` does when `maxVocabSize` is set; then
 * {@link VocabularyCounter.finish} keeps the frequent ones. Lets a corpus be counted from any source, a
 * stream included.
 *
 * @example
 * ```ts
 * const counter = new VocabularyCounter({ minCount: 1, sample: 0 });
 * counter.add(['a', 'b', 'a']);
 * counter.finish().words; // ['a', 'b']
 * ```
 */
export class VocabularyCounter {
  private readonly counts = new Map<string, number>();
  private totalTokens = 0;
  private minReduce = 1;
  private readonly options: VocabularyOptions;

  /**
   * Starts an empty count.
   *
   * @example
   * ```ts
   * const counter = new VocabularyCounter({ minCount: 5, sample: 1e-3, maxVocabSize: 100_000 });
   * ```
   */
  constructor(options: VocabularyOptions) {
    this.options = options;
  }

  /**
   * The counts held so far (after any pruning), in order of first appearance (gensim's `raw_vocab`).
   *
   * @example
   * ```ts
   * counter.rawCounts.get('a'); // 2
   * ```
   */
  get rawCounts(): ReadonlyMap<string, number> {
    return this.counts;
  }

  /**
   * Counts one sentence, then prunes if the distinct words exceed `maxVocabSize`.
   *
   * @example
   * ```ts
   * counter.add(['to', 'be', 'or', 'not', 'to', 'be']);
   * ```
   */
  add(sentence: readonly string[]): void {
    const counts = this.counts;
    for (const word of sentence) counts.set(word, (counts.get(word) ?? 0) + 1);
    this.totalTokens += sentence.length;
    const { maxVocabSize } = this.options;
    if (maxVocabSize !== undefined && counts.size > maxVocabSize) {
      // As gensim's prune_vocab: forget words seen fewer than minReduce times (none on the first pruning).
      for (const [word, count] of counts) if (count < this.minReduce) counts.delete(word);
      this.minReduce++;
    }
  }

  /**
   * The vocabulary: words seen at least `minCount` times (raised to honour `maxFinalVocab`), most frequent
   * first, with the down-sampling and negative-sampling tables. An empty corpus or an empty vocabulary is an
   * error saying so.
   *
   * @example
   * ```ts
   * const vocabulary = counter.finish();
   * ```
   */
  finish(): Vocabulary {
    const { counts, totalTokens } = this;
    if (totalTokens === 0) throw new Error('empty corpus: no tokens to train on');
    let minCount = this.options.minCount;
    const { maxFinalVocab } = this.options;
    // Array.prototype.sort is stable: equal counts stay in order of first appearance.
    const sorted = [...counts].sort((a, b) => b[1] - a[1]);
    if (maxFinalVocab !== undefined && maxFinalVocab < sorted.length) {
      minCount = Math.max(minCount, (sorted[maxFinalVocab]?.[1] as number) + 1);
    }
    const kept = sorted.filter(([, count]) => count >= minCount);
    if (kept.length === 0) {
      const highest = sorted[0]?.[1] ?? 0;
      const why =
        minCount === this.options.minCount
          ? `minCount ${minCount}`
          : `minCount ${minCount} (raised from ${this.options.minCount} by maxFinalVocab ${maxFinalVocab})`;
      throw new Error(
        `vocabulary empty after ${why}: the corpus has ${counts.size} distinct words, the most frequent seen ${highest} times`,
      );
    }
    return vocabularyFromCounts(
      kept.map(([word]) => word),
      kept.map(([, count]) => count),
      totalTokens,
      this.options.sample,
    );
  }
}

/**
 * Counts the words of `sentences`, keeps those seen at least `minCount` times and computes gensim's
 * down-sampling thresholds and unigram^0.75 negative-sampling table. An empty corpus or a vocabulary left empty
 * by `minCount` is an error saying so.
 *
 * @example
 * ```ts
 * buildVocabulary([['to', 'be', 'or', 'not', 'to', 'be']], { minCount: 2, sample: 0 }).words; // ['to', 'be']
 * ```
 */
export function buildVocabulary(
  sentences: Iterable<readonly string[]>,
  options: VocabularyOptions,
): Vocabulary {
  const counter = new VocabularyCounter(options);
  for (const sentence of sentences) counter.add(sentence);
  return counter.finish();
}

/**
 * A vocabulary from words already counted and sorted (most frequent first), as a saved model holds it.
 *
 * @example
 * ```ts
 * vocabularyFromCounts(['a', 'b'], [3, 1], 4, 0).negativeTable.length; // 2
 * ```
 */
export function vocabularyFromCounts(
  words: string[],
  counts: number[],
  totalTokens: number,
  sample: number,
): Vocabulary {
  return {
    words,
    counts,
    index: new Map(words.map((word, row) => [word, row])),
    totalTokens,
    keepThreshold: keepThresholds(counts, sample),
    negativeTable: negativeTable(counts),
  };
}

function keepThresholds(counts: readonly number[], sample: number): Float64Array {
  const retained = counts.reduce((sum, count) => sum + count, 0);
  const threshold =
    sample === 0 ? retained : sample < 1 ? sample * retained : Math.trunc((sample * (3 + Math.sqrt(5))) / 2);
  return Float64Array.from(counts, (count) => {
    const probability = Math.min(1, (Math.sqrt(count / threshold) + 1) * (threshold / count));
    return Math.round(probability * 2 ** 32);
  });
}

function negativeTable(counts: readonly number[]): Float64Array {
  const domain = 2 ** 31 - 1;
  const total = counts.reduce((sum, count) => sum + count ** 0.75, 0);
  const table = new Float64Array(counts.length);
  let cumulative = 0;
  counts.forEach((count, row) => {
    cumulative += count ** 0.75;
    table[row] = Math.round((cumulative / total) * domain);
  });
  return table;
}
