import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BigramCollocationFinder, TrigramCollocationFinder } from './collocations.js';
import { countPairs, pairOccurrences } from './pair-counts.js';

describe('countPairs', () => {
  it('counts the same pairs in the same order by key as by buckets', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -1, max: 6 }), { maxLength: 60 }),
        fc.integer({ min: 2, max: 80 }),
        (values, windowSize) => {
          const words = Int32Array.from(values);
          const bucketed = countPairs(words, windowSize, 7);
          const byKey = countPairs(words, windowSize, 7, 0);
          expect(byKey.size).toBe(bucketed.size);
          expect(Array.from(byKey.ids)).toEqual(Array.from(bucketed.ids));
          expect(Array.from(byKey.counts)).toEqual(Array.from(bucketed.counts));
        },
      ),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 500) },
    );
  });

  it('knows how many pairs a window holds, a window longer than the text included', () => {
    expect(pairOccurrences(5, 1)).toBe(4);
    expect(pairOccurrences(5, 100)).toBe(10);
    expect(pairOccurrences(0, 100)).toBe(0);
  });
});

describe('collocation windows are bounded', () => {
  const words = Array.from({ length: 400_000 }, (_, i) => `w${i % 5000}`);

  it('a window of 100,000 over 400,000 words is refused with the sizes, not an Int32 overflow', () => {
    expect(() => BigramCollocationFinder.fromWords(words, 100_000)).toThrow(
      'a window of 100000 over 400000 words means 4.00e+10 word combinations to count, more than the 1e+9 allowed; use a smaller window or less text',
    );
    expect(() => TrigramCollocationFinder.fromWords(words, 1000)).toThrow(
      /a window of 1000 over 400000 words/,
    );
  });

  it('a window far longer than a short text counts every pair once', () => {
    const finder = BigramCollocationFinder.fromWords(['a', 'b', 'a'], 1e9);
    const count = (w1: string, w2: string) => finder.scoreNgram((nii) => nii * (1e9 - 1), w1, w2);
    expect(count('a', 'b')).toBeCloseTo(1, 9);
    expect(count('a', 'a')).toBeCloseTo(1, 9);
    expect(count('b', 'b')).toBeUndefined();
  });

  it('a large window over many words counts by pair, in memory linear in distinct pairs', () => {
    const finder = BigramCollocationFinder.fromWords(words.slice(0, 20_000), 1000);
    // 20,000 words, 999 after each: 19,480,500 occurrences over 5000 words cycling, counted by key.
    expect(finder.scoreNgram((nii) => nii * 999, 'w0', 'w1')).toBe(4);
  });
});
