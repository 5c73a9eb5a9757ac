import { describe, expect, it } from 'vitest';
import { directionRuns, strongDirection } from './bidi-runs.js';

describe('strongDirection', () => {
  it('finds the first letter and its direction', () => {
    expect(strongDirection('hello')).toBe('ltr');
    expect(strongDirection('«مرحبًا')).toBe('rtl');
    expect(strongDirection('٣ كتب')).toBe('rtl');
    expect(strongDirection('ِ')).toBeUndefined(); // a lone kasra is a mark, not a letter
    expect(strongDirection('3.14 !')).toBeUndefined();
  });
});

describe('directionRuns', () => {
  it('groups an Arabic phrase inside an English line, leaving the edge neutrals to the line', () => {
    // 'say', ' ', '«', 'مرحبا', ' ', 'بكم', '»', '!'
    const line = ['ltr', undefined, undefined, 'rtl', undefined, 'rtl', undefined, undefined] as const;
    expect(directionRuns(line)).toEqual({ base: 'ltr', runs: [{ start: 3, end: 6, direction: 'rtl' }] });
  });

  it('groups English words inside an Arabic line', () => {
    const line = ['rtl', undefined, 'ltr', undefined, 'ltr', undefined, 'rtl'] as const;
    expect(directionRuns(line)).toEqual({ base: 'rtl', runs: [{ start: 2, end: 5, direction: 'ltr' }] });
  });

  it('leaves single-direction lines alone', () => {
    expect(directionRuns(['rtl', undefined, 'rtl'])).toEqual({ base: 'rtl', runs: [] });
    expect(directionRuns([undefined, undefined])).toEqual({ base: 'ltr', runs: [] });
  });
});
