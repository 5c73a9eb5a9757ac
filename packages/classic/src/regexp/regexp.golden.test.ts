import type { Tokenizer } from '@tokenlab/core';
import { describe, expect, it } from 'vitest';
import { goldenRows, toUtf16Spans } from '../test-golden.js';
import { RegexpTokenizer, regexpTokenize } from './regexp-tokenizer.js';
import { WhitespaceTokenizer } from './whitespace.js';
import { WordPunctTokenizer } from './wordpunct.js';

function texts(tokenizer: Tokenizer, text: string): string[] {
  return tokenizer.tokenize(text).map((token) => token.text);
}

describe('NLTK golden parity: regexp family', () => {
  it('nltk_whitespace: every row', () => {
    const tokenizer = new WhitespaceTokenizer();
    for (const row of goldenRows<string[]>('nltk_whitespace'))
      expect(texts(tokenizer, row.input), row.id).toEqual(row.expected);
  });

  it('nltk_whitespace_spans: every row', () => {
    const tokenizer = new WhitespaceTokenizer();
    for (const row of goldenRows<[number, number][]>('nltk_whitespace_spans')) {
      const spans = tokenizer.tokenize(row.input).map((t) => [t.start, t.end]);
      expect(spans, row.id).toEqual(toUtf16Spans(row.input, row.expected));
    }
  });

  it('nltk_wordpunct: every row', () => {
    const tokenizer = new WordPunctTokenizer();
    for (const row of goldenRows<string[]>('nltk_wordpunct'))
      expect(texts(tokenizer, row.input), row.id).toEqual(row.expected);
  });

  it('nltk_regexp_word: every row', () => {
    for (const row of goldenRows<string[]>('nltk_regexp_word')) {
      const tokenizer = new RegexpTokenizer(String(row.params!.pattern), { gaps: Boolean(row.params!.gaps) });
      expect(texts(tokenizer, row.input), row.id).toEqual(row.expected);
    }
  });

  it('nltk_regexp_gaps: every row', () => {
    for (const row of goldenRows<string[]>('nltk_regexp_gaps')) {
      const tokenizer = new RegexpTokenizer(String(row.params!.pattern), { gaps: Boolean(row.params!.gaps) });
      expect(texts(tokenizer, row.input), row.id).toEqual(row.expected);
    }
  });

  it('nltk_regexp_verbose: every row, and the seed pattern with its leading space is refused as Python refuses it', () => {
    const rows = goldenRows<string[]>('nltk_regexp_verbose');
    for (const row of rows)
      expect(regexpTokenize(row.input, String(row.params!.pattern)), row.id).toEqual(row.expected);
    const asWritten = String(rows[0]!.params!.pattern_as_written_in_seed);
    expect(() => regexpTokenize('x', asWritten)).toThrow(
      /global flags not at the start of the expression at position 1/,
    );
  });
});
