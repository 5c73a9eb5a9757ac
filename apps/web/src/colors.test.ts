import { describe, expect, it } from 'vitest';
import { hashText, tokenColor, tokenHue } from './colors.js';

describe('token colours', () => {
  it('come from the id, so the same id is the same colour everywhere', () => {
    expect(tokenColor({ id: 42, text: 'a' })).toBe(tokenColor({ id: 42, text: 'b' }));
    expect(tokenHue({ id: 0, text: 'x' })).toBe(0);
    expect(tokenHue({ id: 1, text: 'x' })).toBe(138);
  });

  it('come from the text when there is no id', () => {
    expect(tokenColor({ text: 'كتاب' })).toBe(tokenColor({ text: 'كتاب' }));
    expect(hashText('a')).not.toBe(hashText('b'));
    expect(hashText('')).toBe(0x811c9dc5);
  });

  it('are light tints that keep dark text readable', () => {
    expect(tokenColor({ id: 7, text: '' })).toMatch(/^hsl\(\d+ 85% 86%\)$/);
  });
});
