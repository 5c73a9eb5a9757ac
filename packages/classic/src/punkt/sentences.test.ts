import { describe, expect, it } from 'vitest';
import { englishPunkt, loadPunktModel } from './models.js';
import { sentTokenize } from './sent-tokenize.js';
import { WordTokenizer, wordTokenize } from './word-tokenize.js';

describe('Punkt sentences', () => {
  it('keeps abbreviations and initials inside sentences', () => {
    expect(sentTokenize('Mr. Smith went to Washington. He arrived at 5 p.m. on Monday.')).toEqual([
      'Mr. Smith went to Washington.',
      'He arrived at 5 p.m. on Monday.',
    ]);
  });

  it('gives spans into the text, closing quotes included in the sentence', () => {
    const text = '"Stop." She did.  ';
    const spans = englishPunkt().spanTokenize(text);
    expect(spans.map(([start, end]) => text.slice(start, end))).toEqual(['"Stop."', 'She did.']);
  });

  it('handles empty, whitespace-only and lone-surrogate input', () => {
    expect(sentTokenize('')).toEqual([]);
    expect(sentTokenize(' \n\t ')).toEqual([]);
    expect(sentTokenize('A \ud800. B.')).toEqual(['A \ud800.', 'B.']);
  });

  it('splits a 5 MB single line in linear time without recursion', () => {
    const text = 'Word word word. '.repeat(320_000);
    const sentences = sentTokenize(text);
    expect(sentences).toHaveLength(320_000);
    expect(sentTokenize('x'.repeat(5_000_000))).toHaveLength(1);
  });

  it('ships an Arabic model that ends sentences at the Arabic question mark', async () => {
    const arabic = await loadPunktModel('arabic');
    expect(arabic.sentences('هل ذهبت إلى السوق؟ نعم، ذهبت. واشتريت خبزاً!')).toEqual([
      'هل ذهبت إلى السوق؟',
      'نعم، ذهبت.',
      'واشتريت خبزاً!',
    ]);
    expect(arabic.params.sentStarters.size).toBeGreaterThan(0);
  });

  it('refuses unknown model names', async () => {
    await expect(loadPunktModel('klingon' as 'english')).rejects.toThrow(/unknown Punkt model 'klingon'/);
  });
});

describe('wordTokenize', () => {
  it('composes sentences and NLTKWordTokenizer, with spans into the whole text', () => {
    const text = 'Hi there. "Bye," he said.';
    const tokens = new WordTokenizer().tokenize(text);
    expect(tokens.map((t) => t.text)).toEqual([
      'Hi',
      'there',
      '.',
      '``',
      'Bye',
      ',',
      "''",
      'he',
      'said',
      '.',
    ]);
    for (const token of tokens)
      if (!['``', "''"].includes(token.text)) expect(text.slice(token.start, token.end)).toBe(token.text);
    expect(wordTokenize('a. b.', { preserveLine: true })).toEqual(['a.', 'b', '.']);
  });
});
