import { describe, expect, it } from 'vitest';
import { graphemeCount } from './layout.js';
import { TextCounter } from './text-stats.js';

describe('TextCounter', () => {
  it('counts part by part what the whole text has, before and after an edit', () => {
    const text = 'بِسْمِ اللَّهِ\nx 👋🏽 y\n\nthird line\nلا إله';
    const counter = new TextCounter();
    for (const version of [text, `${text.slice(0, 9)}Z${text.slice(9)}`]) {
      counter.setText(version);
      expect(counter.counts.graphemes).toBeUndefined();
      expect(counter.countUntil(Number.POSITIVE_INFINITY)).toBe(true);
      expect(counter.counts).toEqual({
        codePoints: [...version].length,
        bytes: new TextEncoder().encode(version).length,
        graphemes: graphemeCount(version),
      });
    }
  });
});
