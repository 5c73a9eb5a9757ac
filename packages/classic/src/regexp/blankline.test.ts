import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BlanklineTokenizer } from './blankline.js';
import { RegexpTokenizer } from './regexp-tokenizer.js';

describe('BlanklineTokenizer', () => {
  const byPattern = new RegexpTokenizer(String.raw`\s*\n\s*\n\s*`, { gaps: true });
  const tokenizer = new BlanklineTokenizer();

  it("cuts exactly where NLTK's pattern does", () => {
    const piece = fc.constantFrom('\n', ' ', '\t', '\r', '\x0b', '\u3000', '\x85', 'a', 'é', '😀', '\n\n');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const text = pieces.join('');
        expect(tokenizer.tokenize(text)).toEqual(byPattern.tokenize(text));
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 2000) },
    );
  });

  it('takes a million spaces in one pass', () => {
    const text = `a${' '.repeat(1_000_000)}b\n\nc`;
    expect(tokenizer.tokenize(text).map((token) => token.text)).toEqual([`a${' '.repeat(1_000_000)}b`, 'c']);
  });
});
