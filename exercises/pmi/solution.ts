// Reference solution of docs/exercises/pmi.md.

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
  const counts: BigramCounts = { words: new Map(), pairs: new Map(), total: words.length };
  words.forEach((word, i) => {
    counts.words.set(word, (counts.words.get(word) ?? 0) + 1);
    if (i + 1 < words.length) {
      const key = JSON.stringify([word, words[i + 1]]);
      counts.pairs.set(key, (counts.pairs.get(key) ?? 0) + 1);
    }
  });
  return counts;
}

/**
 * Pointwise mutual information of a pair seen `nii` times, whose words occur `nix` and `nxi`
 * times among `nxx` words: `log2(P(w1 w2) / (P(w1) P(w2)))`, computed as
 * `log2(nii * nxx) - log2(nix * nxi)` (NLTK's `BigramAssocMeasures.pmi`).
 */
export function pmi(nii: number, nix: number, nxi: number, nxx: number): number {
  return Math.log2(nii * nxx) - Math.log2(nix * nxi);
}

/** Python's string order: by code point. */
function compareStrings(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

/**
 * Every pair seen at least `minFreq` times with its PMI, best first; equal scores are ordered by
 * the pair itself (first word, then second), as NLTK's `score_ngrams` sorts by `(-score, ngram)`.
 */
export function scoreBigrams(counts: BigramCounts, minFreq = 1): [[string, string], number][] {
  const scored: [[string, string], number][] = [];
  for (const [key, nii] of counts.pairs) {
    if (nii < minFreq) continue;
    const [w1, w2] = JSON.parse(key) as [string, string];
    scored.push([[w1, w2], pmi(nii, counts.words.get(w1)!, counts.words.get(w2)!, counts.total)]);
  }
  return scored.sort(
    (a, b) => b[1] - a[1] || compareStrings(a[0][0], b[0][0]) || compareStrings(a[0][1], b[0][1]),
  );
}

/** The `n` best pairs by PMI (NLTK's `nbest`). */
export function nbest(counts: BigramCounts, n: number, minFreq = 1): [string, string][] {
  return scoreBigrams(counts, minFreq)
    .slice(0, n)
    .map(([pair]) => pair);
}
