import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { idsToArray, LONGEST_PRESIZED_ARRAY, presizedLength } from './id-array.js';

describe('idsToArray', () => {
  it('gives the first count ids, presized or pushed past a presized head', () => {
    const ids = Uint32Array.from({ length: 2000 }, (_, i) => (i * 7919) % 100_256);
    // With 100 as the longest presized array: below, at, and past it (one growth by push at 166, more beyond).
    for (const count of [0, 1, 99, 100, 101, 165, 166, 167, 500, 2000]) {
      const out = idsToArray(ids, count, 100);
      expect(out, `${count} ids`).toEqual(Array.from(ids.subarray(0, count)));
    }
    expect(idsToArray(ids, 7)).toEqual(Array.from(ids.subarray(0, 7)));
  });

  it('never presizes an array past the length V8 gives fast elements, and grows once where it can', () => {
    for (const count of [
      0,
      1,
      1000,
      LONGEST_PRESIZED_ARRAY,
      LONGEST_PRESIZED_ARRAY + 1,
      35_731_796,
      2 ** 31,
    ]) {
      const head = presizedLength(count);
      expect(head, `${count}`).toBeLessThanOrEqual(Math.min(count, LONGEST_PRESIZED_ARRAY));
      if (count <= LONGEST_PRESIZED_ARRAY) expect(head).toBe(count);
      // V8 grows a full array to its length plus half plus 16.
      else if (count <= LONGEST_PRESIZED_ARRAY * 1.5 + 16)
        expect(head + Math.floor(head / 2) + 16).toBeGreaterThanOrEqual(count);
    }
  });

  it("holds V8's bound: new Array(n) has fast elements up to LONGEST_PRESIZED_ARRAY, a dictionary past it", () => {
    // Past the bound, filling the array took 1.6-3.0 s for the 36 M ids of 89 MB of Arabic with
    // cl100k, against 0.3 s pushed past a presized head: a Node whose V8 moves the bound shows here.
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
