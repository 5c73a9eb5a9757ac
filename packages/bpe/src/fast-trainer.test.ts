import { readGolden } from '@tokenlab/test-support';
import { describe, expect, it } from 'vitest';
import { countChunks } from './chunk-counts.js';
import { type ChunkTable, chunkTable } from './chunk-table.js';
import { trainMerges, trainMergesInSegments, warmUpTrainer } from './fast-trainer.js';
import { trainMergesReference } from './reference-trainer.js';
import { SplitPattern } from './split-pattern.js';
import { seededRandom } from './test-random.js';

const training = readGolden<{ id: string; text: string }>('minbpe_training_texts');
const text = training.map((row) => row.text).join('\n');
const english = training.find((row) => row.id.includes('shakespeare'))!.text;
const encoder = new TextEncoder();

describe('the fast trainer beyond the small cases', () => {
  it('equals the reference loop through many merges, when the occurrence pool is compacted', () => {
    // Over a thousand merges make the trainer reclaim the blocks of pairs that no longer occur (its pool
    // starts at 1.5 times the first blocks), once or more on this text.
    const sample = english.slice(0, 12000);
    const chunks = SplitPattern.from('gpt4')
      .split(sample)
      .map((chunk) => encoder.encode(chunk));
    const reference = trainMergesReference(chunks, 1500);
    const fast = trainMerges(chunkTable(countChunks(sample, 'gpt4')), 1500);
    expect(fast.exhausted).toBe(false);
    expect(fast.merges).toEqual(reference.merges);
    expect(fast.counts).toEqual(reference.counts);
  });

  it('keeps counts exact above 16 bits (in two halves) and 32 bits (outside the records)', () => {
    const table = chunkTable(countChunks(text, 'gpt4'));
    const scale = 2 ** 33;
    const big = { ...table, counts: table.counts.map((count) => count * scale) };
    const small = trainMerges(table, 400);
    const scaled = trainMerges(big, 400);
    expect(scaled.merges).toEqual(small.merges);
    expect(scaled.counts).toEqual(small.counts.map((count) => count * scale));
    // Counts above 16 bits, below 32: kept in two 16-bit halves of a record.
    const most = Math.max(...table.counts);
    const mid = Math.floor(0x7fffffff / most);
    expect(mid).toBeGreaterThan(0xffff);
    const midScaled = trainMerges({ ...table, counts: table.counts.map((count) => count * mid) }, 400);
    expect(midScaled.merges).toEqual(small.merges);
    expect(midScaled.counts).toEqual(small.counts.map((count) => count * mid));
  });

  it('keeps segment numbers above 16 bits (a chunk cut into 70,000 segments)', () => {
    const next = seededRandom(11);
    const long = Array.from({ length: 70_000 }, () => 'abc'[Math.floor(next() * 3)]).join('');
    const table = chunkTable([[encoder.encode(long), 1]]);
    const cut = trainMergesInSegments(table, 40, 1);
    expect(cut.merges).toEqual(trainMergesInSegments(table, 40, 1 << 20).merges);
    expect(cut.counts).toEqual(trainMergesReference(chunksOf(table), 40).counts);
  });

  it('gives the same merges when long chunks are cut into segments of any size', () => {
    // Chunks longer than a segment are chains of records; occurrences across two segments, segments
    // emptied by a merge across their start, and first positions inside later segments all occur here.
    const next = seededRandom(7);
    const ties = Array.from({ length: 2500 }, () => 'ab '[Math.floor(next() * 3)]).join('');
    const samples: Array<[string, ChunkTable]> = [
      ['english as one chunk', chunkTable([[encoder.encode(english.slice(0, 3000)), 1]])],
      ['ties as one chunk', chunkTable([[encoder.encode(ties), 1]])],
      [
        'runs of one byte',
        chunkTable([[encoder.encode('a'.repeat(300) + 'b'.repeat(77) + 'a'.repeat(129)), 3]]),
      ],
      ['regex chunks', chunkTable(countChunks(`${english.slice(0, 4000)} ${'x'.repeat(200)}`, 'gpt4'))],
    ];
    for (const [name, table] of samples) {
      const whole = trainMergesInSegments(table, 300, 1 << 20);
      const reference = trainMergesReference(chunksOf(table), 300);
      expect(whole.merges, name).toEqual(reference.merges);
      expect(whole.counts, name).toEqual(reference.counts);
      for (const segment of [1, 2, 3, 7, 64]) {
        const cut = trainMergesInSegments(table, 300, segment);
        expect(cut.merges, `${name}, segments of ${segment}`).toEqual(reference.merges);
        expect(cut.counts, `${name}, segments of ${segment}`).toEqual(reference.counts);
        expect(cut.exhausted, `${name}, segments of ${segment}`).toBe(reference.exhausted);
      }
    }
  });

  it('learns the same merges in 16-bit records as in 32-bit ones (more ids than 16 bits hold)', () => {
    const table = chunkTable(countChunks(english.slice(0, 20000), 'gpt4'));
    const narrow = trainMerges(table, 1200);
    const wide = trainMerges(table, 70_000);
    expect(narrow.exhausted).toBe(false);
    expect(wide.merges.length).toBeGreaterThan(1200);
    expect(wide.merges.slice(0, 1200)).toEqual(narrow.merges);
    expect(wide.counts.slice(0, 1200)).toEqual(narrow.counts);
    // And both equal the reference loop.
    expect(narrow.merges).toEqual(trainMergesReference(chunksOf(table), 1200).merges);
  });

  it('sizes its tables by the input, not by the number of merges asked for', () => {
    // Each merge removes a token, so 9 bytes allow at most 8 merges, whatever is asked.
    const result = trainMerges(chunkTable([['aaaabbbbc', 2]]), 2 ** 31);
    expect(result.exhausted).toBe(true);
    expect(result.merges).toEqual(trainMergesReference([encoder.encode('aaaabbbbc')], 100).merges);
  });

  it('gives a large table the same merges after its warm-up sample as without it', () => {
    // Tables of 1 MiB or more are trained after a small built-in sample (so that V8 compiles the
    // trainer's loops once); nothing of the sample may leak into the table's merges. Random words of
    // Latin and Arabic letters (whose two bytes the first merges join), counts 1 to 3.
    const next = seededRandom(17);
    const letters = ['a', 'b', 'c', 'd', 'e', 'ا', 'ل', 'م', 'ن', ' '];
    const words = new Map<string, number>();
    let bytes = 0;
    while (bytes < 1.1 * 2 ** 20) {
      let word = '';
      for (let k = 2 + Math.floor(next() * 10); k > 0; k--)
        word += letters[Math.floor(next() * letters.length)];
      if (!words.has(word)) bytes += encoder.encode(word).length;
      words.set(word, (words.get(word) ?? 0) + 1 + Math.floor(next() * 3));
    }
    const table = chunkTable(words);
    expect(table.bytes.length).toBeGreaterThanOrEqual(2 ** 20);
    const warmed = trainMerges(table, 300);
    const plain = trainMergesInSegments(table, 300, 64);
    expect(warmed.merges).toEqual(plain.merges);
    expect(warmed.counts).toEqual(plain.counts);
    const reference = trainMergesReference(chunksOf(table), 4);
    expect(warmed.merges.slice(0, 4)).toEqual(reference.merges);
    expect(warmed.counts.slice(0, 4)).toEqual(reference.counts);
  });

  it('trains small tables the same after an early warm-up (warmUpTrainer, run once, idempotent)', () => {
    const table = chunkTable(countChunks('aaabdaaabac hello hello world, the cat sat on the mat', 'gpt4'));
    const before = trainMerges(table, 20);
    warmUpTrainer();
    warmUpTrainer();
    const after = trainMerges(table, 20);
    expect(after).toEqual(before);
    expect(after.merges).toEqual(trainMergesReference(chunksOf(table), 20).merges);
  });

  it('refuses a segment size that is not a positive integer', () => {
    const table = chunkTable([['abab', 1]]);
    expect(() => trainMergesInSegments(table, 1, 0)).toThrow(RangeError);
    expect(() => trainMergesInSegments(table, 1, 1.5)).toThrow(/positive integer/);
  });
});

/** The chunks of a table, each repeated as often as it occurs, for the reference trainer. */
function chunksOf(table: ChunkTable): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  let at = 0;
  for (let c = 0; c < table.lengths.length; c++) {
    const chunk = table.bytes.subarray(at, at + table.lengths[c]!);
    for (let k = 0; k < table.counts[c]!; k++) chunks.push(chunk);
    at += table.lengths[c]!;
  }
  return chunks;
}
