import { describe, expect, it } from 'vitest';
import { findall } from './match.js';
import { errorOf } from './test-errors.js';

// Expected values are CPython 3.11's re.findall on the same inputs.
describe('repeats whose body can match the empty string in an optional round', () => {
  it.each([
    // Python: ['x'] on 'xb': a* matched nothing and the repeat stopped.
    ['x(?:a*|b){1,2}', 9, /before a longer match/],
    // Python: ['x'] on 'x\nab'.
    [String.raw`x(?:.{,2}|\n){1,3}`, 13, /before a longer match/],
    // Python: ['', 'a', '', 'a', ''] on 'aa'.
    ['(?:a??)?', 7, /before a longer match/],
    // Python: ['', ''] on '1.2'.
    [String.raw`(\d*\.?){1,3}`, 8, /holds a capture group/],
    // Python: ['', ''] on 'aa'.
    ['(a|){1,3}', 4, /holds a capture group/],
    // Python: ['', '', ''] on 'aab': the last, empty round sets the group to ''.
    ['(a?)*', 4, /holds a capture group/],
  ])('refuses %s, naming the repeat at position %i', (pattern, position, why) => {
    const error = errorOf(pattern);
    expect(error.message).toMatch(/a repeat whose body can match the empty string/);
    expect(error.message).toMatch(why);
    expect(error.message).toMatch(/Python stops after a body that matched nothing and keeps that round/);
    expect(error.message).toMatch(/write the body so that it cannot match nothing/);
    expect(error.position).toBe(position);
  });

  it.each([
    // Bodies that may match nothing only as their last choice, with no capture: the same matches.
    ['(?:a?)*', 'aab', ['aa', '', '']],
    ['(?:a|)*', 'aab', ['aa', '', '']],
    ['(?:(?:a|b)?)*', 'abc', ['ab', '', '']],
    ['(?:a?)*?x', 'aax', ['aax']],
    ['(?:a?b?){1,3}c', 'abbc c', ['abbc', 'c']],
    // No optional round: every round is required in both engines.
    [String.raw`(\w?){3}`, 'ab', ['', '']],
    // The fix the message suggests.
    [String.raw`(\d+\.?|\.){1,3}`, '1.2', ['2']],
  ])('accepts %s, with Python results on %j', (pattern, text, expected) => {
    expect(findall(pattern, text)).toEqual(expected);
  });
});
