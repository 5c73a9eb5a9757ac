import { compilePythonPattern } from '@tokenlab/pattern';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildAnalyzer, buildTokenizer, DEFAULT_TOKEN_PATTERN } from './analyzer.js';

describe('analyzer', () => {
  it("takes the default pattern's fast path without changing a token", () => {
    const fast = buildTokenizer({});
    const translated = compilePythonPattern(DEFAULT_TOKEN_PATTERN).regexp;
    const alphabet = fc.constantFrom('a', 'B', '_', '1', ' ', '-', 'é', 'ُ', 'ب', '٣', 'ـ', '😀', '\n', "'");
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 30 }), (chars) => {
        const text = chars.join('');
        expect(fast(text)).toEqual(text.match(translated) ?? []);
      }),
    );
  });
  it("splits Arabic words at diacritics as Python's \\w does", () => {
    // Python's \w has no combining marks: only the two-letter run ٱل survives (golden caveat 2).
    expect(buildAnalyzer()('ٱلْحَمْدُ لِلَّهِ')).toEqual(['ٱل']);
  });
  it('strips accents', () => {
    expect(buildAnalyzer({ stripAccents: 'unicode' })('Café naïve')).toEqual(['cafe', 'naive']);
    expect(buildAnalyzer({ stripAccents: 'ascii', lowercase: false })('Ça ﬁne')).toEqual(['Ca', 'fine']);
    expect(() => buildAnalyzer({ stopWords: 'french' as 'english' })).toThrow(
      /not a built-in stop list: french/,
    );
    expect(() => buildAnalyzer({ analyzer: 'chars' as 'char' })).toThrow(/not a valid analyzer/);
  });
});
