import { describe, expect, it } from 'vitest';
import { CooccurrenceMatrix, cosineSimilarity } from './cooccurrence.js';

const sentences = [
  'the cat drinks milk',
  'the dog drinks water',
  'the cat eats fish',
  'the dog eats meat',
].map((s) => s.split(' '));

describe('CooccurrenceMatrix', () => {
  it('counts symmetric windows', () => {
    const m = CooccurrenceMatrix.fromWords(['a', 'b', 'c'], { window: 1 });
    expect(m.vocabulary).toEqual(['a', 'b', 'c']);
    expect(m.counts.toDense()).toEqual([
      [0, 1, 0],
      [1, 0, 1],
      [0, 1, 0],
    ]);
    const right = CooccurrenceMatrix.fromWords(['a', 'b', 'c'], {
      window: 2,
      symmetric: false,
      harmonic: true,
    });
    expect(right.count('a', 'c')).toBe(0.5);
    expect(right.count('c', 'a')).toBe(0);
  });
  it('does not cross documents and skips rare words without closing the gap', () => {
    const m = CooccurrenceMatrix.fromDocuments(
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
      { window: 3 },
    );
    expect(m.count('b', 'c')).toBe(0);
    const rare = CooccurrenceMatrix.fromWords(['a', 'x', 'a', 'b', 'b'], { window: 1, minCount: 2 });
    expect(rare.vocabulary).toEqual(['a', 'b']);
    expect(rare.count('a', 'a')).toBe(0);
    expect(rare.count('a', 'b')).toBe(1);
  });
  it('computes PMI and PPMI from the counts', () => {
    const m = CooccurrenceMatrix.fromWords(['a', 'b', 'a', 'c'], { window: 1 });
    // pairs: (a,b) (b,a) (b,a) (a,b) (a,c) (c,a); total 6, row sums a:3 b:2 c:1
    expect(m.pmi('a', 'b')).toBeCloseTo(Math.log2(2 / 6 / ((3 / 6) * (2 / 6))), 12);
    expect(m.pmi('a', 'a')).toBe(Number.NEGATIVE_INFINITY);
    expect(m.pmi('a', 'zzz')).toBeUndefined();
    const ppmi = m.ppmi();
    expect(ppmi.get(0, 1)).toBeCloseTo(Math.log2(2), 12);
    expect(ppmi.get(0, 0)).toBe(0);
    expect(m.ppmi({ shift: 4 }).nnz).toBe(0);
    expect(m.ppmi({ alpha: 0.75 }).nnz).toBeGreaterThan(0);
  });
  it('finds distributional neighbours', () => {
    const m = CooccurrenceMatrix.fromDocuments(sentences, { window: 1 });
    const [best] = m.nearestNeighbours('cat', 1);
    expect(best![0]).toBe('dog');
    expect(best![1]).toBeCloseTo(1, 12);
    expect(m.similarity('cat', 'dog')).toBeGreaterThan(m.similarity('cat', 'milk')!);
    expect(() => m.nearestNeighbours('unicorn')).toThrow(/not in the vocabulary/);
  });
  it('computes cosine similarity of sparse rows', () => {
    const a = { indices: Int32Array.of(0, 2), data: Float64Array.of(1, 1) };
    const b = { indices: Int32Array.of(2), data: Float64Array.of(3) };
    expect(cosineSimilarity(a, b)).toBeCloseTo(Math.SQRT1_2, 15);
    expect(cosineSimilarity(a, { indices: new Int32Array(), data: new Float64Array() })).toBe(0);
  });

  it('refuses a window that makes the work quadratic in the text (a window of 1e9 over one long document)', () => {
    const words = Array.from({ length: 100_000 }, (_, i) => `w${i}`);
    expect(() => CooccurrenceMatrix.fromDocuments([words], { window: 1e9 })).toThrow(
      'a window of 1000000000 over 100000 words means 5.00e+9 word pairs to visit, more than the 1e+9 allowed; use a smaller window or less text',
    );
    // Documents are counted apart: the same words in documents of 10 are little work.
    const short = Array.from({ length: 10_000 }, (_, d) => words.slice(d * 10, d * 10 + 10));
    expect(CooccurrenceMatrix.fromDocuments(short, { window: 1e9 }).vocabulary).toHaveLength(100_000);
  });
});
