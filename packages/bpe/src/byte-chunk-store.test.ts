import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteChunkStore, utf8ChunkHash } from './byte-chunk-store.js';
import type { PositionedChunks } from './chunk-store.js';
import { interleaveByFirst } from './interleave-by-first.js';
import { positionedRows } from './test-positioned.js';

const encoder = new TextEncoder();

/**
 * Count `chunks` (consecutive pieces of one text) on `owners.length` runs of chunks dealt to stores as
 * the count workers get their ranges (run r goes to store `owners[r] % stores`, each store's runs in
 * increasing position), add the stores up with splitShares / sumShares (the shares handed over in
 * worker order, or reversed) and interleave the sums.
 */
function countShared(
  chunks: readonly string[],
  cuts: readonly number[],
  owners: readonly number[],
  workers: number,
  mapped: boolean,
  reverse: boolean,
): PositionedChunks {
  const bytes = encoder.encode(chunks.join(''));
  const stores = Array.from({ length: workers }, () => new ByteChunkStore({ mapped }));
  const ends = [...new Set(cuts.map((cut) => Math.min(cut, chunks.length)))].sort((a, b) => a - b);
  if (ends.at(-1) !== chunks.length) ends.push(chunks.length);
  let at = 0;
  let chunk = 0;
  ends.forEach((end, run) => {
    const store = stores[owners[run % owners.length]! % workers]!;
    for (; chunk < end; chunk++) {
      const length = encoder.encode(chunks[chunk]!).length;
      store.add(bytes, at, at + length, at);
      at += length;
    }
  });
  const split = stores.map((store, w) => store.splitShares(workers, w));
  const sums = stores.map((store, w) => {
    const shares = split.filter((_, other) => other !== w).map((parts) => parts[w]!);
    return store.sumShares(reverse ? shares.reverse() : shares);
  });
  for (const [w, sum] of sums.entries()) {
    // Each sum holds its own part only, ordered by first position.
    for (let i = 1; i < sum.firsts.length; i++) expect(sum.firsts[i]!).toBeGreaterThan(sum.firsts[i - 1]!);
    for (const [chunk] of positionedRows(sum)) {
      const key = encoder.encode(chunk);
      expect((utf8ChunkHash(key, 0, key.length) >>> 0) % workers).toBe(w);
    }
  }
  return interleaveByFirst(sums);
}

/** One store over all `chunks`, as counting on one thread does. */
function countAlone(chunks: readonly string[]): PositionedChunks {
  const bytes = encoder.encode(chunks.join(''));
  const store = new ByteChunkStore();
  for (let i = 0, at = 0; i < chunks.length; i++) {
    const length = encoder.encode(chunks[i]!).length;
    store.add(bytes, at, at + length, at);
    at += length;
  }
  return store.positioned();
}

describe('ByteChunkStore.splitShares and sumShares', () => {
  it('add up stores of interleaved ranges to the table of one store (counts, first positions, order), on 1 to 4 workers', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.constantFrom(
            'a',
            'the',
            ' cat',
            ' the',
            'بسم',
            ' الله',
            '😀',
            '\n',
            ' a longer chunk of text',
            ' '.repeat(17),
          ),
          { minLength: 1, maxLength: 400 },
        ),
        fc.array(fc.integer({ min: 0, max: 400 }), { maxLength: 30 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 4 }),
        // One run in twenty with mapped stores (they reserve 32 MiB per array).
        fc.integer({ min: 0, max: 19 }).map((n) => n === 0),
        fc.boolean(),
        (chunks, cuts, owners, workers, mapped, reverse) => {
          expect(positionedRows(countShared(chunks, cuts, owners, workers, mapped, reverse))).toEqual(
            positionedRows(countAlone(chunks)),
          );
        },
      ),
      { numRuns: 400, seed: 17 },
    );
  });

  it('keeps the smallest first position when a later worker saw a chunk first in the text', () => {
    // On two workers, worker 1 counts chunks 3 and 4 (' cat' twice) and worker 0 the others: ' cat' is first
    // met by worker 1, but worker 0 added it to its own table after a 'the' that comes later in the text.
    const chunks = ['the', 'a', ' dog', ' cat', ' cat', 'the', ' cat', ' dog', 'the'];
    const expected = positionedRows(countAlone(chunks));
    expect(expected.map(([chunk]) => chunk)).toEqual(['the', 'a', ' dog', ' cat']);
    for (const workers of [1, 2, 3])
      for (const reverse of [false, true])
        expect(positionedRows(countShared(chunks, [3, 5, 7], [0, 1, 0, 2], workers, false, reverse))).toEqual(
          expected,
        );
  });

  it('refuses a part out of range and sumShares before splitShares', () => {
    expect(() => new ByteChunkStore().splitShares(2, 2)).toThrow(RangeError);
    expect(() => new ByteChunkStore().splitShares(2, -1)).toThrow(RangeError);
    expect(() => new ByteChunkStore().splitShares(0, 0)).toThrow(RangeError);
    expect(() => new ByteChunkStore().sumShares([])).toThrow(/splitShares/);
  });
});
