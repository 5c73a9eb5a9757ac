import { describe, expect, it } from 'vitest';
import { findall, finditer } from './match.js';
import { errorOf } from './test-errors.js';

// Expected values are CPython 3.11's re.findall / re.finditer on the same inputs.
describe('a backreference to a group that may not have taken part', () => {
  it.each([
    // The path that skips the optional group always fails at the backreference, so it is made mandatory.
    [String.raw`(['"])?\w+\1`, 'say "hi" now', ['"']],
    [String.raw`(a)?b\1`, 'b', []],
    [String.raw`(a)?b\1`, 'aba b ab', ['a']],
    [String.raw`(a)??b\1`, 'aba b', ['a']],
    [String.raw`(a)?+b\1`, 'aba b', ['a']],
    [String.raw`(?:(['"]) )?\w+\1`, '" hi" ho', ['"']],
    [String.raw`(a)?(?=b\1)\w+`, 'ab aba b', ['a']],
    // The whole body of an optional repeat: Python's round fails, JavaScript's empty round is rejected.
    [String.raw`(['"])?\w+\1?`, 'say "hi" now', ['', '"', '']],
    [String.raw`(a)?b(?:\1)*`, 'b ab aba', ['', 'a', 'a']],
    // Groups that are surely set.
    [String.raw`(\w)\1`, 'aa bb ab', ['a', 'b']],
    [`(?P<q>['"]).*?(?P=q)`, `say "hi" and 'ho' `, ['"', "'"]],
    [String.raw`(a)(?:\1|b)`, 'aa ab ac', ['a', 'a']],
  ])('%s on %j finds what Python finds', (pattern, text, expected) => {
    expect(findall(pattern, text)).toEqual(expected);
  });

  it('gives the match and the group Python gives when the optional group is made mandatory', () => {
    const [match, ...rest] = finditer(String.raw`(['"])?\w+\1`, 'say "hi" now');
    expect(rest).toEqual([]);
    expect(match).toMatchObject({ text: '"hi"', start: 4, end: 8, groups: ['"'], spans: [[4, 5]] });
  });

  it.each([
    // Python: ['a'] on 'aa ba bb' (the b branch leaves group 1 unset and its backreference fails).
    [String.raw`(?:(a)|b)\1`, 9],
    // Python: ['', 'a'] on 'b ab': (?!\1) always succeeds with group 1 unset.
    [String.raw`(a)?(?!\1)b`, 7],
    // Python: ['', 'a'] on 'bc abc': the unset backreference fails and c is tried.
    [String.raw`(a)?b(?:\1|c)`, 8],
    // An atomic group commits to skipping the lazy group, so the skip cannot be left out.
    [String.raw`(?>(a)??)b\1`, 10],
  ])('refuses %s, naming the backreference at position %i', (pattern, position) => {
    const error = errorOf(pattern);
    expect(error.message).toMatch(/backreference to group 1, which may not have taken part/);
    expect(error.message).toMatch(
      /Python's backreference then fails, JavaScript's would match the empty string/,
    );
    expect(error.message).toMatch(/make the group mandatory/);
    expect(error.position).toBe(position);
  });

  it('leaves a group in a repeat to the repeat check: a later round may use an earlier round value', () => {
    // Python 3.11: findall('(?:(a)?b\\1)+', 'ababa') == ['a'] (the second round reuses round one's a).
    expect(errorOf(String.raw`(?:(a)?b\1)+`).message).toMatch(/group 1 is inside a repeat/);
  });
});
