import { describe, expect, it } from 'vitest';
import { stackedRows } from './id-labels.js';

describe('stackedRows', () => {
  it('puts the ids of narrow neighbours in rows of their own, and wide tokens in the first row', () => {
    // Four one-letter tokens 10 px apart with five-digit ids (30 px wide at 6 px a digit).
    const narrow = [0, 10, 20, 30].map((x) => ({ ids: '12345', x, y: 40 }));
    expect(stackedRows(narrow, 6)).toEqual([0, 1, 2, 0]);
    // Far enough apart, every id in the first row.
    const wide = [0, 50, 100].map((x) => ({ ids: '12345', x, y: 40 }));
    expect(stackedRows(wide, 6)).toEqual([0, 0, 0]);
  });

  it('starts again on each line, lines told apart by their bottom to the pixel, in any order given', () => {
    const places = [
      { ids: '1', x: 5, y: 80.2 },
      { ids: '22222', x: 0, y: 40.3 },
      { ids: '33333', x: 4, y: 39.9 },
      { ids: '44444', x: 0, y: 80 },
    ];
    expect(stackedRows(places, 6)).toEqual([1, 0, 1, 0]);
  });
});
