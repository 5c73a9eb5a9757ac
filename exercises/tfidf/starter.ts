// biome-ignore-all lint/correctness/noUnusedFunctionParameters: the parameters are there for you to use.
// Exercise: TF-IDF by hand.
// The task, background and hints: docs/exercises/tfidf.md
// Check your work with: pnpm exercise tfidf
import { Todo } from '../implementation.js';

/**
 * scikit-learn's default analyzer: lowercase, then `(?u)\b\w\w+\b`, runs of two or more word
 * characters. Python's `\w` is letters, numbers and `_`, without combining marks.
 */
export function analyze(doc: string): string[] {
  // TODO step 1: lowercase, then every run of 2+ characters from [\p{L}\p{N}_].
  throw new Todo('step 1, analyze: lowercase and find the runs of two or more word characters');
}

/** The features: every term of every document, once, sorted by code point (Python's `sorted`). */
export function vocabulary(docs: readonly string[]): string[] {
  // TODO step 1: the distinct terms of all documents, sorted by code point.
  throw new Todo('step 1, vocabulary: the distinct terms, sorted');
}

/** The document-term matrix: `counts[d][j]` is how often feature `j` occurs in document `d`. */
export function countMatrix(docs: readonly string[], features: readonly string[]): number[][] {
  // TODO step 2: one row per document, one column per feature.
  throw new Todo('step 2, countMatrix: count each feature in each document');
}

/**
 * Smoothed inverse document frequency, as scikit-learn computes it by default:
 * `idf = ln((1 + n) / (1 + df)) + 1`, where `df` is the number of documents containing the term.
 * The smoothing acts as if one extra document contained every term once, so no idf is infinite.
 */
export function idf(counts: readonly (readonly number[])[]): number[] {
  // TODO step 3: df per column, then the formula above (Math.log is the natural log).
  throw new Todo('step 3, idf: ln((1 + n) / (1 + df)) + 1 for each column');
}

/** TF-IDF: each count times its term's idf, then each row scaled to Euclidean length 1 (L2). */
export function tfidf(counts: readonly (readonly number[])[], weights: readonly number[]): number[][] {
  // TODO step 4: multiply, then divide each row by its L2 norm (leave an all-zero row alone).
  throw new Todo('step 4, tfidf: count × idf, then L2-normalise each row');
}
