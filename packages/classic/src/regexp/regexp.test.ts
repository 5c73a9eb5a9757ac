import { describe, expect, it } from 'vitest';
import { BlanklineTokenizer } from './blankline.js';
import { RegexpTokenizer, regexpTokenize } from './regexp-tokenizer.js';
import { WhitespaceTokenizer } from './whitespace.js';
import { WordPunctTokenizer } from './wordpunct.js';

const texts = (tokens: { text: string }[]) => tokens.map((token) => token.text);

describe('regexp family', () => {
  it('yields the group of a one-group pattern, with the group span (NLTK doctest)', () => {
    expect(regexpTokenize('aabbbcccc', '(.)\\1')).toEqual(['a', 'b', 'c', 'c']);
    const tokens = new RegexpTokenizer(String.raw`\$(\d+)`).tokenize('pay $12 now');
    expect(tokens).toEqual([{ text: '12', start: 5, end: 7 }]);
  });

  it('refuses several groups, since NLTK would return tuples', () => {
    expect(() => new RegexpTokenizer(String.raw`(\w)(\w)`)).toThrow(/2 capturing groups.*\(\?:\.\.\.\)/);
  });

  it('uses NLTK default flags: MULTILINE and DOTALL', () => {
    expect(regexpTokenize('ab\ncd', '^\\w')).toEqual(['a', 'c']);
    expect(regexpTokenize('a\nb', 'a.b')).toEqual(['a\nb']);
  });

  it('keeps empty pieces with discardEmpty: false, and split groups with gaps', () => {
    expect(texts(new RegexpTokenizer(',', { gaps: true, discardEmpty: false }).tokenize('a,,b'))).toEqual([
      'a',
      '',
      'b',
    ]);
    expect(texts(new RegexpTokenizer('(,)', { gaps: true }).tokenize('a,b'))).toEqual(['a', ',', 'b']);
  });

  it('gives the same tokens through the scanners as through the RegExp', () => {
    const text = 'Hello, wörld_1 ٣٤ محمد-النَّبي!! \u0085 x\u00a0y';
    expect(texts(new RegexpTokenizer(String.raw`\w+`).tokenize(text))).toEqual(
      texts(new RegexpTokenizer(String.raw`(?:\w)+`).tokenize(text)),
    );
    expect(texts(new WordPunctTokenizer().tokenize(text))).toEqual(
      texts(new RegexpTokenizer(String.raw`(?:\w+|[^\w\s]+)`).tokenize(text)),
    );
    expect(texts(new WhitespaceTokenizer().tokenize(text))).toEqual(
      texts(new RegexpTokenizer(String.raw`(?:\s)+`, { gaps: true }).tokenize(text)),
    );
  });

  it('splits paragraphs on blank lines', () => {
    const tokens = new BlanklineTokenizer().tokenize('one\ntwo\n \t\nthree\n\n\n');
    expect(tokens).toEqual([
      { text: 'one\ntwo', start: 0, end: 7 },
      { text: 'three', start: 11, end: 16 },
    ]);
  });

  it('keeps Arabic marks inside words in Unicode-correct mode', () => {
    expect(texts(new WordPunctTokenizer().tokenize('ذَهَبَ'))).toEqual(['ذ', 'َ', 'ه', 'َ', 'ب', 'َ']);
    expect(texts(new WordPunctTokenizer({ unicodeWord: true }).tokenize('ذَهَبَ،'))).toEqual(['ذَهَبَ', '،']);
    expect(regexpTokenize('محمد-النَّبي', String.raw`\w+`, { unicodeWord: true })).toEqual(['محمد', 'النَّبي']);
  });
});
