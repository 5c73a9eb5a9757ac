import { describe, expect, it } from 'vitest';
import { requireWholeOption } from './whole-option.js';

describe('requireWholeOption', () => {
  it('passes whole numbers in range, the bounds included', () => {
    for (const value of [1, 2, 256])
      expect(() => requireWholeOption('f', 'threads', value, 1, 256)).not.toThrow();
    expect(() => requireWholeOption('f', 'size', Number.MAX_SAFE_INTEGER, 1)).not.toThrow();
  });

  it('names the function, the option, the range and the value otherwise', () => {
    const cases: Array<[unknown, string]> = [
      [Number.NaN, 'NaN'],
      [0, '0'],
      [257, '257'],
      [1.5, '1.5'],
      [Number.POSITIVE_INFINITY, 'Infinity'],
      ['2', "'2' (a string)"],
      [null, 'null'],
    ];
    for (const [value, shown] of cases) {
      const check = () => requireWholeOption('encodeParallel', 'threads', value, 1, 256);
      expect(check).toThrow(RangeError);
      expect(check).toThrow(`encodeParallel: threads must be a whole number from 1 to 256, got ${shown}`);
    }
    expect(() => requireWholeOption('f', 'pieceSize', -3, 1)).toThrow(
      'f: pieceSize must be a whole number of at least 1, got -3',
    );
  });
});
