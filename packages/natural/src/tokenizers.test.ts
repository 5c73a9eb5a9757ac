import { ArabicTokenizer } from '@tokenlab/classic';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { recoverSpans } from './spans.js';
import {
  naturalAggressiveTokenizer,
  naturalSentenceTokenizer,
  naturalTreebankTokenizer,
  naturalWordPunctTokenizer,
  naturalWordTokenizer,
} from './tokenizers.js';

const ALL = [
  naturalWordTokenizer(),
  naturalWordPunctTokenizer(),
  naturalTreebankTokenizer(),
  naturalAggressiveTokenizer(),
  naturalSentenceTokenizer(),
];
const texts = (tokens: { text: string }[]) => tokens.map((token) => token.text);

describe('natural tokenizers behind the Tokenizer interface', () => {
  it('have the CLI names', () => {
    expect(ALL.map((tokenizer) => tokenizer.name)).toEqual([
      'natural-word',
      'natural-wordpunct',
      'natural-treebank',
      'natural-aggressive',
      'natural-sentence',
    ]);
  });

  it('return natural’s tokens, with spans that slice back to them', () => {
    const text = 'Mr. Smith can\'t stop. "Really?" state-of-the-art 3.5% e-mail';
    expect(texts(naturalTreebankTokenizer().tokenize(text))).toEqual(
      naturalTreebankTokenizer().tokenizeToStrings(text),
    );
    expect(texts(naturalWordTokenizer().tokenize(text))).toEqual([
      'Mr',
      'Smith',
      'can',
      't',
      'stop',
      'Really',
      'state',
      'of',
      'the',
      'art',
      '3',
      '5',
      'e',
      'mail',
    ]);
    expect(texts(naturalSentenceTokenizer().tokenize('Hi there. Bye!'))).toEqual(['Hi there.', 'Bye!']);
    for (const tokenizer of ALL) {
      for (const token of tokenizer.tokenize(text))
        expect(text.slice(token.start, token.end)).toBe(token.text);
    }
  });

  it('give spans for every token on any text (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (text) => {
        for (const tokenizer of ALL) {
          let last = 0;
          for (const token of tokenizer.tokenize(text)) {
            expect(text.slice(token.start, token.end)).toBe(token.text);
            expect(token.start).toBeGreaterThanOrEqual(last);
            last = token.end;
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it('return nothing for empty text, and only natural’s own quirks for whitespace', () => {
    for (const tokenizer of ALL) expect(tokenizer.tokenize('')).toEqual([]);
    for (const tokenizer of ALL.filter((t) => t.name !== 'natural-wordpunct')) {
      expect(tokenizer.tokenize('  \n ')).toEqual([]);
    }
    // WordPunctTokenizer drops only '' and ' ' between its matches, so a newline is a token.
    expect(naturalWordPunctTokenizer().tokenize('  \n ')).toEqual([{ text: '\n', start: 2, end: 3 }]);
  });
});

describe('natural on Arabic, next to ArabicTokenizer', () => {
  const input = 'محمدٌ سيد #الكونين بنور محمد-النَّبي الأمي';
  const ours = texts(new ArabicTokenizer().tokenize(input));

  it('WordTokenizer and AggressiveTokenizer drop the Arabic entirely', () => {
    expect(naturalWordTokenizer().tokenize(input)).toEqual([]);
    // Only the hyphen survives, as it is an AggressiveTokenizer word character.
    expect(texts(naturalAggressiveTokenizer().tokenize(input))).toEqual(['-']);
    expect(ours).toEqual(['محمدٌ', 'سيد', '#', 'الكونين', 'بنور', 'محمد-النَّبي', 'الأمي']);
  });

  it('TreebankWordTokenizer and WordPunctTokenizer cut Arabic words into letters and marks', () => {
    expect(texts(naturalTreebankTokenizer().tokenize('محمد-النَّبي'))).toEqual([
      'م',
      'ح',
      'م',
      'د',
      '-',
      'ا',
      'ل',
      'ن',
      'َ',
      'ّ',
      'ب',
      'ي',
    ]);
    expect(texts(naturalWordPunctTokenizer().tokenize('محمد'))).toEqual(['م', 'ح', 'م', 'د']);
  });
});

describe('recoverSpans', () => {
  it('finds tokens in order and gives a rewritten token an empty span', () => {
    const { tokens, unmatched } = recoverSpans('say "hi" now', ['say', '``', 'hi', "''", 'now']);
    expect(unmatched).toBe(2);
    expect(tokens).toEqual([
      { text: 'say', start: 0, end: 3 },
      { text: '``', start: 3, end: 3 },
      { text: 'hi', start: 5, end: 7 },
      { text: "''", start: 7, end: 7 },
      { text: 'now', start: 9, end: 12 },
    ]);
  });
});

describe('text that is not a string', () => {
  it('is refused by name, before natural sees it', () => {
    for (const tokenizer of ALL)
      for (const value of [42, null, new TextEncoder().encode('hi')]) {
        expect(() => tokenizer.tokenize(value as never)).toThrow(
          `${tokenizer.name}.tokenize: expected the text as a string, got `,
        );
        expect(() => tokenizer.tokenizeToStrings(value as never)).toThrow(
          `${tokenizer.name}.tokenizeToStrings: expected the text as a string, got `,
        );
      }
  });
});
