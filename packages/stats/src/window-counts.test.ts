import { describe, expect, it } from 'vitest';
import { countWindowPairs } from './window-counts.js';

/** The counts as a table keyed by pair, filled while reading the text: the definition. */
function reference(ids: Int32Array, window: number, symmetric: boolean, harmonic: boolean) {
  const pairs = new Map<string, number>();
  const add = (a: number, b: number, w: number) => pairs.set(`${a},${b}`, (pairs.get(`${a},${b}`) ?? 0) + w);
  for (let i = 0; i < ids.length; i++) {
    if (ids[i]! < 0) continue;
    for (let d = 1; d <= window && i + d < ids.length; d++) {
      const context = ids[i + d]!;
      if (context === -2) break;
      if (context === -1) continue;
      add(ids[i]!, context, harmonic ? 1 / d : 1);
      if (symmetric) add(context, ids[i]!, harmonic ? 1 / d : 1);
    }
  }
  return pairs;
}

function entries(matrix: ReturnType<typeof countWindowPairs>): Map<string, number> {
  const out = new Map<string, number>();
  for (let row = 0; row + 1 < matrix.indptr.length; row++) {
    const columns = [...matrix.indices.subarray(matrix.indptr[row]!, matrix.indptr[row + 1]!)];
    expect(columns).toEqual([...columns].sort((a, b) => a - b));
    for (let k = matrix.indptr[row]!; k < matrix.indptr[row + 1]!; k++)
      out.set(`${row},${matrix.indices[k]}`, matrix.data[k]!);
  }
  return out;
}

describe('countWindowPairs', () => {
  it('counts a b c with window 1 on both sides', () => {
    const counts = countWindowPairs(Int32Array.of(0, 1, 2), 1, true, false, 3);
    expect(counts.toDense()).toEqual([
      [0, 1, 0],
      [1, 0, 1],
      [0, 1, 0],
    ]);
  });

  it('keeps distances across gaps (-1) and stops windows at document ends (-2)', () => {
    const counts = countWindowPairs(Int32Array.of(0, -1, 1, -2, 2, 0), 2, false, true, 3);
    expect(counts.get(0, 1)).toBe(0.5);
    expect(counts.get(1, 2)).toBe(0);
    expect(counts.get(2, 0)).toBe(1);
  });

  it('equals a table keyed by pair, to the last bit, however many words are bucketed at once', () => {
    let seed = 7;
    const next = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed / 2 ** 32;
    };
    for (let round = 0; round < 300; round++) {
      const size = 1 + Math.floor(next() * 12);
      const ids = Int32Array.from({ length: Math.floor(next() * 60) }, () => {
        const r = next();
        return r < 0.05 ? -2 : r < 0.1 ? -1 : Math.floor(next() ** 2 * size);
      });
      const window = 1 + Math.floor(next() * 5);
      const symmetric = next() < 0.7;
      const harmonic = next() < 0.5;
      const expected = reference(ids, window, symmetric, harmonic);
      // Limits of 1 and 5 make many ranges: past four, the count is keyed by pair instead.
      for (const limit of [1, 5, 40, 2 ** 24]) {
        const got = entries(countWindowPairs(ids, window, symmetric, harmonic, size, limit));
        expect(got, `round ${round}, limit ${limit}`).toEqual(expected);
      }
    }
  });
});
