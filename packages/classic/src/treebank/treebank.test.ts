import { describe, expect, it } from 'vitest';
import { TreebankWordDetokenizer } from './detokenizer.js';
import { NLTKWordTokenizer } from './nltk-word-tokenizer.js';
import { TreebankWordTokenizer } from './treebank-tokenizer.js';

describe('Treebank tokenizers (NLTK docstring vectors)', () => {
  const treebank = new TreebankWordTokenizer();

  it('splits only the final period, contractions and punctuation', () => {
    expect(
      treebank.words('Good muffins cost $3.88\nin New York.  Please buy me\ntwo of them.\nThanks.'),
    ).toEqual([
      'Good',
      'muffins',
      'cost',
      '$',
      '3.88',
      'in',
      'New',
      'York.',
      'Please',
      'buy',
      'me',
      'two',
      'of',
      'them.',
      'Thanks',
      '.',
    ]);
    expect(treebank.words("hi, my name can't hello,")).toEqual([
      'hi',
      ',',
      'my',
      'name',
      'ca',
      "n't",
      'hello',
      ',',
    ]);
  });

  it('converts parentheses on request', () => {
    expect(new TreebankWordTokenizer({ convertParentheses: true }).words('a (b) [c]')).toEqual([
      'a',
      '-LRB-',
      'b',
      '-RRB-',
      '-LSB-',
      'c',
      '-RSB-',
    ]);
  });

  it("keeps the rewritten quote's text but spans the source quote", () => {
    const tokens = treebank.tokenize('"Hi," she said.');
    expect(tokens.map((t) => t.text)).toEqual(['``', 'Hi', ',', "''", 'she', 'said', '.']);
    expect(tokens.map((t) => [t.start, t.end])).toEqual([
      [0, 1],
      [1, 3],
      [3, 4],
      [4, 5],
      [6, 9],
      [10, 14],
      [14, 15],
    ]);
  });

  it('NLTKWordTokenizer splits Unicode quotes, ellipses and stars', () => {
    expect(new NLTKWordTokenizer().words('«Hello», he said... *twice*.')).toEqual([
      '«',
      'Hello',
      '»',
      ',',
      'he',
      'said',
      '...',
      '*',
      'twice',
      '*',
      '.',
    ]);
  });

  it('detokenizes back to text', () => {
    const detokenizer = new TreebankWordDetokenizer();
    expect(
      detokenizer.detokenize(treebank.words("hello, i can't feel; my feet! Help!! He said: Help, help?!")),
    ).toBe("hello, i can't feel; my feet! Help!! He said: Help, help?!");
    expect(detokenizer.detokenize(['-LRB-', 'a', '-RRB-'], { convertParentheses: true })).toBe('(a)');
  });

  it('copes with empty and whitespace-only input', () => {
    expect(treebank.tokenize('')).toEqual([]);
    expect(treebank.tokenize(' \n\t ')).toEqual([]);
    expect(new TreebankWordDetokenizer().detokenize([])).toBe('');
  });
});
