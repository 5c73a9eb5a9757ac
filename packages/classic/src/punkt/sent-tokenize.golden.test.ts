import { describe, expect, it } from 'vitest';
import { goldenRows } from '../test-golden.js';
import { sentTokenize } from './sent-tokenize.js';
import { wordTokenize } from './word-tokenize.js';

describe('NLTK golden parity: Punkt', () => {
  it('nltk_sent_tokenize: every row', () => {
    for (const row of goldenRows<string[]>('nltk_sent_tokenize'))
      expect(sentTokenize(row.input), row.id).toEqual(row.expected);
  });
});

describe('NLTK golden parity: word_tokenize', () => {
  it('nltk_word_tokenize: every row', () => {
    for (const row of goldenRows<string[]>('nltk_word_tokenize'))
      expect(wordTokenize(row.input), row.id).toEqual(row.expected);
  });
});
