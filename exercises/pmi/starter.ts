// biome-ignore-all lint/correctness/noUnusedFunctionParameters: the parameters are there for you to use.
// Exercise: PMI collocations.
// The task, background and hints: docs/exercises/pmi.md
// Check your work with: pnpm exercise pmi
import { Todo } from '../implementation.js';

/** Counts for bigram collocations: words, adjacent pairs (key `'w1 w2'`... as a tuple), and N. */
export interface BigramCounts {
  /** How often each word occurs. */
  words: Map<string, number>;
  /** How often each adjacent pair occurs, keyed by `JSON.stringify([w1, w2])`. */
  pairs: Map<string, number>;
  /** The number of words. */
  total: number;
}

/** Count the words and the adjacent pairs of `words` (NLTK's `BigramCollocationFinder.from_words`). */
export function countBigrams(words: readonly string[]): BigramCounts {
  // TODO step 1: count every word, and every adjacent pair under JSON.stringify([w1, w2]).
  throw new Todo('step 1, countBigrams: count the words and the adjacent pairs');
}

/**
 * Pointwise mutual information of a pair seen `nii` times, whose words occur `nix` and `nxi`
 * times among `nxx` words: `log2(P(w1 w2) / (P(w1) P(w2)))`, computed as
 * `log2(nii * nxx) - log2(nix * nxi)` (NLTK's `BigramAssocMeasures.pmi`).
 */
export function pmi(nii: number, nix: number, nxi: number, nxx: number): number {
  // TODO step 2: the formula above, with Math.log2, in that order (for NLTK's exact floats).
  throw new Todo('step 2, pmi: log2(nii * nxx) - log2(nix * nxi)');
}

/**
 * Every pair seen at least `minFreq` times with its PMI, best first; equal scores are ordered by
 * the pair itself (first word, then second), as NLTK's `score_ngrams` sorts by `(-score, ngram)`.
 */
export function scoreBigrams(counts: BigramCounts, minFreq = 1): [[string, string], number][] {
  // TODO step 3: score each pair, sort by score descending, then by w1, then w2 (code point order).
  throw new Todo('step 3, scoreBigrams: every pair with its PMI, sorted by (-score, w1, w2)');
}

/** The `n` best pairs by PMI (NLTK's `nbest`). */
export function nbest(counts: BigramCounts, n: number, minFreq = 1): [string, string][] {
  // TODO step 4: the first n pairs of scoreBigrams.
  throw new Todo('step 4, nbest: the n best-scoring pairs');
}
