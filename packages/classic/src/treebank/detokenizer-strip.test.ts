import { describe, expect, it } from 'vitest';
import { TreebankWordDetokenizer } from './detokenizer.js';

describe('TreebankWordDetokenizer strips the ends like str.strip()', () => {
  const detokenizer = new TreebankWordDetokenizer();

  it('removes Unicode whitespace at both ends only', () => {
    expect(detokenizer.detokenize(['\u3000', 'a', '\u00a0', 'b', '\u2028'])).toBe('a \u00a0 b');
  });

  it('keeps a long whitespace run inside the text, in one linear pass', () => {
    // 200,000 spaces inside the text: an anchored `\s+$` regex rescans this run from every position.
    const run = ' '.repeat(200_000);
    const text = detokenizer.detokenize(['one', run, 'two']);
    expect(text.startsWith('one ')).toBe(true);
    expect(text.endsWith(' two')).toBe(true);
    expect(text.length).toBeGreaterThan(200_000);
  });
});
