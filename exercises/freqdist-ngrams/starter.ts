// biome-ignore-all lint/correctness/noUnusedFunctionParameters: the parameters are there for you to use.
// Exercise: FreqDist and n-grams.
// The task, background and hints: docs/exercises/freqdist-ngrams.md
// Check your work with: pnpm exercise freqdist-ngrams
import { Todo } from '../implementation.js';

/** The n-grams of `tokens`: every run of `n` consecutive tokens, in order (NLTK's `ngrams`). */
export function ngrams(tokens: readonly string[], n: number): string[][] {
  // TODO step 1: tokens[i..i+n) for every i where it fits.
  throw new Todo('step 1, ngrams: every run of n consecutive tokens');
}

/** How often each sample occurs; the Map keeps samples in order of first occurrence. */
export function countSamples(samples: Iterable<string>): Map<string, number> {
  // TODO step 2: count with a Map.
  throw new Todo('step 2, countSamples: count each sample in a Map');
}

/** `N()`: the number of samples counted. `B()` is simply `counts.size`. */
export function totalCount(counts: ReadonlyMap<string, number>): number {
  // TODO step 2: the sum of the counts.
  throw new Todo('step 2, totalCount: the sum of all counts');
}

/**
 * `most_common(n)`: the samples by count, highest first; samples with equal counts stay in order
 * of first occurrence (a stable sort, as Python's `Counter`).
 */
export function mostCommon(counts: ReadonlyMap<string, number>, n?: number): [string, number][] {
  // TODO step 3: sort the entries by count, descending, keeping ties in Map order; keep the first n.
  throw new Todo('step 3, mostCommon: entries by count, highest first, ties in first-seen order');
}

/** `hapaxes()`: the samples that occur exactly once, in order of first occurrence. */
export function hapaxes(counts: ReadonlyMap<string, number>): string[] {
  // TODO step 4: the samples whose count is 1.
  throw new Todo('step 4, hapaxes: the samples seen exactly once');
}
