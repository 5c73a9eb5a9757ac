import { describe, expect, it } from 'vitest';
import { NegativeSampler } from './negative-sampler.js';
import { SeededRandom } from './random.js';
import { vocabularyFromCounts } from './vocabulary.js';

/** gensim's draw: the first row whose cumulative entry is not below the value (Python's bisect_left). */
function bisectLeft(table: Float64Array, value: number): number {
  let low = 0;
  let high = table.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((table[middle] as number) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

describe('NegativeSampler', () => {
  it('draws the row bisect_left finds, for a Zipf-like vocabulary and many random integers', () => {
    const counts = Array.from({ length: 5000 }, (_, i) => Math.max(1, Math.floor(1e6 / (i + 1))));
    const { negativeTable } = vocabularyFromCounts(
      counts.map((_, i) => `w${i}`),
      counts,
      counts.reduce((a, b) => a + b, 0),
      0,
    );
    const sampler = NegativeSampler.fromTable(negativeTable);
    const total = negativeTable[negativeTable.length - 1] as number;
    const random = new SeededRandom(3);
    const draws = [0, 1, total - 1, total, total + 1, 2 ** 31, 2 ** 32 - 1];
    for (let i = 0; i < 200_000; i++) draws.push(random.nextUint32());
    const seen = new Set<number>();
    const wrong: number[] = [];
    for (const draw of draws) {
      const row = sampler.draw(draw);
      if (row !== bisectLeft(negativeTable, draw % total)) wrong.push(draw);
      seen.add(row);
    }
    expect(wrong).toEqual([]);
    expect(seen.size).toBeGreaterThan(1000);
  });

  it('works for a table of one word and from its parts', () => {
    const one = NegativeSampler.fromTable(new Float64Array([2 ** 31 - 1]));
    expect(one.draw(12345)).toBe(0);
    const table = new Float64Array([3, 5, 9]);
    const sampler = NegativeSampler.fromTable(table);
    const copy = NegativeSampler.fromParts(sampler.table, sampler.starts, sampler.shift);
    for (let value = 0; value < 40; value++) {
      expect(sampler.draw(value)).toBe(bisectLeft(table, value % 9));
      expect(copy.draw(value)).toBe(sampler.draw(value));
    }
  });
});
