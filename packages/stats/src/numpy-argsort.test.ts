import { describe, expect, it } from 'vitest';
import { numpyArgsort } from './numpy-argsort.js';

describe('numpyArgsort', () => {
  it('breaks ties exactly as numpy 1.24 argsort (quicksort) does', () => {
    // Expected orders printed by numpy 1.24.2: np.array(values).argsort().tolist()
    const values = [
      -2, -1, -2, -5, -1, -1, -3, -1, -2, -3, -1, -3, -1, -1, -1, -2, -2, -1, -1, -1, -3, -2, -1, -3, -1, -1,
      -5, -5, -3, -1, -3, -3, -2, -1, -1, -1, -3, -1, -2, -2,
    ];
    expect([...numpyArgsort(values)]).toEqual([
      3, 27, 26, 36, 31, 30, 6, 28, 9, 11, 23, 20, 0, 32, 21, 38, 39, 15, 2, 8, 16, 17, 37, 1, 35, 34, 33, 4,
      5, 7, 10, 25, 24, 12, 22, 13, 14, 18, 29, 19,
    ]);
    const small = [-1, -2, -1, -2, -1, -2, -2, -1, -1, -2, -2, -2, -1, -1, -1, -2, -2, -1, -2, -1];
    expect([...numpyArgsort(small)]).toEqual([
      9, 1, 3, 16, 5, 6, 15, 18, 10, 11, 17, 14, 13, 0, 8, 7, 4, 2, 12, 19,
    ]);
  });
  it('sorts (as a permutation) whatever the input', () => {
    const values = Array.from({ length: 3000 }, (_, i) => (i * 7919) % 13);
    const order = numpyArgsort(values);
    expect(new Set(order).size).toBe(values.length);
    for (let i = 1; i < order.length; i++)
      expect(values[order[i]!]!).toBeGreaterThanOrEqual(values[order[i - 1]!]!);
    expect([...numpyArgsort([])]).toEqual([]);
  });
});
