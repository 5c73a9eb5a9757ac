import { describe, expect, it } from 'vitest';
import { windowAround } from './text-window.js';

describe('windowAround', () => {
  it('draws whole lines', () => {
    const text = 'first\nsecond\nthird';
    expect(windowAround(text, 8, 4)).toEqual({ start: 6, end: 13 });
    // At least `size` units: the line that holds the size-th unit is drawn whole.
    expect(windowAround(text, 0, 8)).toEqual({ start: 0, end: 13 });
    expect(windowAround(text, 0)).toEqual({ start: 0, end: text.length });
  });
  it('cuts a very long line after a space, and never returns an empty window', () => {
    const text = 'word '.repeat(100);
    const { start, end } = windowAround(text, 52, 20);
    expect(text[start - 1]).toBe(' ');
    expect(text[end - 1]).toBe(' ');
    expect(end - start).toBeGreaterThanOrEqual(20);
    const solid = 'x'.repeat(1000);
    expect(windowAround(solid, 500, 20)).toEqual({ start: 500, end: 520 });
  });
});
