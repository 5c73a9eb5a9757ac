import { describe, expect, it } from 'vitest';
import { segmentStarts } from './segments.js';

describe('segmentStarts', () => {
  it('cuts after a newline between two non-space characters only', () => {
    expect([...segmentStarts('one\ntwo\n\nthree \nfour\n five')]).toEqual([0, 4]);
    expect([...segmentStarts('a\nb\nc')]).toEqual([0, 2, 4]);
    expect([...segmentStarts('')]).toEqual([0]);
  });
});
