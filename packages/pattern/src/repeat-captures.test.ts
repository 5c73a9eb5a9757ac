import { describe, expect, it } from 'vitest';
import { findall, finditer, split } from './match.js';
import { errorOf } from './test-errors.js';

// Expected values are CPython 3.11's re.findall / re.finditer on the same inputs.
describe('capture groups inside a repeat', () => {
  it.each([
    // Python: findall gives [('1', 'b')] on 'a1 b'; JavaScript cleared group 1 in the last rounds.
    [String.raw`(?:(\d)|([a-z])|\s)+`, 1, 3, 19],
    // Python: ['a'] on 'ab'.
    ['(?:(a)|b)+', 1, 3, 9],
    // Python: re.split gives ['', 'a', 'b', ''] on 'ba'.
    ['(a|(b))+', 2, 3, 7],
    // Python: ['a'] on 'abb'.
    ['(?:(a)?b)+', 1, 3, 9],
    // Python: ['a'] on 'abb': the inner repeat may run zero times in a later outer round.
    ['(?:(?:(a))*b)+', 1, 6, 13],
  ])(
    'refuses %s: group %i (at %i) does not take part in every round of the repeat at %i',
    (pattern, group, position, repeat) => {
      const error = errorOf(pattern);
      expect(error.message).toMatch(
        new RegExp(
          `group ${group} is inside a repeat \\(at position ${repeat}\\) but does not take part in every round`,
        ),
      );
      expect(error.message).toMatch(
        /Python keeps its value from the last round that set it, JavaScript clears it/,
      );
      expect(error.message).toMatch(/make it non-capturing, \(\?:\.\.\.\)/);
      expect(error.position).toBe(position);
    },
  );

  it('accepts groups set by every round, which hold the last round value in both engines', () => {
    expect(findall(String.raw`(\w)+`, 'ab cd')).toEqual(['b', 'd']);
    expect(findall(String.raw`(?:(\w)-)+`, 'a-b- c-')).toEqual(['b', 'c']);
    expect(findall(String.raw`(?:(?=(\w))\w)+`, 'ab')).toEqual(['b']);
    // The fix the message suggests: capture the whole repeat.
    expect(findall(String.raw`((?:\d|[a-z]|\s)+)`, 'a1 b')).toEqual(['a1 b']);
  });

  it('accepts a group inside a negative look-around, which never keeps a value in either engine', () => {
    const matches = [...finditer(String.raw`(?:(?!(a)b)\w)+`, 'acd ab')];
    expect(matches.map((m) => [m.start, m.end, m.groups[0]])).toEqual([
      [0, 3, undefined],
      [5, 6, undefined],
    ]);
  });

  it('splits as Python does where the groups are set in every round', () => {
    expect(split('(?:(,) ?)+', 'a, ,b')).toEqual(['a', ',', 'b']);
  });
});
