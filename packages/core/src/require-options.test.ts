import { describe, expect, it } from 'vitest';
import { requireOptions } from './require-options.js';

describe('requireOptions', () => {
  it('passes an options object or nothing', () => {
    expect(() => requireOptions({}, 'f', '{ a: 1 }')).not.toThrow();
    expect(() => requireOptions({ gaps: true }, 'f', '{ a: 1 }')).not.toThrow();
    expect(() => requireOptions(undefined, 'f', '{ a: 1 }')).not.toThrow();
  });

  it('names the call, an example and what came instead of the options', () => {
    const cases: [unknown, string][] = [
      [true, 'true'],
      [10, '10'],
      ['all', "'all'"],
      [null, 'null'],
      [['x'], 'an array'],
      [new Set(['x']), 'a Set'],
    ];
    for (const [value, shown] of cases)
      expect(() => requireOptions(value, 'RegexpTokenizer', '{ gaps: true }')).toThrow(
        new TypeError(`RegexpTokenizer: the options are an object such as { gaps: true }, got ${shown}`),
      );
  });
});
