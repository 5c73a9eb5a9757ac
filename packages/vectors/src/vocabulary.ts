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
 * const options: VocabularyOptions = { minCount: 5, sample: 1e-3 };
 * ```
 */
export interface VocabularyOptions {
  /** Words seen fewer times are dropped (gensim's `min_count`). */
  minCount: number;
  /** Down-sampling of frequent words (gensim's `sample`; 0 turns it off). */
  sample: number;
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
  sentences: readonly (readonly string[])[],
  options: VocabularyOptions,
): Vocabulary {
  const counts = new Map<string, number>();
  let totalTokens = 0;
  for (const sentence of sentences) {
    for (const word of sentence) counts.set(word, (counts.get(word) ?? 0) + 1);
    totalTokens += sentence.length;
  }
  if (totalTokens === 0) throw new Error('empty corpus: no tokens to train on');
  const kept = [...counts].filter(([, count]) => count >= options.minCount);
  if (kept.length === 0) {
    const highest = Math.max(...counts.values());
    throw new Error(
      `vocabulary empty after minCount ${options.minCount}: the corpus has ${counts.size} distinct words, the most frequent seen ${highest} times`,
    );
  }
  // Array.prototype.sort is stable: equal counts stay in order of first appearance.
  kept.sort((a, b) => b[1] - a[1]);
  const words = kept.map(([word]) => word);
  const wordCounts = kept.map(([, count]) => count);
  return {
    words,
    counts: wordCounts,
    index: new Map(words.map((word, row) => [word, row])),
    totalTokens,
    keepThreshold: keepThresholds(wordCounts, options.sample),
    negativeTable: negativeTable(wordCounts),
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
