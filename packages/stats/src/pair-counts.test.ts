import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BigramAssocMeasures, TrigramAssocMeasures } from './association.js';
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

  it('a window far longer than short documents needs no padding of its size, as NLTK gives it', () => {
    // NLTK pads each document with windowSize - 1 Nones; counted here with a break between documents,
    // a window of 20 million over three words is three pairs (it was 20 million pads, then refused).
    const finder = BigramCollocationFinder.fromDocuments([['a', 'b', 'c']], 20_000_000);
    expect(finder.N).toBe(3);
    expect(finder.nbest(BigramAssocMeasures.rawFreq, 5)).toEqual([
      ['a', 'b'],
      ['a', 'c'],
      ['b', 'c'],
    ]);
    const trigrams = TrigramCollocationFinder.fromDocuments([['a', 'b', 'c']], 20_000_000);
    expect([...trigrams.ngramEntries()]).toEqual([[['a', 'b', 'c'], 1]]);
  });

  it('a window over several documents matches NLTK (documents padded by windowSize - 1 Nones)', () => {
    // NLTK 3.8: from_words(chain(doc + (None,) * (w - 1) for doc in docs), window_size=w).
    const documents = [
      ['a', 'b', 'c', 'b'],
      ['a', 'c'],
    ];
    const bigrams = BigramCollocationFinder.fromDocuments(documents, 3000);
    expect(bigrams.N).toBe(6);
    const pmi = bigrams.scoreNgrams(BigramAssocMeasures.pmi);
    expect(pmi.map(([gram]) => gram.join(' '))).toEqual(['a b', 'a c', 'b b', 'b c', 'c b']);
    expect(pmi[0]![1]).toBeCloseTo(-9.965303306147584, 12);
    expect(pmi[4]![1]).toBeCloseTo(-10.965303306147584, 12);
    const trigrams = TrigramCollocationFinder.fromDocuments(documents, 700);
    expect(trigrams.N).toBe(1463706);
    expect(trigrams.wordFd.get('a')).toBe(487902);
    const bigramCounts = Object.fromEntries(
      [...trigrams.bigramFinder().ngramEntries()].map(([gram, count]) => [gram.join(' '), count]),
    );
    expect(bigramCounts).toEqual({ 'a b': 1394, 'a c': 1395, 'b c': 698, 'b b': 697, 'c b': 698 });
    const scored = trigrams.scoreNgrams(TrigramAssocMeasures.pmi);
    expect(scored.map(([gram]) => gram.join(' '))).toEqual(['a b b', 'a b c', 'a c b', 'b c b']);
    for (const [, score] of scored) expect(score).toBeCloseTo(-15.726306870142778, 12);
  });

  it('a refused window counts the words, not the padding between documents', () => {
    const half = words.slice(0, 200_000);
    expect(() => BigramCollocationFinder.fromDocuments([half, half], 300_000)).toThrow(
      /^a window of 300000 over 400000 words means 8\.00e\+10 word combinations/,
    );
  });

  it('a large window over many words counts by pair, in memory linear in distinct pairs', () => {
    const finder = BigramCollocationFinder.fromWords(words.slice(0, 20_000), 1000);
    // 20,000 words, 999 after each: 19,480,500 occurrences over 5000 words cycling, counted by key.
    expect(finder.scoreNgram((nii) => nii * 999, 'w0', 'w1')).toBe(4);
  });
});
