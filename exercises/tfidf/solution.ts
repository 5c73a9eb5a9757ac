// Reference solution of docs/exercises/tfidf.md.

/**
 * scikit-learn's default analyzer: lowercase, then `(?u)\b\w\w+\b`, runs of two or more word
 * characters. Python's `\w` is letters, numbers and `_`, without combining marks.
 */
export function analyze(doc: string): string[] {
  return doc.toLowerCase().match(/[\p{L}\p{N}_]{2,}/gu) ?? [];
}

/** The features: every term of every document, once, sorted by code point (Python's `sorted`). */
export function vocabulary(docs: readonly string[]): string[] {
  const terms = new Set(docs.flatMap(analyze));
  return [...terms].sort((a, b) => {
    const x = [...a];
    const y = [...b];
    for (let i = 0; i < Math.min(x.length, y.length); i++) {
      const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
      if (d !== 0) return d;
    }
    return x.length - y.length;
  });
}

/** The document-term matrix: `counts[d][j]` is how often feature `j` occurs in document `d`. */
export function countMatrix(docs: readonly string[], features: readonly string[]): number[][] {
  const column = new Map(features.map((term, j) => [term, j]));
  return docs.map((doc) => {
    const row = new Array<number>(features.length).fill(0);
    for (const term of analyze(doc)) {
      const j = column.get(term);
      if (j !== undefined) row[j]!++;
    }
    return row;
  });
}

/**
 * Smoothed inverse document frequency, as scikit-learn computes it by default:
 * `idf = ln((1 + n) / (1 + df)) + 1`, where `df` is the number of documents containing the term.
 * The smoothing acts as if one extra document contained every term once, so no idf is infinite.
 */
export function idf(counts: readonly (readonly number[])[]): number[] {
  const n = counts.length;
  const columns = counts[0]?.length ?? 0;
  return Array.from({ length: columns }, (_, j) => {
    const df = counts.filter((row) => row[j]! > 0).length;
    return Math.log((1 + n) / (1 + df)) + 1;
  });
}

/** TF-IDF: each count times its term's idf, then each row scaled to Euclidean length 1 (L2). */
export function tfidf(counts: readonly (readonly number[])[], weights: readonly number[]): number[][] {
  return counts.map((row) => {
    const weighted = row.map((count, j) => count * weights[j]!);
    const norm = Math.sqrt(weighted.reduce((sum, x) => sum + x * x, 0));
    return norm === 0 ? weighted : weighted.map((x) => x / norm);
  });
}
