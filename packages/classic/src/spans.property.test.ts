import type { Tokenizer } from '@tokenlab/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ArabicTokenizer } from './arabic/tokenizer.js';
import { englishPunkt } from './punkt/models.js';
import { WordTokenizer } from './punkt/word-tokenize.js';
import { BlanklineTokenizer } from './regexp/blankline.js';
import { RegexpTokenizer } from './regexp/regexp-tokenizer.js';
import { WhitespaceTokenizer } from './regexp/whitespace.js';
import { WordPunctTokenizer } from './regexp/wordpunct.js';
import { NLTKWordTokenizer } from './treebank/nltk-word-tokenizer.js';
import { TreebankWordTokenizer } from './treebank/treebank-tokenizer.js';

// Characters that exercise every rule: quotes of all kinds, brackets, dashes, periods, Arabic letters
// with marks and tatweel, digits of three scripts, exotic spaces, astral characters, lone surrogates.
const PIECES = [
  'a',
  'B',
  'word',
  'Mr.',
  'U.S.',
  "don't",
  "'s",
  'cannot',
  'gonna',
  "'tis",
  '"',
  "''",
  '``',
  '`',
  "'",
  '«',
  '»',
  '“',
  '”',
  '‘',
  '’',
  '„',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  '<',
  '>',
  '--',
  '-',
  '...',
  '.',
  ',',
  ':',
  ';',
  '?',
  '!',
  '*',
  '$',
  '%',
  '&',
  '#',
  '@',
  'محمد',
  'النَّبي',
  'ـ',
  '،',
  '؟',
  '٣٤',
  '12.5',
  '3,000',
  ' ',
  '  ',
  '\n',
  '\n\n',
  '\t',
  '\r\n',
  '\u00a0',
  '\u2003',
  '\u001c',
  '\u0085',
  '😀',
  '\ud800',
  '\udfff',
  'é',
  'e\u0301',
];

const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((pieces) => pieces.join(''));

/** Rewritten quotes keep NLTK's text (`` and '') while their span covers the source quote. */
const QUOTE_REWRITES = new Set(['``', "''"]);

const tokenizers: [string, Tokenizer, boolean][] = [
  ['whitespace', new WhitespaceTokenizer(), false],
  ['wordpunct', new WordPunctTokenizer(), false],
  ['wordpunct-unicode', new WordPunctTokenizer({ unicodeWord: true }), false],
  ['blankline', new BlanklineTokenizer(), false],
  [
    'regexp',
    new RegexpTokenizer(
      String.raw`(?x) (?:[A-Z]\.)+ | \w+(?:-\w+)* | \$?\d+(?:\.\d+)?%? | \.{3} | [][.,;"'?():_\`-]`,
    ),
    false,
  ],
  ['regexp-gaps', new RegexpTokenizer(String.raw`\s+`, { gaps: true }), false],
  ['treebank', new TreebankWordTokenizer(), true],
  ['nltk-word', new NLTKWordTokenizer(), true],
  ['word', new WordTokenizer(), true],
  ['punkt', englishPunkt(), false],
];

describe('every token is the slice of the text its span covers', () => {
  it.each(tokenizers)('%s', (_, tokenizer, rewritesQuotes) => {
    fc.assert(
      fc.property(text, (input) => {
        let previousEnd = 0;
        for (const token of tokenizer.tokenize(input)) {
          expect(token.start).toBeGreaterThanOrEqual(previousEnd);
          expect(token.end).toBeGreaterThanOrEqual(token.start);
          expect(token.end).toBeLessThanOrEqual(input.length);
          const slice = input.slice(token.start, token.end);
          if (rewritesQuotes && QUOTE_REWRITES.has(token.text)) expect(['"', "''", '``']).toContain(slice);
          else expect(slice).toBe(token.text);
          previousEnd = token.end;
        }
      }),
      { numRuns: 300 },
    );
  });
});

/** A tokenizer with the strings-only and spans-only views of `tokenize`. */
interface WithViews extends Tokenizer {
  words(text: string): string[];
  spanTokenize?(text: string): [number, number][];
}

const withViews: [string, WithViews][] = [
  ['whitespace', new WhitespaceTokenizer()],
  ['wordpunct', new WordPunctTokenizer()],
  ['wordpunct-unicode', new WordPunctTokenizer({ unicodeWord: true })],
  ['regexp \\w+ (scanner)', new RegexpTokenizer(String.raw`\w+`)],
  ['regexp \\s+ gaps (scanner)', new RegexpTokenizer(String.raw`\s+`, { gaps: true })],
  ['regexp book pattern (engine match)', tokenizers[4]![1] as RegexpTokenizer],
  ['regexp one group', new RegexpTokenizer(String.raw`(\w+)'?`)],
  ['regexp gaps kept empty', new RegexpTokenizer(`[,.]`, { gaps: true, discardEmpty: false })],
  ['treebank', new TreebankWordTokenizer()],
  ['nltk-word', new NLTKWordTokenizer()],
  ['word', new WordTokenizer()],
  ['arabic', new ArabicTokenizer()],
  ['arabic-clitics', new ArabicTokenizer({ clitics: true })],
];

describe('words and spanTokenize give exactly the texts and spans of tokenize', () => {
  it.each(withViews)('%s', (_, tokenizer) => {
    fc.assert(
      fc.property(text, (input) => {
        const tokens = tokenizer.tokenize(input);
        expect(tokenizer.words(input)).toEqual(tokens.map((token) => token.text));
        if (tokenizer.spanTokenize)
          expect(tokenizer.spanTokenize(input)).toEqual(tokens.map((token) => [token.start, token.end]));
      }),
      { numRuns: 300 },
    );
  });
});
