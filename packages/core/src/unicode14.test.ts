import { describe, expect, it } from 'vitest';
import { replaceControlCharacters } from './render.js';
import { ASSIGNED_AFTER_UNICODE_14, isAssignedAfterUnicode14 } from './unicode14.js';

describe('characters assigned after Unicode 14.0', () => {
  it('are escaped, as Python 3.11 (Unicode 14.0) sees them as unassigned', () => {
    expect(replaceControlCharacters('\u{1f6dc}')).toBe('\\u1f6dc'); // WIRELESS, Unicode 15.0
    expect(replaceControlCharacters('\u{31350}')).toBe('\\u31350'); // CJK Extension H, Unicode 15.0
    expect(replaceControlCharacters('A\u{1f600}')).toBe('A\u{1f600}');
  });

  it('form a sorted list of disjoint ranges', () => {
    for (let i = 0; i + 1 < ASSIGNED_AFTER_UNICODE_14.length; i++)
      expect(ASSIGNED_AFTER_UNICODE_14[i]! <= ASSIGNED_AFTER_UNICODE_14[i + 1]! - (i % 2 === 1 ? 1 : 0)).toBe(
        true,
      );
    expect(isAssignedAfterUnicode14(0x88f)).toBe(true);
    expect(isAssignedAfterUnicode14(0x890)).toBe(false);
  });
});
