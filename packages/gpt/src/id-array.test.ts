import { describe, expect, it } from 'vitest';
import { idsToArray } from './id-array.js';

describe('idsToArray', () => {
  it('gives the first count ids, presized or written past a presized head', () => {
    const ids = Uint32Array.from({ length: 2000 }, (_, i) => (i * 7919) % 100_256);
    // With 100 as the longest presized array: below, at, and past it (one growth at 166, more beyond).
    for (const count of [0, 1, 99, 100, 101, 165, 166, 167, 500, 2000]) {
      const out = idsToArray(ids, count, 100);
      expect(out, `${count} ids`).toEqual(Array.from(ids.subarray(0, count)));
    }
    expect(idsToArray(ids, 7)).toEqual(Array.from(ids.subarray(0, 7)));
  });
});
