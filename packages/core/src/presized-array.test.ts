import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { LONGEST_PRESIZED_ARRAY, presizedArray, presizedLength } from './presized-array.js';

describe('presizedArray', () => {
  it('holds every element written in order, presized or written past its presized end', () => {
    // With 100 as the longest presized array: below, at, and past it (one growth at 166, more beyond).
    for (const length of [0, 1, 99, 100, 101, 165, 166, 167, 500, 2000]) {
      const out = presizedArray<number>(length, 100);
      expect(out.length).toBeLessThanOrEqual(Math.min(length, 100));
      for (let i = 0; i < length; i++) out[i] = i * 7;
      expect(out, `${length}`).toEqual(Array.from({ length }, (_, i) => i * 7));
    }
  });

  it('never presizes past the length V8 keeps fast, and grows once where it can', () => {
    for (const length of [
      0,
      1,
      1000,
      LONGEST_PRESIZED_ARRAY,
      LONGEST_PRESIZED_ARRAY + 1,
      35_731_796,
      2 ** 31,
    ]) {
      const head = presizedLength(length);
      expect(head, `${length}`).toBeLessThanOrEqual(Math.min(length, LONGEST_PRESIZED_ARRAY));
      if (length <= LONGEST_PRESIZED_ARRAY) expect(head).toBe(length);
      // V8 grows a full array to its length plus half plus 16.
      else if (length <= LONGEST_PRESIZED_ARRAY * 1.5 + 16)
        expect(head + Math.floor(head / 2) + 16).toBeGreaterThanOrEqual(length);
    }
  });

  it("holds V8's bound: new Array(n) has fast elements up to LONGEST_PRESIZED_ARRAY, a dictionary past it", () => {
    // A Node whose V8 moves the bound shows here.
    const script = `console.log(JSON.stringify([
      %HasDictionaryElements(new Array(${LONGEST_PRESIZED_ARRAY})),
      %HasDictionaryElements(new Array(${LONGEST_PRESIZED_ARRAY} + 1)),
    ]));`;
    const out = execFileSync(process.execPath, ['--allow-natives-syntax', '-e', script], {
      encoding: 'utf8',
    });
    expect(JSON.parse(out)).toEqual([false, true]);
  });
});
