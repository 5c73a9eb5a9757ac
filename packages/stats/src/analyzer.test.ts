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
  it('refuses a document whose n-grams would pass MAX_NGRAM_ITEMS (1,000 words with ngramRange [1, 1e6] crashed the process)', () => {
    const words = Array.from({ length: 1_000 }, (_, i) => `word${i % 50}`).join(' ');
    expect(() => buildAnalyzer({ ngramRange: [1, 1_000_000] })(words)).toThrow(
      'analyzer: ngramRange [1, 1000000] on a document of 1000 tokens would give 167,167,000 items, more than MAX_NGRAM_ITEMS (134,217,728)',
    );
    const long = 'x'.repeat(2_000);
    expect(() => buildAnalyzer({ analyzer: 'char', ngramRange: [1, 2_000] })(long)).toThrow(
      /^analyzer: ngramRange \[1, 2000\] on a document of 2000 characters would give/,
    );
    expect(() => buildAnalyzer({ analyzer: 'char_wb', ngramRange: [1, 2_000] })(long)).toThrow(
      /^analyzer: ngramRange \[1, 2000\] on a document of 1 words would give/,
    );
    // Ranges people use are untouched.
    expect(buildAnalyzer({ ngramRange: [1, 3] })(words)).toHaveLength(1_000 + 999 + 998);
    expect(buildAnalyzer({ analyzer: 'char', ngramRange: [2, 5] })(long)).toHaveLength(
      1_999 + 1_998 + 1_997 + 1_996,
    );
  });
});
