import { describe, expect, it } from 'vitest';
import { joinsAcross } from './arabic-joining.js';

describe('joinsAcross', () => {
  it('finds cuts inside joined Arabic words, across harakat and tatweel', () => {
    expect(joinsAcross('كتب', 1)).toBe(true);
    expect(joinsAcross('كتب', 2)).toBe(true);
    expect(joinsAcross('بِسْمِ', 2)).toBe(true);
    expect(joinsAcross('كـتب', 1)).toBe(true);
  });
  it('leaves non-joining cuts alone: after a right-joining letter, at spaces, in Latin', () => {
    expect(joinsAcross('دار', 1)).toBe(false);
    expect(joinsAcross('دار', 2)).toBe(false); // nor does alef
    expect(joinsAcross('بدر', 1)).toBe(true);
    expect(joinsAcross('كتب كتب', 3)).toBe(false);
    expect(joinsAcross('كتب كتب', 4)).toBe(false);
    expect(joinsAcross('abc', 1)).toBe(false);
    expect(joinsAcross('ب1', 1)).toBe(false);
    expect(joinsAcross('كتب', 0)).toBe(false);
    expect(joinsAcross('كتب', 3)).toBe(false);
  });
});
