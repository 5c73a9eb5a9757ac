// Reference solution of docs/exercises/freqdist-ngrams.md.

/** The n-grams of `tokens`: every run of `n` consecutive tokens, in order (NLTK's `ngrams`). */
export function ngrams(tokens: readonly string[], n: number): string[][] {
  const out: string[][] = [];
  for (let i = 0; i + n <= tokens.length; i++) out.push(tokens.slice(i, i + n));
  return out;
}

/** How often each sample occurs; the Map keeps samples in order of first occurrence. */
export function countSamples(samples: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const sample of samples) counts.set(sample, (counts.get(sample) ?? 0) + 1);
  return counts;
}

/** `N()`: the number of samples counted. `B()` is simply `counts.size`. */
export function totalCount(counts: ReadonlyMap<string, number>): number {
  let total = 0;
  for (const count of counts.values()) total += count;
  return total;
}

/**
 * `most_common(n)`: the samples by count, highest first; samples with equal counts stay in order
 * of first occurrence (a stable sort, as Python's `Counter`).
 */
export function mostCommon(counts: ReadonlyMap<string, number>, n?: number): [string, number][] {
  const sorted = [...counts].sort((a, b) => b[1] - a[1]); // Array.prototype.sort is stable
  return n === undefined ? sorted : sorted.slice(0, n);
}

/** `hapaxes()`: the samples that occur exactly once, in order of first occurrence. */
export function hapaxes(counts: ReadonlyMap<string, number>): string[] {
  return [...counts].filter(([, count]) => count === 1).map(([sample]) => sample);
}
