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

  it('follows a string, an array or a Set with the hint for a positional argument, and nothing else', () => {
    const call = (value: unknown) => () => requireOptions(value, 'encode', '{ a: 1 }', '(a positional?)');
    expect(call('all')).toThrow(
      "encode: the options are an object such as { a: 1 }, got 'all' (a positional?)",
    );
    expect(call(['x'])).toThrow(/got an array \(a positional\?\)$/);
    expect(call(new Set())).toThrow(/got a Set \(a positional\?\)$/);
    expect(call(null)).toThrow(/got null$/);
    expect(call(7)).toThrow(/got 7$/);
  });
});
