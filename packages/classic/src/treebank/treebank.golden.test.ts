import { describe, expect, it } from 'vitest';
import { goldenRows, toUtf16Spans } from '../test-golden.js';
import { TreebankWordDetokenizer } from './detokenizer.js';
import { NLTKWordTokenizer } from './nltk-word-tokenizer.js';
import { TreebankWordTokenizer } from './treebank-tokenizer.js';

describe('NLTK golden parity: Treebank family', () => {
  it('nltk_treebank: every row', () => {
    const tokenizer = new TreebankWordTokenizer();
    for (const row of goldenRows<string[]>('nltk_treebank'))
      expect(tokenizer.words(row.input), row.id).toEqual(row.expected);
  });

  it('nltk_treebank_spans: every row (code point spans converted to UTF-16)', () => {
    const tokenizer = new TreebankWordTokenizer();
    for (const row of goldenRows<[number, number][]>('nltk_treebank_spans'))
      expect(tokenizer.spanTokenize(row.input), row.id).toEqual(toUtf16Spans(row.input, row.expected));
  });

  it('nltk_nltkword: every row', () => {
    const tokenizer = new NLTKWordTokenizer();
    for (const row of goldenRows<string[]>('nltk_nltkword'))
      expect(tokenizer.words(row.input), row.id).toEqual(row.expected);
  });

  it('nltk_treebank_detok: every row', () => {
    const tokenizer = new TreebankWordTokenizer();
    const detokenizer = new TreebankWordDetokenizer();
    for (const row of goldenRows<string>('nltk_treebank_detok'))
      expect(detokenizer.detokenize(tokenizer.words(row.input)), row.id).toEqual(row.expected);
  });
});
